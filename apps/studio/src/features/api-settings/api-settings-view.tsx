import { Action, can, Resource } from '@plinth/permissions';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { hasApiKeys, useApiSettingsQuery } from '../../data/api-settings/api-settings-query.ts';
import { useOrganizationRole } from '../../data/permissions/can.ts';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { projectApiUrl } from '../project-home/project-api-panel.tsx';
import { ApiKeysPanel } from './api-keys-panel.tsx';
import { CustomDomainPanel } from './custom-domain-panel.tsx';
import { DataApiSettingsPanel } from './data-api-settings-panel.tsx';
import { ProjectConfigurationPanel } from './project-configuration-panel.tsx';
import { PublishableSecretKeysPanel } from './publishable-secret-keys-panel.tsx';
import { SigningKeysPanel } from './signing-keys-panel.tsx';
import { useJwtSecretWatcher } from './use-jwt-secret-watcher.ts';

/**
 * Settings > API: URL, legacy keys and JWT secret, publishable and secret API keys, JWT signing keys,
 * the Data API settings and the custom domain.
 */
export function ApiSettingsView({ projectRef }: { projectRef: string }) {
  const project = useProjectQuery(projectRef);
  const { role } = useOrganizationRole(project.data?.organization_slug);
  const settings = useApiSettingsQuery(projectRef);
  const jwtStatus = useJwtSecretWatcher(projectRef);
  const canReadKeys = can(role, Action.READ, Resource.SERVICE_API_KEYS);
  const canUpdateKeys = can(role, Action.UPDATE, Resource.SERVICE_API_KEYS);

  if (settings.isError) return <ErrorState error={settings.error} title="Failed to retrieve API keys" onRetry={() => void settings.refetch()} />;
  // Keys are created with the project; the settings are polled every 2 s until they exist.
  if (!settings.data || !hasApiKeys(settings.data)) return <LoadingArea label="Loading API settings" />;

  return (
    <div className="space-y-6">
      <ProjectConfigurationPanel
        projectRef={projectRef}
        settings={settings.data}
        canReadKeys={canReadKeys}
        canRotate={canUpdateKeys}
        jwtStatus={jwtStatus}
      />
      <ApiKeysPanel settings={settings.data} canReadKeys={canReadKeys} jwtStatus={jwtStatus} />
      <PublishableSecretKeysPanel projectRef={projectRef} canReadKeys={canReadKeys} canUpdate={canUpdateKeys} />
      <SigningKeysPanel projectRef={projectRef} projectUrl={projectApiUrl(projectRef, settings.data)} canUpdate={canUpdateKeys} />
      <DataApiSettingsPanel projectRef={projectRef} canUpdate={can(role, Action.TENANT_SQL_ADMIN_WRITE, Resource.SQL)} />
      <CustomDomainPanel projectRef={projectRef} projectUrl={projectApiUrl(projectRef, settings.data)} />
    </div>
  );
}
