import { useState } from 'react';
import { Cable, Download, Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { ForeignServer, WrapperForeignTable } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { useEnableWrappersMutation } from '../../data/wrappers/wrappers-mutations.ts';
import { useWrappersQuery } from '../../data/wrappers/wrappers-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { ForeignTablesTable, ServersTable } from './wrappers-tables.tsx';
import { ImportPanel } from './import-panel.tsx';
import { ServerPanel } from './server-panel.tsx';

/**
 * Database > Wrappers: postgres_fdw's foreign servers and the foreign tables read through them.
 * Enabling creates postgres_fdw (on the local and postgres engines the platform does it as the
 * superuser, on the owner's behalf); servers, imports and drops then run as the owner.
 */
export function WrappersView({ projectRef }: { projectRef: string }) {
  const status = useWrappersQuery(projectRef);
  const engine = useProjectQuery(projectRef).data?.engine;
  const canWrite = useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_WRITE, Resource.TABLES);
  const enable = useEnableWrappersMutation(projectRef);

  if (status.isLoading) return <SkeletonRows rows={3} />;
  if (status.isError || !status.data) return <ErrorState error={status.error} title="Failed to retrieve foreign data wrappers" onRetry={() => void status.refetch()} />;
  if (!status.data.available) {
    return (
      <EmptyState
        icon={<Cable />}
        title="Foreign data wrappers are not available on this project"
        description={engine === 'embedded'
          ? 'This project runs on the embedded engine: PGlite ships no foreign data wrapper. Move the project to the local engine (export and import its database) to use postgres_fdw.'
          : 'This project\u2019s database server has no postgres_fdw extension.'}
        testId="wrappers-unavailable"
      />
    );
  }
  if (!status.data.enabled) {
    return (
      <EmptyState
        icon={<Cable />}
        title="postgres_fdw is not enabled"
        description="Enable postgres_fdw to query tables of another Postgres database as foreign tables of this one. Connections to other databases always use a password."
        testId="wrappers-disabled"
        actions={canWrite ? (
          <Button
            variant="primary"
            isLoading={enable.isPending}
            data-testid="wrappers-enable"
            onClick={() => enable.mutate(undefined, {
              onSuccess: () => toast.success('Successfully enabled postgres_fdw'),
              onError: (error) => toast.error(`Failed to enable postgres_fdw: ${errorMessage(error)}`),
            })}
          >
            Enable postgres_fdw
          </Button>
        ) : <NoPermission action="enable foreign data wrappers" />}
      />
    );
  }
  return <Wrappers projectRef={projectRef} canWrite={canWrite} servers={status.data.servers} tables={status.data.foreign_tables} />;
}

function Wrappers({ projectRef, canWrite, servers, tables }: { projectRef: string; canWrite: boolean; servers: ForeignServer[]; tables: WrapperForeignTable[] }) {
  const [isCreating, setIsCreating] = useState(false);
  const [importing, setImporting] = useState<string | null>(null);

  return (
    <div className="space-y-8" data-testid="wrappers">
      <section className="space-y-3">
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-base font-medium text-fg">Foreign servers</h2>
          {canWrite && (
            <Button variant="primary" icon={<Plus className="size-3.5" aria-hidden />} onClick={() => setIsCreating(true)} data-testid="wrappers-create-server">
              Add server
            </Button>
          )}
        </div>
        {!canWrite && <NoPermission action="add, import into or drop foreign servers" />}
        {servers.length === 0 ? (
          <EmptyState icon={<Cable />} title="No foreign servers yet" description="Add a server: another Postgres database's host, port, database, user and password." testId="wrappers-servers-empty" />
        ) : (
          <ServersTable projectRef={projectRef} servers={servers} canWrite={canWrite} onImport={setImporting} />
        )}
      </section>
      <section className="space-y-3">
        <h2 className="text-base font-medium text-fg">Foreign tables</h2>
        {tables.length === 0 ? (
          <EmptyState
            icon={<Download />}
            title="No foreign tables yet"
            description="Import a remote schema (or some of its tables) from a server to read them here."
            testId="wrappers-tables-empty"
          />
        ) : (
          <ForeignTablesTable projectRef={projectRef} tables={tables} canWrite={canWrite} />
        )}
      </section>
      <ServerPanel projectRef={projectRef} open={isCreating} onClose={() => setIsCreating(false)} />
      <ImportPanel projectRef={projectRef} server={importing} onClose={() => setImporting(null)} />
    </div>
  );
}
