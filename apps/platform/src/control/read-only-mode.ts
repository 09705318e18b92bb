/**
 * Read-only mode: a project whose database outgrows its disk quota (disk-usage.ts) stops taking
 * writes until space is freed or the plan changes, then takes them again by itself.
 *
 * The database itself refuses the writes: the engine makes `default_transaction_read_only = on` its
 * default and ends the sessions opened before (Engine.setReadOnly), so REST, auth, storage and
 * pooler clients all get Postgres' 25006, which each service words as `project_read_only`. The
 * state is `projects.read_only_since`, so every node, the banner and Settings > Infrastructure agree.
 *
 * The owner frees space in the studio: the SQL editor and the table editor run their writes with
 * `set transaction read write` (database-management.ts), and VACUUM FULL runs in any session.
 *
 * `disk-quota-check` (a durable job every minute, JOB_SCHEDULES) measures the projects whose database
 * is open right now, never waking a stopped one, and moves each in or out. A plan change
 * (plan-admin.ts) and an SQL editor run on a read-only project queue a check of their own, which
 * measures that project's database even when it is closed: the owner is waiting for the writes.
 * Entering and leaving are audited on the project, with no actor (the platform did it).
 */
import type { Plan } from '@plinth/plans';
import type { ControlContext } from './context.ts';
import { databaseBytes, diskQuotaOf } from './disk-usage.ts';
import { locationOf } from './project-rows.ts';

export const READ_ONLY_ENTER_ACTION = 'project.read_only.enter';
export const READ_ONLY_LEAVE_ACTION = 'project.read_only.leave';

interface Candidate {
  ref: string;
  db_server: string | null;
  organization_slug: string;
  plan: Plan;
  read_only_since: Date | string | null;
}

/** What a check is about: every ACTIVE_HEALTHY project, one project, or one organisation's projects. */
export interface QuotaCheckScope {
  ref?: string;
  organizationSlug?: string;
}

export interface QuotaCheckResult {
  entered: string[];
  left: string[];
}

/** Measures each project in scope against its quota and moves it into or out of read-only mode. */
export async function checkDiskQuotas(ctx: ControlContext, scope: QuotaCheckScope = {}): Promise<QuotaCheckResult> {
  const { rows } = await ctx.db.query<Candidate>(
    `select p.ref, p.db_server, p.read_only_since, o.slug as organization_slug, o.plan
       from projects p join organizations o on o.id = p.organization_id
      where p.status = 'ACTIVE_HEALTHY' and ($1::text is null or p.ref = $1) and ($2::text is null or o.slug = $2)
      order by p.ref`,
    [scope.ref ?? null, scope.organizationSlug ?? null],
  );
  // A check asked for (plan change, editor) measures now, opening the database if need be.
  const isAsked = scope.ref !== undefined || scope.organizationSlug !== undefined;
  const result: QuotaCheckResult = { entered: [], left: [] };
  for (const project of rows) {
    const isReadOnly = project.read_only_since !== null;
    const quota = diskQuotaOf(ctx, project.plan);
    if (quota === null) {
      if (isReadOnly && (await leave(ctx, project, 'the plan sets no disk quota'))) result.left.push(project.ref);
      continue;
    }
    // Only a database that is open can have grown; a read-only one is asked for its size when a check names it.
    const used = await databaseBytes(ctx, project, { maxAgeMs: 0, wake: isAsked && isReadOnly });
    if (used === null) continue;
    if (!isReadOnly && used > quota) {
      if (await enter(ctx, project, `${used} bytes used of ${quota}`)) result.entered.push(project.ref);
    } else if (isReadOnly && used <= quota) {
      if (await leave(ctx, project, `${used} bytes used of ${quota}`)) result.left.push(project.ref);
    }
  }
  return result;
}

/**
 * The database first, then the record: a failure between them leaves the record behind the
 * database, and the next check (the size has not changed) does both again; both steps are idempotent.
 */
async function enter(ctx: ControlContext, project: Candidate, target: string): Promise<boolean> {
  await ctx.engine.setReadOnly(locationOf(project), true);
  return record(ctx, project, `update projects set read_only_since = now() where ref = $1 and read_only_since is null returning ref`, READ_ONLY_ENTER_ACTION, target);
}

async function leave(ctx: ControlContext, project: Candidate, target: string): Promise<boolean> {
  await ctx.engine.setReadOnly(locationOf(project), false);
  return record(ctx, project, `update projects set read_only_since = null where ref = $1 and read_only_since is not null returning ref`, READ_ONLY_LEAVE_ACTION, target);
}

/** The state and its audit entry in one transaction; false when another check already moved it. */
async function record(ctx: ControlContext, project: Candidate, update: string, action: string, target: string): Promise<boolean> {
  const moved = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query(update, [project.ref]);
    if (rows.length === 0) return false;
    // No person acted: the entry names the platform by leaving the actor empty.
    await tx.query(`insert into audit_log (organization_slug, project_ref, action, target) values ($1, $2, $3, $4)`, [
      project.organization_slug,
      project.ref,
      action,
      target,
    ]);
    return true;
  });
  if (moved) ctx.log.info(`project ${project.ref}: ${action} (${target})`);
  return moved;
}

/**
 * Queues a check (the SQL editor after a run, a plan change): sent before the request answers, so
 * the job is there for any node to run, but never failing the request; a lost one waits for the
 * next minute's check.
 */
export async function queueDiskQuotaCheck(ctx: ControlContext, scope: QuotaCheckScope): Promise<void> {
  try {
    await ctx.jobs.send('disk-quota-check', scope);
  } catch (error) {
    ctx.log.error(`queueing a disk quota check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
