import { can, Action, Resource } from '@plinth/permissions';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { useMemo, useState } from 'react';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { useApiSettingsQuery } from '../../data/api-settings/api-settings-query.ts';
import { useOrganizationRole } from '../../data/permissions/can.ts';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { projectApiUrl } from '../project-home/project-api-panel.tsx';

type Role = 'anon' | 'service_role';

const DEFAULT_QUERY = `# Each table in the exposed schemas is a collection, e.g.
# {
#   todosCollection(first: 10) {
#     edges { node { id } }
#   }
# }
`;

/** A fetcher for GraphiQL: the project's /graphql/v1 with the chosen role's key, as an app would call it. */
export function graphqlFetcher(url: string, key: string) {
  return async (params: unknown) => {
    const response = await fetch(`${url}/graphql/v1`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    return response.json();
  };
}

/** GraphiQL against the project's GraphQL API; a member who may read the service key can switch to it. */
export function GraphiqlView({ projectRef }: { projectRef: string }) {
  const project = useProjectQuery(projectRef);
  const { role: memberRole } = useOrganizationRole(project.data?.organization_slug);
  const settings = useApiSettingsQuery(projectRef);
  const canUseServiceKey = can(memberRole, Action.READ, Resource.SERVICE_API_KEYS);
  const [role, setRole] = useState<Role>('anon');
  const url = projectApiUrl(projectRef, settings.data);
  const anonKey = settings.data?.autoApiService.defaultApiKey ?? '';
  const serviceKey = canUseServiceKey ? (settings.data?.autoApiService.serviceApiKey ?? '') : '';
  const key = role === 'service_role' && serviceKey ? serviceKey : anonKey;
  const fetcher = useMemo(() => graphqlFetcher(url, key), [url, key]);

  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => settings.refetch()} />;
  if (!settings.data) return <LoadingArea />;
  return (
    <div className="flex h-full flex-col" data-testid="graphiql-page">
      {serviceKey && (
        <div className="flex items-center gap-2 border-b border-line px-4 py-2 text-sm">
          <span className="text-fg-muted">Role</span>
          <SegmentedControl label="Role" options={[{ value: 'anon', label: 'anon' }, { value: 'service_role', label: 'service_role' }]} value={role} onChange={setRole} />
        </div>
      )}
      <div className="min-h-0 flex-1">
        {/* A new fetcher makes GraphiQL introspect again: the schema (and its docs) differ per role. */}
        <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} />
      </div>
    </div>
  );
}
