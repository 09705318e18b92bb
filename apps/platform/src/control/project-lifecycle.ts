import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PlinthError } from '@plinth/errors';
import type { ControlContext } from './context.ts';
import { locationOf, projectRowByRef, setStatus } from './project-rows.ts';

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Creates and bootstraps the database, then marks the project healthy (COMING_UP -> ACTIVE_HEALTHY). */
export function provisionInBackground(ctx: ControlContext, ref: string, dbPassword: string): void {
  ctx.jobs.run(`provision ${ref}`, async () => {
    try {
      const location = await ctx.engine.createProject(ref, { dbPassword });
      await ctx.db.query(`update projects set db_server = $2, status = 'ACTIVE_HEALTHY', status_error = null where ref = $1 and status = 'COMING_UP'`, [
        ref,
        location.server,
      ]);
      ctx.log.info(`project ${ref} is ACTIVE_HEALTHY`);
    } catch (error) {
      await setStatus(ctx.db, ref, 'UNKNOWN', `Provisioning failed: ${describe(error)}`);
      throw error;
    }
  });
}

/** PAUSING -> closes the database -> INACTIVE. */
export function pauseInBackground(ctx: ControlContext, ref: string): void {
  ctx.jobs.run(`pause ${ref}`, async () => {
    const row = await projectRowByRef(ctx.db, ref);
    if (!row) return;
    await ctx.engine.closeProject(locationOf(row));
    await setStatus(ctx.db, ref, 'INACTIVE');
  });
}

/** RESTORING -> reopens the database and checks it answers -> ACTIVE_HEALTHY, or RESTORATION_FAILED. */
export function restoreInBackground(ctx: ControlContext, ref: string): void {
  ctx.jobs.run(`restore ${ref}`, async () => {
    const row = await projectRowByRef(ctx.db, ref);
    if (!row) return;
    try {
      await ctx.engine.project(locationOf(row));
      if (!(await ctx.engine.isLive(locationOf(row)))) throw new Error('The database did not answer after reopening.');
      await setStatus(ctx.db, ref, 'ACTIVE_HEALTHY');
    } catch (error) {
      await setStatus(ctx.db, ref, 'RESTORATION_FAILED', describe(error));
      throw error;
    }
  });
}

/** Removes the project's database, its files and its row. */
export async function deleteProjectCompletely(ctx: ControlContext, ref: string): Promise<void> {
  const row = await projectRowByRef(ctx.db, ref);
  if (!row) throw new PlinthError('project_not_found');
  await setStatus(ctx.db, ref, 'GOING_DOWN');
  await ctx.engine.dropProject(locationOf(row));
  await rm(path.join(ctx.config.dataDir, 'projects', ref), { recursive: true, force: true });
  await ctx.db.query('delete from projects where ref = $1', [ref]);
}

/**
 * After a restart, work that was cut off is finished: half-provisioned projects are rebuilt from
 * scratch (nothing of theirs can have been used yet), pauses and restores are carried out again.
 */
export async function resumeInterruptedWork(ctx: ControlContext): Promise<void> {
  const { rows } = await ctx.db.query<{ ref: string; status: string; db_server: string | null; db_pass_enc: string }>(
    `select ref, status, db_server, db_pass_enc from projects where status in ('COMING_UP', 'PAUSING', 'RESTORING', 'GOING_DOWN')`,
  );
  for (const row of rows) {
    if (row.status === 'COMING_UP') {
      await ctx.engine.dropProject(locationOf(row)).catch(() => undefined);
      provisionInBackground(ctx, row.ref, ctx.secrets.decrypt(row.db_pass_enc));
    } else if (row.status === 'PAUSING') pauseInBackground(ctx, row.ref);
    else if (row.status === 'RESTORING') restoreInBackground(ctx, row.ref);
    else ctx.jobs.run(`delete ${row.ref}`, () => deleteProjectCompletely(ctx, row.ref));
  }
}
