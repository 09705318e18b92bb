import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { NO_KEYS_PERMISSION } from '../../api-settings/key-messages.ts';
import { DocsBlock, DocsHeader } from '../docs-article.tsx';
import { SnippetGroupView } from '../snippet-group-view.tsx';
import { initSnippet } from '../snippets/connect-snippets.ts';
import type { SectionProps } from './section-props.ts';

function KeyRow({ label, description, value, shown, message, testId }: { label: string; description: string; value: string; shown: string; message?: string; testId: string }) {
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-fg">{label}</p>
      <div className="flex min-w-0 items-center gap-2">
        <code data-testid={testId} className="min-w-0 flex-1 truncate rounded-md border border-line bg-surface-2 px-3 py-2 font-mono text-xs text-fg" title={message ? undefined : shown}>
          {message ?? shown}
        </code>
        {!message && <CopyButton value={value} />}
      </div>
      <p className="text-xs text-fg-subtle">{description}</p>
    </div>
  );
}

const mask = (key: string) => (key ? `${key.slice(0, 12)}${'•'.repeat(24)}` : '');

/** Connect: the project URL and keys, each with Copy, and how to create the client. */
export function ConnectSection({ data, language }: SectionProps) {
  const isShown = data.context.anonKey !== null;
  return (
    <>
      <DocsHeader
        title="Connect to your project"
        description={
          <p>
            Every project has a RESTful endpoint; use it with the project's API key to query and manage your database. Put these values in your
            .env file. 'Show keys' puts the real keys into the examples; keep that off while sharing your screen.
          </p>
        }
      />
      <DocsBlock id="connect-keys" title="Project URL and keys">
        <div className="space-y-4">
          <KeyRow label="Project URL" description="createClient() takes this URL." value={data.url} shown={data.url} testId="docs-project-url" />
          <KeyRow
            label="Client API key"
            description="This key is safe to use in a browser if you have enabled Row Level Security for your tables and configured policies."
            value={data.anonKey}
            shown={isShown ? data.anonKey : mask(data.anonKey)}
            testId="docs-anon-key"
          />
          <KeyRow
            label="Service key"
            description="This key has the ability to bypass Row Level Security. Never share it publicly; use it only on a server."
            value={data.serviceKey}
            shown={data.context.serviceKey ?? mask(data.serviceKey)}
            message={data.canReadServiceKey && data.serviceKey ? undefined : NO_KEYS_PERMISSION}
            testId="docs-service-key"
          />
        </div>
      </DocsBlock>
      <SnippetGroupView
        language={language}
        group={{
          id: 'client-library',
          title: 'Client library',
          description:
            language === 'js'
              ? 'Install @supabase/supabase-js from npm: Plinth speaks its wire protocol, so the official client works unchanged.'
              : 'The curl examples read the key from SUPABASE_KEY; export it once in your shell.',
          snippets: [initSnippet(data.context)],
        }}
      />
    </>
  );
}
