import type { ProjectSettings } from '@plinth/api-contract';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useProjectSettingsQuery } from '../../data/projects/project-settings-query.ts';
import { projectPublicUrl } from '../../lib/constants.ts';

/** The URL apps pass to createClient(): the settings' API endpoint, else this origin's /p/{ref}. */
export function projectApiUrl(ref: string, settings: ProjectSettings | undefined): string {
  const endpoint = settings?.autoApiService.endpoint?.replace(/\/+$/, '');
  if (!endpoint) return projectPublicUrl(ref);
  if (/^https?:\/\//.test(endpoint)) return endpoint;
  return `${settings?.autoApiService.protocol || 'http'}://${endpoint}`;
}

function CopyRow({ label, value, description, testId }: { label: string; value: string; description?: string; testId: string }) {
  return (
    <div className="grid gap-2 py-4 first:pt-0 last:pb-0 md:grid-cols-[180px_1fr] md:gap-6">
      <div>
        <p className="text-sm font-medium text-fg">{label}</p>
        {description && <p className="mt-0.5 text-xs text-fg-subtle">{description}</p>}
      </div>
      <div className="flex min-w-0 items-center gap-2">
        <code data-testid={testId} className="min-w-0 flex-1 truncate rounded-md border border-line bg-surface-2 px-3 py-2 font-mono text-xs text-fg" title={value}>
          {value}
        </code>
        <CopyButton value={value} />
      </div>
    </div>
  );
}

export function ProjectApiPanel({ projectRef, isEnabled }: { projectRef: string; isEnabled: boolean }) {
  const settings = useProjectSettingsQuery(projectRef, { enabled: isEnabled });
  const url = projectApiUrl(projectRef, settings.data);
  const anonKey = settings.data?.autoApiService.defaultApiKey ?? '';

  return (
    <Panel
      title="Project API"
      description="Your API is secured behind an API gateway which requires an API key for every request."
      testId="project-api-panel"
    >
      {!isEnabled ? (
        <p className="text-sm text-fg-muted">The project URL and API keys are available while the project is running.</p>
      ) : settings.isPending ? (
        <SkeletonRows rows={2} />
      ) : settings.isError ? (
        <ErrorState error={settings.error} title="Failed to retrieve API keys" onRetry={() => void settings.refetch()} />
      ) : (
        <div className="divide-y divide-line">
          <CopyRow label="Project URL" value={url} description="A RESTful endpoint for querying and managing your database." testId="project-url" />
          <CopyRow
            label="API Key"
            value={anonKey}
            description="anon · public. Safe to use in a browser if you have enabled Row Level Security for your tables."
            testId="anon-key"
          />
          <div className="pt-4">
            <p className="mb-2 text-xs text-fg-subtle">Connect with supabase-js</p>
            <pre className="overflow-x-auto rounded-md border border-line bg-canvas p-3 font-mono text-xs leading-relaxed text-fg-muted">
              <span className="text-info">import</span> {'{ createClient }'} <span className="text-info">from</span>{' '}
              <span className="text-brand">'@supabase/supabase-js'</span>
              {'\n\n'}
              <span className="text-info">const</span> supabase = createClient(<span className="text-brand">'{url}'</span>,{' '}
              <span className="text-brand">'{anonKey.slice(0, 16)}…'</span>)
            </pre>
          </div>
        </div>
      )}
    </Panel>
  );
}
