/**
 * Restoring a backup into a new project (the backup-clone job): the project was created with the
 * backup's organisation (control/backups/index.ts) and is being provisioned; once it is up it goes
 * RESTORING and the backup is imported as an export is (importIntoEmpty: one transaction, into a
 * project with no tables or users of its own), then ACTIVE_HEALTHY. The backup's own project is not
 * touched. Safe to run again: an attempt cut off rolled back its import; one cut off after its import
 * committed finds the project RESTORING and no longer empty, which is done.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { errorMessage, PlinthError } from '@plinth/errors';
import type { JobAttempt } from '../job-queue.ts';
import type { ControlContext } from '../context.ts';
import { importIntoEmpty } from '../database-transfer.ts';
import { projectRowByRef, setStatus, type ProjectRow } from '../project-rows.ts';
import { readBackupSql } from './make.ts';
import { backupById } from './store.ts';

/** How often the job looks whether its new project is up, and for how long before it gives up. */
const PROVISIONING_POLL_MS = 250;
const PROVISIONING_WAIT_MS = 5 * 60_000;

/** The new project once provisioning has finished (ACTIVE_HEALTHY, or RESTORING from an earlier attempt); null when it is gone. */
async function provisioned(ctx: ControlContext, ref: string): Promise<ProjectRow | null> {
  const deadline = Date.now() + PROVISIONING_WAIT_MS;
  for (;;) {
    const row = await projectRowByRef(ctx.db, ref);
    if (!row || row.status === 'GOING_DOWN' || row.status === 'REMOVED') return null;
    if (row.status === 'ACTIVE_HEALTHY' || row.status === 'RESTORING') return row;
    if (row.status === 'UNKNOWN') throw new Error(`The new project ${ref} could not be provisioned.`);
    if (Date.now() > deadline) throw new Error(`The new project ${ref} was not up after ${PROVISIONING_WAIT_MS / 1000} s.`);
    await sleep(PROVISIONING_POLL_MS);
  }
}

export async function cloneFromBackup(ctx: ControlContext, job: { ref: string; sourceRef: string; backupId: number }, attempt: JobAttempt): Promise<void> {
  const { ref, sourceRef, backupId } = job;
  const project = await provisioned(ctx, ref);
  if (!project) return;
  await setStatus(ctx.db, ref, 'RESTORING');
  try {
    const backup = await backupById(ctx.db, sourceRef, backupId);
    if (!backup?.object_key || backup.status !== 'COMPLETED') throw new Error(`Backup ${backupId} of ${sourceRef} is gone.`);
    // Read from the store as it loads, statement by statement: never held whole.
    const sql = await readBackupSql(ctx, backup.object_key);
    await importIntoEmpty(ctx, { ...project, status: 'RESTORING' }, sql).catch((error: unknown) => {
      // An earlier attempt's import committed and the attempt ended before it could say so: done.
      if (attempt.retryCount > 0 && project.status === 'RESTORING' && error instanceof PlinthError && error.code === 'project_not_empty') return 0;
      throw error;
    }).finally(() => sql.destroy());
    await setStatus(ctx.db, ref, 'ACTIVE_HEALTHY');
    ctx.log.info(`project ${ref} restored from backup ${backupId} of ${sourceRef}`);
  } catch (error) {
    // RESTORING while retries remain; then usable, empty, with the reason.
    if (attempt.isFinal) await setStatus(ctx.db, ref, 'ACTIVE_HEALTHY', `Restoring backup ${backupId} of ${sourceRef} into this project failed; it is empty: ${errorMessage(error)}`);
    throw error;
  }
}
