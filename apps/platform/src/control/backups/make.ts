/**
 * The backup-create job: the project's export (database-transfer.ts, the same SQL a person downloads
 * from Export) gzipped into the object store, then the row COMPLETED with its size. Safe to run again:
 * a row that is no longer PENDING is done, and a file written by an attempt cut off before its row was
 * updated is simply written over.
 */
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import { buffer } from 'node:stream/consumers';
import type { JobAttempt } from '../job-queue.ts';
import type { ControlContext } from '../context.ts';
import { dumpProject } from '../database-transfer.ts';
import { projectRowByRef } from '../project-rows.ts';
import { backupById, backupKey } from './store.ts';

const gunzipAsync = promisify(gunzip);

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function makeBackup(ctx: ControlContext, job: { ref: string; backupId: number }, attempt: JobAttempt): Promise<void> {
  const { ref, backupId } = job;
  const backup = await backupById(ctx.db, ref, backupId);
  if (!backup || backup.status !== 'PENDING') return; // done, or its project deleted
  try {
    const project = await projectRowByRef(ctx.db, ref);
    if (!project) return;
    if (project.status !== 'ACTIVE_HEALTHY') throw new Error(`The project is ${project.status}, so its database cannot be read.`);
    const sql = await dumpProject(ctx, project);
    const key = backupKey(ref, backupId);
    // The store streams the compressed bytes as zlib makes them.
    const gzip = createGzip();
    gzip.end(Buffer.from(sql, 'utf8'));
    const written = await ctx.objects.put(key, gzip, { contentType: 'application/gzip' });
    const { affectedRows } = await ctx.db.query(
      `update project_backups set status = 'COMPLETED', completed_at = now(), size_bytes = $3, object_key = $4, error = null
        where project_ref = $1 and id = $2 and status = 'PENDING'`,
      [ref, backupId, written.size, key],
    );
    // Deleted while it ran (its project went, or retention took it): its file goes too.
    if (affectedRows === 0) await ctx.objects.delete([key]);
    ctx.log.info(`backup ${backupId} of project ${ref}: ${written.size} bytes`);
  } catch (error) {
    if (attempt.isFinal) {
      await ctx.db.query(`update project_backups set status = 'FAILED', error = $3 where project_ref = $1 and id = $2 and status = 'PENDING'`, [ref, backupId, describe(error)]);
    }
    throw error;
  }
}

/** A backup file's SQL (restores parse it whole, as imports do). */
export async function readBackupSql(ctx: ControlContext, key: string): Promise<string> {
  const found = await ctx.objects.get(key);
  if (!found) throw new Error(`The backup file ${key} is missing from the object store.`);
  return (await gunzipAsync(await buffer(found.body))).toString('utf8');
}
