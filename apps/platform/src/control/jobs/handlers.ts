import { rotateJwtSecret } from '../api-settings.ts';
import { makeBackup } from '../backups/make.ts';
import { cloneFromBackup } from '../backups/clone.ts';
import { restoreFromBackup } from '../backups/restore.ts';
import { runBackupSchedule } from '../backups/schedule.ts';
import { runPitrBaseBackup, runPitrRestore } from '../backups/pitr.ts';
import type { ControlContext } from '../context.ts';
import { deleteExpiredLogs } from '../log-retention.ts';
import { pauseInactiveProjects } from '../inactivity.ts';
import { checkDiskQuotas } from '../read-only-mode.ts';
import { closeMonth } from '../metering/invoices.ts';
import { meterHour, previousHour } from '../metering/meter.ts';
import { pauseProject, provisionProject, removeProject, restoreProject } from '../project-lifecycle.ts';
import { runUpgrade } from '../upgrades.ts';
import { deleteExpiredAudit } from '../audit-retention.ts';
import { deliverOrgWebhook } from '../org-webhooks/index.ts';
import { buildBranch, pollBranches, syncBranch } from '../branches/build.ts';

/** What each job of the catalogue does, bound to the platform it runs in; the domain modules own the work. */
export function registerJobHandlers(ctx: ControlContext): void {
  ctx.jobs.register('project-provision', ({ ref }, attempt) => provisionProject(ctx, ref, attempt));
  ctx.jobs.register('project-pause', ({ ref }, attempt) => pauseProject(ctx, ref, attempt));
  ctx.jobs.register('project-restore', ({ ref }, attempt) => restoreProject(ctx, ref, attempt));
  ctx.jobs.register('project-delete', ({ ref }) => removeProject(ctx, ref));
  ctx.jobs.register('project-jwt-rotate', (job, attempt) => rotateJwtSecret(ctx, job, attempt));
  ctx.jobs.register('logs-retention', async () => void (await deleteExpiredLogs(ctx)));
  ctx.jobs.register('backup-create', (job, attempt) => makeBackup(ctx, job, attempt));
  ctx.jobs.register('backup-restore', (job, attempt) => restoreFromBackup(ctx, job, attempt));
  ctx.jobs.register('backup-clone', (job, attempt) => cloneFromBackup(ctx, job, attempt));
  ctx.jobs.register('backups-schedule', async () => void (await runBackupSchedule(ctx)));
  ctx.jobs.register('pitr-base-backup', (job) => runPitrBaseBackup(ctx, job));
  ctx.jobs.register('pitr-restore', (job, attempt) => runPitrRestore(ctx, job, attempt));
  ctx.jobs.register('project-upgrade', (job) => runUpgrade(ctx, job));
  ctx.jobs.register('project-inactivity-pause', async () => void (await pauseInactiveProjects(ctx)));
  ctx.jobs.register('disk-quota-check', async (scope) => void (await checkDiskQuotas(ctx, scope)));
  // Five minutes' grace: log entries of the hour's last seconds are still being flushed as it ends.
  ctx.jobs.register('usage-meter', async ({ hour }) => void (await meterHour(ctx, hour ? new Date(hour) : previousHour(new Date(Date.now() - 5 * 60_000)))));
  ctx.jobs.register('invoices-close', async ({ month }) => void (await closeMonth(ctx, { month: month ? new Date(month) : undefined })));
  ctx.jobs.register('org-webhook-deliver', (job, attempt) => deliverOrgWebhook(ctx, job, attempt));
  ctx.jobs.register('audit-retention', async () => void (await deleteExpiredAudit(ctx)));
  ctx.jobs.register('branch-build', (job, attempt) => buildBranch(ctx, job, attempt));
  ctx.jobs.register('branch-sync', (job) => syncBranch(ctx, job));
  ctx.jobs.register('branches-poll', () => pollBranches(ctx));
}
