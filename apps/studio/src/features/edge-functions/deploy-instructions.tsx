import type { ReactNode } from 'react';
import { Code2, Plus, Terminal, Webhook, Zap } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { CodeBlock } from '../../components/ui/code-block.tsx';
import { NO_DEPLOY_PERMISSION } from './edge-functions-access.ts';

/** The platform's Management API, served at this origin's /api/v1 (Supabase's /v1 shapes). */
function managementApiUrl(): string {
  return `${location.origin}/api`;
}

/** Plinth's own command line (scripts/admin.mjs), run from a checkout of Plinth. */
function folderCommands(projectRef: string): string {
  return [
    '# A personal access token of this Plinth: POST /api/platform/profile/access-tokens',
    `export PLINTH_URL=${location.origin}`,
    'export PLINTH_ACCESS_TOKEN=sbp_your_token',
    '# Every subfolder with an index.ts is deployed under its folder name',
    `npm run admin -- deploy-functions ${projectRef} supabase/functions`,
  ].join('\n');
}

function apiCommand(projectRef: string): string {
  return [
    `curl -X POST '${managementApiUrl()}/v1/projects/${projectRef}/functions/deploy?slug=hello' \\`,
    '  -H "Authorization: Bearer $SUPABASE_ACCESS_TOKEN" \\',
    `  -F 'metadata={"entrypoint_path":"index.ts","name":"hello","verify_jwt":true}' \\`,
    '  -F file=@index.ts',
  ].join('\n');
}

function Way({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 rounded-lg border border-line bg-surface p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-fg">
        <span className="text-fg-muted [&>svg]:size-4">{icon}</span>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The empty list: what edge functions are and the three ways to deploy one. */
export function DeployInstructions({ projectRef, canCreate }: { projectRef: string; canCreate: boolean }) {
  return (
    <div className="space-y-4" data-testid="functions-empty">
      <div className="flex flex-col items-center rounded-lg border border-dashed border-line-strong px-6 py-10 text-center">
        <div className="mb-4 flex size-11 items-center justify-center rounded-full bg-surface-3 text-fg-muted">
          <Zap className="size-5" />
        </div>
        <h2 className="text-sm font-semibold text-fg">Deploy your first edge function</h2>
        <p className="mt-1.5 max-w-lg text-sm text-fg-muted">
          Edge functions are server-side TypeScript run on Deno, written as Supabase functions are (Deno.serve, npm: imports). Each one answers at this
          project's URL under /functions/v1/&lt;name&gt;. Deploy one in any of these three ways.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Way icon={<Code2 />} title="In the studio's editor">
          <p className="text-sm text-fg-muted">Start from a template (hello world, database access, storage upload, webhooks, streaming), edit it in the browser and deploy.</p>
          {canCreate ? (
            <ButtonLink to={`/project/${projectRef}/functions/new`} variant="primary" size="sm" icon={<Plus className="size-3.5" />}>
              Open the editor
            </ButtonLink>
          ) : (
            <p className="text-xs text-fg-subtle">{NO_DEPLOY_PERMISSION}</p>
          )}
        </Way>
        <Way icon={<Terminal />} title="From a folder">
          <p className="text-sm text-fg-muted">Deploy a Supabase project's functions folder as it is, with Plinth's command line and an access token.</p>
          <CodeBlock code={folderCommands(projectRef)} language="bash" testId="functions-cli-snippet" />
        </Way>
        <Way icon={<Webhook />} title="With the Management API (as the Supabase CLI sends it)">
          <p className="text-sm text-fg-muted">POST the files as multipart: a metadata field (JSON) and one file part per source file.</p>
          <CodeBlock code={apiCommand(projectRef)} language="bash" testId="functions-api-snippet" />
        </Way>
      </div>
    </div>
  );
}
