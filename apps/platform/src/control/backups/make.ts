/**
 * The backup-create job: the project's export (database-transfer.ts, the same SQL a person downloads
 * from Export) gzipped into the object store as it is dumped (never held whole: a database of any
 * size in bounded memory), then the row COMPLETED with its size. The store shows nothing at the key
 * until the whole file is written, and a dump that fails leaves no file. Safe to run again: a row
 * that is no longer PENDING is done, and a file written by an attempt cut off before its row was
 * updated is simply written over.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { errorMessage } from '@plinth/errors';
import type { JobAttempt } from '../job-queue.ts';
import type { ControlContext } from '../context.ts';
import { crashPoint } from '../crash-points.ts';
import { dumpProject } from '../database-transfer.ts';
import { projectRowByRef } from '../project-rows.ts';
import { backupById, backupKey } from './store.ts';

export async function makeBackup(ctx: ControlContext, job: { ref: string; backupId: number }, attempt: JobAttempt): Promise<void> {
  const { ref, backupId } = job;
  const backup = await backupById(ctx.db, ref, backupId);
  if (!backup || backup.status !== 'PENDING') return; // done, or its project deleted
  try {
    const project = await projectRowByRef(ctx.db, ref);
    if (!project) return;
    if (project.status !== 'ACTIVE_HEALTHY') throw new Error(`The project is ${project.status}, so its database cannot be read.`);
    const key = backupKey(ref, backupId);
    const written = await storeCompressed(ctx, key, Readable.from(dumpProject(ctx, project), { objectMode: false }));
    crashPoint('backup-file-stored');
    const { affectedRows } = await ctx.db.query(
      `update project_backups set status = 'COMPLETED', completed_at = now(), size_bytes = $3, object_key = $4, error = null
        where project_ref = $1 and id = $2 and status = 'PENDING'`,
      [ref, backupId, written.size, key],
    );
    // Deleted while it ran (its project went, or retention took it): its file goes too.
    if (affectedRows === 0) await ctx.objects.delete([key]);
    crashPoint('backup-recorded');
    ctx.log.info(`backup ${backupId} of project ${ref}: ${written.size} bytes`);
  } catch (error) {
    if (attempt.isFinal) {
      await ctx.db.query(`update project_backups set status = 'FAILED', error = $3 where project_ref = $1 and id = $2 and status = 'PENDING'`, [ref, backupId, errorMessage(error)]);
    }
    throw error;
  }
}

/** `dump` gzipped into the store at `key`, streamed; a failure of either side fails it, with the dump's reason first. */
async function storeCompressed(ctx: ControlContext, key: string, dump: Readable) {
  const gzip = createGzip();
  let dumpError: unknown = null;
  const compressing = pipeline(dump, gzip).catch((error: unknown) => {
    dumpError ??= error;
  });
  try {
    return await ctx.objects.put(key, gzip, { contentType: 'application/gzip' });
  } catch (error) {
    const reason = dumpError ?? error;
    dump.destroy();
    await compressing;
    throw reason;
  } finally {
    await compressing;
  }
}

/** A backup file's SQL, as it is read from the store and decompressed (restores load it statement by statement). */
export async function readBackupSql(ctx: ControlContext, key: string): Promise<Readable> {
  const found = await ctx.objects.get(key);
  if (!found) throw new Error(`The backup file ${key} is missing from the object store.`);
  const gunzip = createGunzip();
  pipeline(found.body, gunzip).catch(() => undefined); // an error of either reaches the reader through gunzip
  return gunzip;
}
