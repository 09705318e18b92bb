import { useState } from 'react';
import { Archive, Download, History } from 'lucide-react';
import { toast } from 'sonner';
import type { Backup } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useBackupCreateMutation } from '../../data/backups/backup-create-mutation.ts';
import { useBackupDownloadMutation } from '../../data/backups/backup-download-mutation.ts';
import { useBackupsQuery } from '../../data/backups/backups-query.ts';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatSize, formatUtc } from '../../lib/format.ts';
import { PitrSection } from './pitr-section.tsx';
import { RestoreBackupDialog } from './restore-backup-dialog.tsx';
import { RestoreNewProjectDialog } from './restore-new-project-dialog.tsx';

const STATUS_TONE = { COMPLETED: 'success', PENDING: 'warning', FAILED: 'danger' } as const;
const STATUS_LABEL = { COMPLETED: 'Completed', PENDING: 'In progress', FAILED: 'Failed' } as const;

/**
 * Database > Backups: the project's logical backups (daily by plan, and "Back up now"), each
 * downloadable as a gzip SQL file and restorable into this project. The list polls while a backup is
 * being made; a restore turns the project RESTORING, and the layout's restore screen takes over.
 * Point-in-time recovery (a paid add-on on the local engine) is its own section (pitr-section.tsx).
 */
export function BackupsView({ projectRef }: { projectRef: string }) {
  const backups = useBackupsQuery(projectRef);
  const canManage = useProjectCan(projectRef, Action.INFRA_EXECUTE, Resource.BACKUPS);
  const create = useBackupCreateMutation(projectRef);
  const download = useBackupDownloadMutation(projectRef);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [cloning, setCloning] = useState<Backup | null>(null);
  const isMaking = create.isPending || !!backups.data?.backups.some((backup) => backup.status === 'PENDING');

  return (
    <div className="space-y-4" data-testid="backups">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted" data-testid="backups-retention">
          {backups.data && backups.data.retention_days > 0
            ? `The database is backed up every day; each daily backup is kept for ${backups.data.retention_days} days. Times are UTC.`
            : 'Times are UTC.'}
        </p>
        {canManage && (
          <Button
            variant="primary"
            icon={<Archive className="size-3.5" aria-hidden />}
            isLoading={isMaking}
            disabled={isMaking}
            data-testid="backups-create"
            onClick={() => create.mutate(undefined, { onError: (error) => toast.error(`Failed to start a backup: ${errorMessage(error)}`) })}
          >
            {isMaking ? 'Backing up...' : 'Back up now'}
          </Button>
        )}
      </div>
      {backups.data?.retention_days === 0 && (
        <p role="note" className="rounded-md border border-line-strong bg-surface-2 px-3 py-2.5 text-sm text-fg" data-testid="backups-free-note">
          Backups are not available on Free: no daily backups are made. &ldquo;Back up now&rdquo; still makes one when you need it, kept for 7 days.
        </p>
      )}
      {backups.data && <PitrSection projectRef={projectRef} list={backups.data} canManage={canManage} />}
      <p role="note" className="rounded-md border border-line bg-surface-2 px-3 py-2.5 text-sm text-fg-muted" data-testid="backups-logical-note">
        Backups are logical (SQL) copies of the database: stored files, Vault secrets and cron jobs are not in them, and a restore leaves those as they are.
      </p>
      {!canManage && <NoPermission action="back up, download or restore the database" />}
      {backups.isLoading ? (
        <SkeletonRows rows={3} />
      ) : backups.isError || !backups.data ? (
        <ErrorState error={backups.error} title="Failed to retrieve backups" onRetry={() => void backups.refetch()} />
      ) : backups.data.backups.length === 0 ? (
        <EmptyState icon={<History />} title="No backups yet" description={canManage ? 'Back up now to make the first one.' : 'None has been made yet.'} testId="backups-empty" />
      ) : (
        <Table label="Backups">
          <thead>
            <tr>
              <Th>Time (UTC)</Th>
              <Th>Kind</Th>
              <Th>Size</Th>
              <Th>Status</Th>
              {canManage && <Th className="w-96"><span className="sr-only">Actions</span></Th>}
            </tr>
          </thead>
          <tbody data-testid="backups-list">
            {backups.data.backups.map((backup) => (
              <tr key={backup.id} data-testid={`backup-row-${backup.id}`}>
                <Td className="font-mono text-xs">{formatUtc(backup.inserted_at)}</Td>
                <Td>{backup.kind === 'scheduled' ? 'Daily' : 'Manual'}</Td>
                <Td className="text-xs text-fg-muted">{backup.size_bytes === null ? '-' : formatSize(backup.size_bytes)}</Td>
                <Td><Badge tone={STATUS_TONE[backup.status]}>{STATUS_LABEL[backup.status]}</Badge></Td>
                {canManage && (
                  <Td className="text-right">
                    {backup.status === 'COMPLETED' && (
                      <div className="flex justify-end gap-2">
                        <Button
                          variant="default"
                          size="sm"
                          icon={<Download className="size-3.5" aria-hidden />}
                          data-testid="backup-download"
                          onClick={() => download.mutate({ id: backup.id, insertedAt: backup.inserted_at }, { onError: (error) => toast.error(`Failed to download the backup: ${errorMessage(error)}`) })}
                        >
                          Download
                        </Button>
                        <Button variant="default" size="sm" data-testid="backup-restore" onClick={() => setRestoring(backup)}>
                          Restore
                        </Button>
                        <Button variant="default" size="sm" data-testid="backup-restore-new" onClick={() => setCloning(backup)}>
                          Restore to new project
                        </Button>
                      </div>
                    )}
                  </Td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <RestoreBackupDialog projectRef={projectRef} backup={restoring} onClose={() => setRestoring(null)} />
      <RestoreNewProjectDialog key={cloning?.id ?? 0} projectRef={projectRef} backup={cloning} onClose={() => setCloning(null)} />
    </div>
  );
}
