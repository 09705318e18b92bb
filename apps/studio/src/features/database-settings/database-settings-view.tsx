import { Action, Resource } from '@plinth/permissions';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useDatabaseSettingsQuery } from '../../data/database-settings/database-settings-query.ts';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { formatSize } from '../../lib/format.ts';
import { ConnectionStringsView } from './connection-strings-view.tsx';
import { NetworkRestrictionsPanel } from './network-restrictions-panel.tsx';
import { PoolSettingsPanel } from './pool-settings-panel.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { SslEnforcementPanel } from './ssl-enforcement-panel.tsx';

/** Settings > Database: connection strings, the password, pooling, SSL, network restrictions and disk usage. */
export function DatabaseSettingsView({ projectRef }: { projectRef: string }) {
  const settings = useDatabaseSettingsQuery(projectRef);
  const canUpdate = useProjectCan(projectRef, Action.UPDATE, Resource.PROJECTS);
  const [isResetOpen, setIsResetOpen] = useState(false);
  const readOnlyReason = canUpdate ? null : 'You need additional permissions to update database settings';

  if (settings.isPending) return <SkeletonRows rows={8} />;
  if (settings.isError) return <ErrorState error={settings.error} title="Failed to retrieve database settings" onRetry={() => void settings.refetch()} />;
  const data = settings.data;

  return (
    <div className="space-y-6" data-testid="database-settings">
      <Panel title="Connection string" description="Connect to your database from psql, ORMs and migration tools." testId="connection-string-panel">
        <ConnectionStringsView settings={data} />
      </Panel>
      <Panel
        title="Database password"
        description="The password of the postgres user in every connection string above. Resetting it disconnects nothing already connected, but new connections need the new one."
        testId="database-password-panel"
        actions={
          <DisabledTooltip isDisabled={!!readOnlyReason} content={readOnlyReason}>
            <Button size="sm" variant="outline" disabled={!!readOnlyReason} onClick={() => setIsResetOpen(true)} data-testid="reset-db-password">
              Reset database password
            </Button>
          </DisabledTooltip>
        }
      />
      <ResetPasswordDialog projectRef={projectRef} open={isResetOpen} onOpenChange={setIsResetOpen} />
      <PoolSettingsPanel projectRef={projectRef} settings={data} readOnlyReason={readOnlyReason} />
      <SslEnforcementPanel projectRef={projectRef} isEnforced={data.ssl_enforced} isTlsAvailable={data.tls_available} readOnlyReason={readOnlyReason} />
      <NetworkRestrictionsPanel projectRef={projectRef} cidrs={data.allowed_cidrs} readOnlyReason={readOnlyReason} />
      <Panel title="Disk usage" description="The size of the project's database (tables, indexes and their overhead)." testId="disk-usage-panel">
        <p className="text-2xl font-semibold text-fg" data-testid="database-size">{formatSize(data.database_size_bytes)}</p>
      </Panel>
    </div>
  );
}
