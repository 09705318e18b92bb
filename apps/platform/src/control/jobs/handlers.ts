import { rotateJwtSecret } from '../api-settings.ts';
import type { ControlContext } from '../context.ts';
import { deleteExpiredLogs } from '../log-retention.ts';
import { pauseProject, provisionProject, removeProject, restoreProject } from '../project-lifecycle.ts';

/** What each job of the catalogue does, bound to the platform it runs in; the domain modules own the work. */
export function registerJobHandlers(ctx: ControlContext): void {
  ctx.jobs.register('project-provision', ({ ref }, attempt) => provisionProject(ctx, ref, attempt));
  ctx.jobs.register('project-pause', ({ ref }) => pauseProject(ctx, ref));
  ctx.jobs.register('project-restore', ({ ref }, attempt) => restoreProject(ctx, ref, attempt));
  ctx.jobs.register('project-delete', ({ ref }) => removeProject(ctx, ref));
  ctx.jobs.register('project-jwt-rotate', (job, attempt) => rotateJwtSecret(ctx, job, attempt));
  ctx.jobs.register('logs-retention', async () => void (await deleteExpiredLogs(ctx)));
}
