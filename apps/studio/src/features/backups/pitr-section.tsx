import { useState } from 'react';
import { Clock } from 'lucide-react';
import { toast } from 'sonner';
import type { BackupList } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { usePitrEnableMutation } from '../../data/backups/pitr-enable-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatUtc } from '../../lib/format.ts';
import { PitrRestoreDialog } from './pitr-restore-dialog.tsx';

/** A moment as a datetime-local value, in UTC (the page's times are all UTC). */
function toInput(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

function fromInput(value: string): number {
  return Date.parse(`${value}Z`);
}

/**
 * Point-in-time recovery on Database > Backups: where the project cannot have it, the plain reason
 * (the engine, or a Free plan); where it can, "Enable point in time recovery"; once enabled, the
 * range that can be recovered and a UTC date-time to restore to, confirmed with what is lost.
 */
export function PitrSection({ projectRef, list, canManage }: { projectRef: string; list: BackupList; canManage: boolean }) {
  const enable = usePitrEnableMutation(projectRef);
  const [target, setTarget] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);

  if (!list.pitr_enabled && list.pitr_unavailable_reason) {
    return (
      <p role="note" className="rounded-md border border-line bg-surface-2 px-3 py-2.5 text-sm text-fg-muted" data-testid="backups-pitr-note">
        {list.pitr_unavailable_reason}
      </p>
    );
  }
  const earliest = list.physical_backup_data.earliest_physical_backup_date_unix;
  const latest = list.physical_backup_data.latest_physical_backup_date_unix;
  const targetMs = target ? fromInput(target) : NaN;
  const isInRange = earliest !== undefined && targetMs >= earliest * 1000 && targetMs <= Date.now();

  return (
    <section className="space-y-3 rounded-md border border-line px-4 py-3" data-testid="backups-pitr" aria-labelledby="backups-pitr-title">
      <h3 id="backups-pitr-title" className="flex items-center gap-2 text-sm font-medium text-fg">
        <Clock className="size-4" aria-hidden /> Point in time recovery
      </h3>
      {!list.pitr_enabled ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-fg-muted">
            Every change to the database is archived as it is written, so the database can be brought back to any second since the add-on was enabled.
            Enabling it restarts the database once.
          </p>
          {canManage && (
            <Button
              variant="primary"
              isLoading={enable.isPending}
              disabled={enable.isPending}
              data-testid="backups-pitr-enable"
              onClick={() => enable.mutate(undefined, { onError: (error) => toast.error(`Failed to enable point in time recovery: ${errorMessage(error)}`) })}
            >
              Enable point in time recovery
            </Button>
          )}
        </div>
      ) : earliest === undefined ? (
        <p className="text-sm text-fg-muted" data-testid="backups-pitr-waiting">Point in time recovery is enabled. The first base backup is being made...</p>
      ) : (
        <>
          <p className="text-sm text-fg-muted" data-testid="backups-pitr-range">
            The database can be restored to any moment from {formatUtc(earliest * 1000)} until now (UTC). The latest archived change is from {formatUtc((latest ?? earliest) * 1000)}.
          </p>
          {canManage && (
            <div className="flex flex-wrap items-end gap-3">
              <Field label="Restore to (UTC)" className="w-64" error={target && !isInRange ? 'Choose a moment within the range above.' : null}>
                {(field) => (
                  <Input
                    {...field}
                    type="datetime-local"
                    step={1}
                    min={toInput(earliest * 1000)}
                    value={target}
                    onChange={(event) => setTarget(event.target.value)}
                    data-testid="backups-pitr-target"
                  />
                )}
              </Field>
              <Button variant="default" disabled={!isInRange} data-testid="backups-pitr-restore" onClick={() => setConfirming(Math.floor(targetMs / 1000))}>
                Restore to this time
              </Button>
            </div>
          )}
        </>
      )}
      {list.pitr_enabled && list.pitr_history_note && (
        <p role="note" className="text-sm text-fg-muted" data-testid="backups-pitr-history-note">{list.pitr_history_note}</p>
      )}
      <PitrRestoreDialog projectRef={projectRef} targetUnix={confirming} onClose={() => setConfirming(null)} />
    </section>
  );
}
