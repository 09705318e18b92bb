/**
 * Daily backups by plan (Free none, Pro 7 days, Team 14, Enterprise "custom": 30), by the scheduled
 * `backups-schedule` job, hourly: each healthy project on a plan with backups whose last scheduled
 * backup is a day old gets a new one (a PENDING row and its backup-create job, in one transaction),
 * and backups older than the plan keeps them are deleted, file then row. Manual backups are kept as
 * long as the plan's daily ones, and at least MANUAL_MIN_DAYS (so a Free project's "Back up now" lasts
 * a week). `now` is a parameter so tests need not wait days.
 */
import { backupRetentionDays, isPlan } from '@plinth/plans';
import type { ControlContext } from '../context.ts';
import { startPitrBaseBackups } from './pitr.ts';
import type { BackupRow } from './store.ts';

const MANUAL_MIN_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;
/** A day less the schedule's period, so an hourly job that runs a little early still makes today's. */
const DAILY_GAP_MS = DAY_MS - 3600 * 1000;

export interface ScheduleOutcome {
  /** Refs of the projects a backup was started for. */
  started: string[];
  /** Ids of the backups deleted. */
  deleted: number[];
  /** Refs of the projects with point-in-time recovery a base backup was started for (pitr.ts). */
  baseBackups: string[];
}

function retentionOf(plan: string, kind: BackupRow['kind']): number {
  const days = backupRetentionDays(isPlan(plan) ? plan : 'free');
  return kind === 'manual' ? Math.max(days, MANUAL_MIN_DAYS) : days;
}

export async function runBackupSchedule(ctx: ControlContext, options: { now?: Date } = {}): Promise<ScheduleOutcome> {
  const now = options.now ?? new Date();
  return {
    deleted: await deleteExpired(ctx, now),
    started: await startDailyBackups(ctx, now),
    baseBackups: await startPitrBaseBackups(ctx, new Date(now.getTime() - DAILY_GAP_MS)),
  };
}

async function startDailyBackups(ctx: ControlContext, now: Date): Promise<string[]> {
  const { rows } = await ctx.db.query<{ ref: string; plan: string }>(
    `select p.ref, o.plan from projects p join organizations o on o.id = p.organization_id
      where p.status = 'ACTIVE_HEALTHY'
        and not exists (select 1 from project_backups b where b.project_ref = p.ref and b.kind = 'scheduled'
                         and b.status <> 'FAILED' and b.inserted_at > $1)`,
    [new Date(now.getTime() - DAILY_GAP_MS)],
  );
  const started: string[] = [];
  for (const { ref, plan } of rows) {
    if (retentionOf(plan, 'scheduled') === 0) continue;
    await ctx.jobs.transaction(async (tx) => {
      const { rows: [backup] } = await tx.query<{ id: string }>(
        `insert into project_backups (project_ref, kind, inserted_at) values ($1, 'scheduled', $2) returning id`,
        [ref, now],
      );
      await tx.send('backup-create', { ref, backupId: Number(backup.id) });
    });
    started.push(ref);
  }
  return started;
}

async function deleteExpired(ctx: ControlContext, now: Date): Promise<number[]> {
  const { rows } = await ctx.db.query<BackupRow & { plan: string }>(
    `select b.*, o.plan from project_backups b join projects p on p.ref = b.project_ref join organizations o on o.id = p.organization_id
      where b.status <> 'PENDING'`,
  );
  const deleted: number[] = [];
  for (const row of rows) {
    const expiresAt = new Date(row.inserted_at).getTime() + retentionOf(row.plan, row.kind) * DAY_MS;
    if (expiresAt > now.getTime()) continue;
    // The file first: a row whose file is gone can be deleted again; a file without its row would be lost track of.
    if (row.object_key) await ctx.objects.delete([row.object_key]);
    await ctx.db.query('delete from project_backups where id = $1', [row.id]);
    deleted.push(Number(row.id));
  }
  return deleted;
}
