import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { usePitrRestoreMutation } from '../../data/backups/pitr-restore-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatUtc } from '../../lib/format.ts';

/** Asks before a point-in-time recovery, saying what is lost: everything written to the database after the moment. */
export function PitrRestoreDialog({ projectRef, targetUnix, onClose }: { projectRef: string; targetUnix: number | null; onClose: () => void }) {
  const restore = usePitrRestoreMutation(projectRef);
  const when = targetUnix === null ? '' : formatUtc(targetUnix * 1000);
  return (
    <ConfirmDialog
      open={targetUnix !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Restore to this time?"
      description={`The database goes back to how it was at ${when} (UTC).`}
      variant="danger"
      confirmLabel="Restore"
      isLoading={restore.isPending}
      testId="backups-pitr-dialog"
      onConfirm={() => {
        if (targetUnix === null) return;
        restore.mutate(targetUnix, {
          onSuccess: () => {
            toast.success(`Restoring the database to ${when}`);
            onClose();
          },
          onError: (error) => toast.error(`Failed to restore to this time: ${errorMessage(error)}`),
        });
      }}
    >
      <p role="note" className="rounded-md border border-warning/30 bg-warning/5 px-3 py-2.5 text-sm text-fg-muted" data-testid="backups-pitr-loss">
        Everything written to the database after {when} is lost: rows, tables and other changes to your schemas, and users who signed up since.
        The project is unavailable while the database is replayed to that moment. Everything in the database goes back with it, Vault secrets and cron jobs included; stored files, API keys and settings are not changed.
      </p>
    </ConfirmDialog>
  );
}
