/**
 * A project's long work (provisioning, pause, restore, delete) as durable jobs (job-queue.ts): the
 * request changes the status and sends the job in one transaction and answers; the job does the
 * work while the studio polls the status. Every handler is safe to run again: after a crash, a
 * hand-back at stop or a retry it picks up whatever the last attempt left.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage, PlinthError } from '@plinth/errors';
import type { JobAttempt, JobTransaction } from './job-queue.ts';
import type { ControlContext } from './context.ts';
import { locationOf, projectRowByRef, setStatus, type ProjectRow } from './project-rows.ts';
import { functionPrefix } from '../data-plane/functions/files.ts';
import { backupPrefix } from './backups/store.ts';
import { functionServiceFor } from '../data-plane/functions/service.ts';
import { crashPoint } from './crash-points.ts';
import { archivePrefix, readArchive, storeArchive } from './project-archives.ts';
import { markPitrHistoryReset } from './backups/pitr.ts';
import { forgetProjectRow } from './project-caches.ts';

/** Sends provisioning within the transaction that inserted the project as COMING_UP. */
export async function queueProvisioning(tx: JobTransaction, ref: string): Promise<void> {
  await tx.send('project-provision', { ref });
}

/** ACTIVE_HEALTHY -> PAUSING, with the pause job, in one transaction. */
export async function beginPause(ctx: ControlContext, ref: string): Promise<void> {
  await ctx.jobs.transaction(async (tx) => {
    await setStatus(tx, ref, 'PAUSING');
    await tx.send('project-pause', { ref });
  });
  await forgetProjectRow(ctx, ref);
}

/** INACTIVE | RESTORATION_FAILED -> RESTORING, with the restore job, in one transaction. */
export async function beginRestore(ctx: ControlContext, ref: string): Promise<void> {
  await ctx.jobs.transaction(async (tx) => {
    await setStatus(tx, ref, 'RESTORING');
    await tx.send('project-restore', { ref });
  });
}

/**
 * Marks the project GOING_DOWN and deletes it through a job, waiting for it: the caller answers once
 * the project is gone, and a deletion cut off by a crash is finished after the restart.
 */
export async function deleteProjectCompletely(ctx: ControlContext, ref: string): Promise<void> {
  const row = await projectRowByRef(ctx.db, ref);
  if (!row) throw new PlinthError('project_not_found');
  const jobId = await ctx.jobs.transaction(async (tx) => {
    await setStatus(tx, ref, 'GOING_DOWN');
    return tx.send('project-delete', { ref });
  });
  await ctx.jobs.waitFor('project-delete', jobId).catch((error: unknown) => {
    throw new PlinthError('job_failed', `Deleting the project failed (${errorMessage(error)}); it is retried in the background.`);
  });
}

/**
 * A database whose place was never recorded (an attempt cut off or failed before it could), removed
 * wherever it may be: on every configured project server, or the embedded engine's directory.
 */
async function dropHalfMadeDatabase(ctx: ControlContext, row: ProjectRow): Promise<void> {
  const servers = row.db_server ? [row.db_server] : [null, ...ctx.config.projectServers];
  for (const server of servers) await ctx.engine.dropProject({ ref: row.ref, server }).catch(() => undefined);
}

/**
 * COMING_UP -> creates and bootstraps the database -> ACTIVE_HEALTHY. A failed attempt keeps
 * COMING_UP (with the error) while retries remain, then UNKNOWN. An operator's retry of a failed
 * provisioning (status UNKNOWN) runs it once more.
 */
export async function provisionProject(ctx: ControlContext, ref: string, attempt: JobAttempt): Promise<void> {
  const row = await projectRowByRef(ctx.db, ref);
  if (!row || (row.status !== 'COMING_UP' && row.status !== 'UNKNOWN')) return; // deleted, or done already
  if (row.status === 'UNKNOWN') await setStatus(ctx.db, ref, 'COMING_UP');
  // Nothing of a half-made database can have been used yet: it is rebuilt from scratch.
  if (attempt.retryCount > 0) await dropHalfMadeDatabase(ctx, row);
  try {
    const location = await ctx.engine.createProject(ref, { dbPassword: ctx.secrets.decrypt(row.db_pass_enc) });
    const version = await ctx.engine.postgresVersion(location);
    await ctx.db.query(
      `update projects set db_server = $2, postgres_version = $3, status = 'ACTIVE_HEALTHY', status_error = null where ref = $1 and status = 'COMING_UP'`,
      [ref, location.server, version],
    );
    ctx.log.info(`project ${ref} is ACTIVE_HEALTHY`);
  } catch (error) {
    const message = `Provisioning failed: ${errorMessage(error)}`;
    if (attempt.isFinal) await setStatus(ctx.db, ref, 'UNKNOWN', message);
    else await ctx.db.query(`update projects set status_error = $2 where ref = $1 and status = 'COMING_UP'`, [ref, `${message} (retrying)`]);
    throw error;
  }
}

/**
 * PAUSING -> archives the database into the object store, verified (project-archives.ts) -> frees it
 * (the cluster's files, the embedded worker's, the database on its server) -> INACTIVE. Nothing is
 * freed before an archive is recorded, and a recorded archive is never taken again, so an attempt cut
 * off anywhere (kill -9 included) is finished by the next: before the record it archives afresh from
 * the database, which is still whole; after it, it only frees. A pause that fails for good opens the
 * database again (ACTIVE_HEALTHY, with the reason).
 */
