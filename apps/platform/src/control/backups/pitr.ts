/**
 * Point-in-time recovery, a paid add-on (Pro and above) where the engine offers it (Engine.pitr: the
 * local engine, whose projects are each their own cluster; engines/pitr.ts says why the others
 * cannot). Enabling turns WAL archiving on for the project's cluster (a restart) and records
 * `projects.pitr_enabled_at`; the `pitr-base-backup` job makes a base backup then, and daily through
 * the backup schedule, keeping them as long as the plan keeps daily backups. Recovery marks the
 * project RESTORING and sends the `pitr-restore` job, which has the engine replay the database to the
 * moment; a failure leaves it as it was, ACTIVE_HEALTHY with the error.
 */
import type { BackupList } from '@plinth/api-contract';
import { errorMessage, PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { backupRetentionDays, isPaidPlan, isPlan, type Plan } from '@plinth/plans';
import { PITR_UNAVAILABLE } from '../../engines/pitr.ts';
import type { Queryable } from '../../engines/types.ts';
import { authorize } from '../access.ts';
import { recordAudit } from '../audit.ts';
import type { Actor, ControlContext } from '../context.ts';
import type { JobAttempt } from '../job-queue.ts';
import { forgetProjectSchema } from '../project-caches.ts';
import { accessProject, locationOf, projectRowByRef, setStatus, type ProjectRow } from '../project-rows.ts';

const DAY_MS = 24 * 3600 * 1000;
const PAID_ONLY = 'Point-in-time recovery is a paid add-on, available on the Pro plan and above.';

type PitrProject = ProjectRow & { pitr_enabled_at?: Date | string | null; pitr_history_reset_at?: Date | string | null };

/** Why the project cannot have PITR now (its engine, then its plan); null when it can. */
function unavailableReason(ctx: ControlContext, plan: Plan): string | null {
  if (!ctx.engine.pitr) return PITR_UNAVAILABLE[ctx.engine.name];
  if (!isPaidPlan(plan)) return PAID_ONLY;
  return null;
}

/**
 * A pause frees the project's directory with its WAL archive and base backups (the pause's own
 * archive holds the data directory only), so no moment before it can be replayed again: recovery
 * starts over from the base backup the restore sends for. Marked so the user is told why.
 */
export async function markPitrHistoryReset(db: Queryable, ref: string): Promise<void> {
  await db.query('update projects set pitr_history_reset_at = now(), pitr_base_backup_at = null where ref = $1 and pitr_enabled_at is not null', [ref]);
}

/** Why the range starts where it does after a pause, or null when no pause cut it short. */
function historyResetNote(project: PitrProject): string | null {
  if (!project.pitr_history_reset_at) return null;
  const pausedAt = new Date(project.pitr_history_reset_at).toISOString();
  return `Moments before ${pausedAt} cannot be recovered: pausing the project freed its change history, so recovery reaches back only to the first base backup made after it was restored.`;
}

/** The list's PITR fields, in Supabase's shape. */
export async function pitrSummary(ctx: ControlContext, project: PitrProject, plan: Plan): Promise<Pick<BackupList, 'pitr_enabled' | 'physical_backup_data' | 'pitr_unavailable_reason' | 'pitr_history_note'>> {
  const enabled = Boolean(project.pitr_enabled_at) && Boolean(ctx.engine.pitr);
  const range = enabled ? await ctx.engine.pitr!.range(locationOf(project)) : null;
  return {
    pitr_enabled: enabled,
    physical_backup_data: range
      ? { earliest_physical_backup_date_unix: Math.floor(range.earliest.getTime() / 1000), latest_physical_backup_date_unix: Math.floor(range.latest.getTime() / 1000) }
      : {},
    pitr_unavailable_reason: enabled ? null : unavailableReason(ctx, plan),
    pitr_history_note: enabled ? historyResetNote(project) : null,
  };
}

async function accessForChange(ctx: ControlContext, actor: Actor, ref: string): Promise<{ project: PitrProject; plan: Plan; organizationSlug: string }> {
  const { project, role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.INFRA_EXECUTE, Resource.BACKUPS);
  if (project.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_not_active', 'Point-in-time recovery is changed and used while the project is healthy.');
  return { project, plan: organization.plan, organizationSlug: organization.slug };
}

/** Turns WAL archiving on (the cluster restarts), then the first base backup is made by its job. */
export async function enablePitr(ctx: ControlContext, actor: Actor, ref: string): Promise<{ ok: true }> {
  const { project, plan, organizationSlug } = await accessForChange(ctx, actor, ref);
  if (!ctx.engine.pitr) throw new PlinthError('engine_feature_unavailable', PITR_UNAVAILABLE[ctx.engine.name]);
  if (!isPaidPlan(plan)) throw new PlinthError('plan_feature_unavailable', PAID_ONLY);
  if (project.pitr_enabled_at) return { ok: true };
  await ctx.engine.pitr.enable(locationOf(project));
  await ctx.jobs.transaction(async (tx) => {
    await tx.query('update projects set pitr_enabled_at = now(), pitr_base_backup_at = null, pitr_history_reset_at = null where ref = $1', [ref]);
    await tx.send('pitr-base-backup', { ref });
  });
  await recordAudit(ctx.db, actor, { action: 'project.pitr_enable', organizationSlug, projectRef: ref });
  return { ok: true };
}

/** Turns archiving off (a restart) and deletes the WAL archive and base backups. */
export async function disablePitr(ctx: ControlContext, actor: Actor, ref: string): Promise<{ ok: true }> {
  const { project, organizationSlug } = await accessForChange(ctx, actor, ref);
  if (!project.pitr_enabled_at || !ctx.engine.pitr) return { ok: true };
  await ctx.db.query('update projects set pitr_enabled_at = null, pitr_base_backup_at = null, pitr_history_reset_at = null where ref = $1', [ref]);
  await ctx.engine.pitr.disable(locationOf(project));
  await recordAudit(ctx.db, actor, { action: 'project.pitr_disable', organizationSlug, projectRef: ref });
  return { ok: true };
}

/**
 * ACTIVE_HEALTHY -> RESTORING with the pitr-restore job, in one transaction. The target may be any
 * moment from the oldest base backup until now: the job stops the cluster first, and its shutdown
 * archives the WAL being written, so what was committed up to the request is in the archive.
 */
export async function restoreToTime(ctx: ControlContext, actor: Actor, ref: string, targetUnix: number): Promise<{ ok: true }> {
  const { project, plan, organizationSlug } = await accessForChange(ctx, actor, ref);
  if (!ctx.engine.pitr) throw new PlinthError('engine_feature_unavailable', PITR_UNAVAILABLE[ctx.engine.name]);
  if (!project.pitr_enabled_at) throw new PlinthError('validation_failed', unavailableReason(ctx, plan) ?? 'Point-in-time recovery is not enabled for this project.');
  const range = await ctx.engine.pitr.range(locationOf(project));
  const target = new Date(targetUnix * 1000);
  if (!range || target < range.earliest || target.getTime() > Date.now()) {
    const from = range ? range.earliest.toISOString() : 'the first base backup (not made yet)';
    const reset = historyResetNote(project);
    throw new PlinthError('validation_failed', `The recovery time must be between ${from} and now.${reset ? ` ${reset}` : ''}`);
  }
  await ctx.jobs.transaction(async (tx) => {
    await setStatus(tx, ref, 'RESTORING');
    await tx.send('pitr-restore', { ref, targetUnix });
  });
  await recordAudit(ctx.db, actor, { action: 'project.pitr_restore', organizationSlug, projectRef: ref, target: target.toISOString() });
  return { ok: true };
}

/** The pitr-restore job: RESTORING -> the engine replays to the moment -> ACTIVE_HEALTHY, and a new base backup. */
export async function runPitrRestore(ctx: ControlContext, job: { ref: string; targetUnix: number }, attempt: JobAttempt): Promise<void> {
  const project = await projectRowByRef(ctx.db, job.ref);
  if (!project || project.status !== 'RESTORING' || !ctx.engine.pitr) return; // done, or deleted
  const target = new Date(job.targetUnix * 1000);
  try {
    await ctx.engine.pitr.recover(locationOf(project), target);
    await forgetProjectSchema(ctx, job.ref, await ctx.engine.project(locationOf(project)));
    await ctx.jobs.transaction(async (tx) => {
      await setStatus(tx, job.ref, 'ACTIVE_HEALTHY');
      // The recovered database is on a new timeline: a base backup of it starts the range again from here.
      await tx.send('pitr-base-backup', { ref: job.ref });
    });
    ctx.log.info(`project ${job.ref} recovered to ${target.toISOString()}`);
  } catch (error) {
    // The engine put the database back as it was, so the project is usable again.
    if (attempt.isFinal) await setStatus(ctx.db, job.ref, 'ACTIVE_HEALTHY', `Point-in-time recovery to ${target.toISOString()} failed and nothing was changed: ${errorMessage(error)}`);
    throw error;
  }
}

/** The pitr-base-backup job: a base backup of a healthy project with PITR on, then those past the plan's retention go. */
export async function runPitrBaseBackup(ctx: ControlContext, job: { ref: string }): Promise<void> {
  const project = (await ctx.db.query<PitrProject & { organization_plan: string }>(
    `select p.*, o.plan as organization_plan from projects p join organizations o on o.id = p.organization_id where p.ref = $1`, [job.ref],
  )).rows[0];
  if (!project?.pitr_enabled_at || !ctx.engine.pitr) return;
  if (project.status !== 'ACTIVE_HEALTHY') throw new Error(`The project is ${project.status}; its base backup waits.`);
  const location = locationOf(project);
  const finished = await ctx.engine.pitr.takeBaseBackup(location);
  await ctx.db.query('update projects set pitr_base_backup_at = $2 where ref = $1 and pitr_enabled_at is not null', [job.ref, finished]);
  const days = Math.max(backupRetentionDays(isPlan(project.organization_plan) ? project.organization_plan : 'free'), 1);
  await ctx.engine.pitr.prune(location, new Date(finished.getTime() - days * DAY_MS));
}

/** For the daily schedule: projects with PITR on whose newest base backup is older than `since`, each sent its job. */
export async function startPitrBaseBackups(ctx: ControlContext, since: Date): Promise<string[]> {
  if (!ctx.engine.pitr) return [];
  const { rows } = await ctx.db.query<{ ref: string }>(
    `select ref from projects where status = 'ACTIVE_HEALTHY' and pitr_enabled_at is not null
        and (pitr_base_backup_at is null or pitr_base_backup_at < $1)`,
    [since],
  );
  for (const { ref } of rows) await ctx.jobs.send('pitr-base-backup', { ref });
  return rows.map((row) => row.ref);
}
