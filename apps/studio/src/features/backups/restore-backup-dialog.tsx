import { toast } from 'sonner';
import type { Backup } from '@plinth/api-contract';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useBackupRestoreMutation } from '../../data/backups/backup-restore-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatUtc } from '../../lib/format.ts';

/** Asks before a restore, saying what is lost: everything written to the database since the backup. */
export function RestoreBackupDialog({ projectRef, backup, onClose }: { projectRef: string; backup: Backup | null; onClose: () => void }) {
  const restore = useBackupRestoreMutation(projectRef);
  const when = backup ? formatUtc(backup.inserted_at) : '';
  return (
    <ConfirmDialog
      open={!!backup}
      onOpenChange={(open) => !open && onClose()}
      title="Restore this backup?"
      description={`The database goes back to how it was at ${when} (UTC).`}
      variant="danger"
      confirmLabel="Restore"
      isLoading={restore.isPending}
      testId="backup-restore-dialog"
      onConfirm={() => {
        if (!backup) return;
        restore.mutate(backup.id, {
          onSuccess: () => {
            toast.success(`Restoring the backup of ${when}`);
            onClose();
          },
          onError: (error) => toast.error(`Failed to restore the backup: ${errorMessage(error)}`),
        });
      }}
    >
      <p role="note" className="rounded-md border border-warning/30 bg-warning/5 px-3 py-2.5 text-sm text-fg-muted" data-testid="backup-restore-loss">
        Everything written to the database since {when} is lost: rows, tables and other changes to your schemas, and users who signed up since.
        The project is unavailable while it is restored. Stored files, Vault secrets, cron jobs, keys and settings are not changed.
      </p>
    </ConfirmDialog>
  );
}