export async function pauseProject(ctx: ControlContext, ref: string, attempt: JobAttempt): Promise<void> {
  const row = await projectRowByRef(ctx.db, ref);
  if (!row || row.status !== 'PAUSING') return;
  const location = locationOf(row);
  if (!row.archive_key) {
    try {
      const archive = await storeArchive(ctx, row);
      crashPoint('pause-archive-stored');
      await ctx.db.query(
        `update projects set archive_key = $2, archive_bytes = $3, archive_sha256 = $4, archived_at = now() where ref = $1 and status = 'PAUSING'`,
        [ref, archive.key, archive.bytes, archive.sha256],
      );
      ctx.log.info(`project ${ref} archived: ${archive.bytes} bytes`);
      crashPoint('pause-archive-recorded');
    } catch (error) {
      if (attempt.isFinal) {
        await ctx.engine.releaseHold(location).catch(() => undefined);
        await setStatus(ctx.db, ref, 'ACTIVE_HEALTHY', `Pausing failed and the project was left running: ${errorMessage(error)}`);
      }
      throw error;
    }
  }
  await ctx.engine.dropProject(location);
  crashPoint('pause-database-freed');
  // Its point-in-time history went with its files: none of it can be replayed after the restore.
  await markPitrHistoryReset(ctx.db, ref);
  // Its function workers on this node stop now; another node's stop when idle (a paused project answers no request).
  void functionServiceFor(ctx).runtime.forget(ref);
  await setStatus(ctx.db, ref, 'INACTIVE');
  await forgetProjectRow(ctx, ref);
}

/**
 * RESTORING -> makes the database again from the pause's archive (or, for a project paused before
 * archives, reopens the database that stayed in place), checks it answers -> ACTIVE_HEALTHY, and only
 * then forgets the archive. A Postgres server project goes back to its server when that still
 * answers, else to another server of the fleet. A failed attempt keeps RESTORING while retries
 * remain, then RESTORATION_FAILED (from which an operator's retry restarts it); the archive stays.
 */
export async function restoreProject(ctx: ControlContext, ref: string, attempt: JobAttempt): Promise<void> {
  const row = await projectRowByRef(ctx.db, ref);
  if (!row || (row.status !== 'RESTORING' && row.status !== 'RESTORATION_FAILED')) return;
  if (row.status === 'RESTORATION_FAILED') await setStatus(ctx.db, ref, 'RESTORING');
  try {
    let location = locationOf(row);
    if (row.archive_key) {
      const archive = { key: row.archive_key, bytes: Number(row.archive_bytes), sha256: row.archive_sha256 ?? '' };
      location = await ctx.engine.unarchive(ref, await readArchive(ctx, archive), {
        dbPassword: ctx.secrets.decrypt(row.db_pass_enc),
        server: row.db_server,
      }).catch((error: unknown) => {
        throw new Error(`Restoring the database from its archive (${archive.key}) failed: ${errorMessage(error)}`);
      });
      crashPoint('restore-unarchived');
      if (location.server !== row.db_server) {
        // Another server may run another major.
        const version = await ctx.engine.postgresVersion(location);
        await ctx.db.query('update projects set db_server = $2, postgres_version = $3 where ref = $1', [ref, location.server, version]);
        await forgetProjectRow(ctx, ref);
      }
    }
    await ctx.engine.project(location);
    if (!(await ctx.engine.isLive(location))) throw new Error('The database did not answer after reopening.');
    await ctx.db.query(
      `update projects set status = 'ACTIVE_HEALTHY', status_error = null, archive_key = null, archive_bytes = null, archive_sha256 = null, archived_at = null
        where ref = $1 and status = 'RESTORING'`,
      [ref],
    );
    crashPoint('restore-recorded');
    if (row.archive_key) {
      // Restored: the archive is no longer the project's data. One left by a crash just here goes with the next pause.
      await ctx.objects.delete([row.archive_key]).catch(() => undefined);
      // The pause freed the point-in-time history with the project's directory: a new base backup starts it again.
      if (row.pitr_enabled_at) await ctx.jobs.send('pitr-base-backup', { ref });
    }
  } catch (error) {
    if (attempt.isFinal) await setStatus(ctx.db, ref, 'RESTORATION_FAILED', errorMessage(error));
    throw error;
  }
}

/** GOING_DOWN -> removes the database, its files, its stored objects and its row (each step is a no-op when done). */
export async function removeProject(ctx: ControlContext, ref: string): Promise<void> {
  const row = await projectRowByRef(ctx.db, ref);
  if (!row) return;
  if (row.status !== 'GOING_DOWN') throw new Error(`Project ${ref} is ${row.status}, not GOING_DOWN: it is not deleted.`);
  if (row.db_server) await ctx.engine.dropProject(locationOf(row));
  else await dropHalfMadeDatabase(ctx, row); // never placed on a server (embedded, or provisioning failed)
  await rm(path.join(ctx.config.dataDir, 'projects', ref), { recursive: true, force: true });
  // Its stored files (every bucket's), on disk or in S3.
  await ctx.objects.deletePrefix(ref);
  await ctx.objects.deletePrefix(functionPrefix(ref));
  await ctx.objects.deletePrefix(backupPrefix(ref));
  await ctx.objects.deletePrefix(archivePrefix(ref));
  void functionServiceFor(ctx).runtime.forget(ref);
  // Its preview branches (control/branches/) stay as projects of their own, no longer branches.
  await ctx.db.query('update projects set parent_project_ref = null where parent_project_ref = $1', [ref]);
  await ctx.db.query('delete from projects where ref = $1', [ref]);
}
