/**
 * PostgreSQL major upgrades (Settings > Infrastructure "Upgrade project", the Management API's
 * POST /v1/projects/{ref}/upgrade): the request checks eligibility (infrastructure.ts, the one
 * source of allowed targets), marks the project UPGRADING, records the upgrade and sends the
 * project-upgrade job in one transaction, and answers. The job has the engine do the eight steps
 * (engines/local/major-upgrade.ts on the local engine), recording each as `{index}_{step}` in
 * project_upgrades, which GET .../upgrade/status reports in Supabase's shape. On the postgres engine the
 * database moves to a server of the target major (engines/postgres/major-upgrade.ts): the project's
 * row then names that server, and the data plane's cached view of the project is dropped.
 *
 * The data plane and the pooler refuse a project that is not ACTIVE_HEALTHY, so UPGRADING takes the
 * API services offline; step 3 makes sure every node has seen it before the engine ends the
 * database's sessions and dumps it. A failure at any step leaves the old database in place: the
 * project goes back to ACTIVE_HEALTHY on its old major and the upgrade is recorded as failed with
 * the error (the studio's upgrade-failed screen and its prefilled support link read it).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseUpgradeStatus } from '@plinth/api-contract';
import { errorMessage, PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { announcePoolerChange } from '../data-plane/pooler/projects.ts';
import { TTL_MS as GATEWAY_CACHE_MS } from '../data-plane/gateway/projects.ts';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import { emitOrganizationEvent } from './org-webhooks/index.ts';
import type { Actor, ControlContext } from './context.ts';
import { upgradeEligibility } from './infrastructure.ts';
import { accessProject, locationOf, projectRowByRef } from './project-rows.ts';
import { forgetProjectRow, takeProjectOffline } from './project-caches.ts';

/** The spec's eight steps, in order: progress is `{index}_{name}`. */
export const UPGRADE_STEP_NAMES = [
  'prepare_new_server',
  'prepare_new_server_for_migration',
  'execute_pre_upgrade_checks',
  'shut_down_api_services',
  'migrate_to_new_database',
  'execute_database_migration',
  'update_database_extensions',
  'optimize_database',
] as const;
const SHUT_DOWN_STEP = 3;

/**
 * For tests only (set in-process, never reachable over HTTP): runs as each step begins, after its
 * progress is recorded; a throw fails the upgrade at that step, as a real failure there would.
 */
export const upgradeTestHooks: { beforeStep?: (index: number) => void | Promise<void> } = {};

interface UpgradeRow {
  id: string;
  project_ref: string;
  initiated_at: Date | string;
  latest_status_at: Date | string;
  source_version: string;
  target_version: string;
  status: 0 | 1 | 2;
  progress: string;
  error: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function present(row: UpgradeRow): DatabaseUpgradeStatus {
  return {
    initiated_at: iso(row.initiated_at),
    latest_status_at: iso(row.latest_status_at),
    target_version: Number(row.target_version),
    status: Number(row.status) as 0 | 1 | 2,
    progress: row.progress,
    error: row.error,
  };
}

/**
 * Starts an upgrade to `targetVersion` (a major eligibility offers): Owner or Administrator, as
 * pausing. Answers at once with the upgrade's id; the project is UPGRADING until the job is done.
 */
export async function startUpgrade(ctx: ControlContext, actor: Actor, ref: string, targetVersion: number): Promise<{ tracking_id: string }> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.INFRA_EXECUTE, Resource.PAUSE);
  const eligibility = await upgradeEligibility(ctx, project);
  if (project.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_not_active', 'Only a healthy project can be upgraded.');
  if (!eligibility.eligible) {
    throw new PlinthError('upgrade_not_eligible', eligibility.requires_manual_intervention ?? 'The project is on the newest PostgreSQL version available here.');
  }
  const offered = eligibility.target_upgrade_versions.map((t) => Number(t.postgres_version));
  if (!offered.includes(targetVersion)) {
    throw new PlinthError('upgrade_not_eligible', `PostgreSQL ${targetVersion} is not a version this project can upgrade to (offered: ${offered.join(', ')}).`);
  }
  const id = await ctx.jobs.transaction(async (tx) => {
    const changed = await tx.query(`update projects set status = 'UPGRADING', status_error = null where ref = $1 and status = 'ACTIVE_HEALTHY'`, [ref]);
    if (changed.affectedRows === 0) throw new PlinthError('project_not_active', 'Only a healthy project can be upgraded.');
    const { rows } = await tx.query<{ id: string }>(
      'insert into project_upgrades (project_ref, source_version, target_version) values ($1, $2, $3) returning id',
      [ref, project.postgres_version ?? '', String(targetVersion)],
    );
    await tx.send('project-upgrade', { ref, upgradeId: Number(rows[0].id) });
    return String(rows[0].id);
  });
  await recordAudit(ctx.db, actor, { action: 'project.upgrade', organizationSlug: project.organization_slug, projectRef: ref, target: `PostgreSQL ${targetVersion}` });
  return { tracking_id: id };
}

/** The project's latest upgrade (running, failed or done), or null when it never had one: any member. */
export async function upgradeStatus(ctx: ControlContext, actor: Actor, ref: string): Promise<{ databaseUpgradeStatus: DatabaseUpgradeStatus | null }> {
  await accessProject(ctx, actor, ref);
  const { rows } = await ctx.db.query<UpgradeRow>('select * from project_upgrades where project_ref = $1 order by initiated_at desc, id desc limit 1', [ref]);
  return { databaseUpgradeStatus: rows[0] ? present(rows[0]) : null };
}

async function record(ctx: ControlContext, id: number, changes: { progress?: string; status?: 1 | 2; error?: string }): Promise<void> {
  await ctx.db.query(
    `update project_upgrades set progress = coalesce($2, progress), status = coalesce($3, status), error = coalesce($4, error),
            latest_status_at = now(), finished_at = case when $3::smallint is null then finished_at else now() end
      where id = $1`,
    [id, changes.progress ?? null, changes.status ?? null, changes.error ?? null],
  );
}

/**
 * Step 3's part above the engine, on every node (the cluster bus, project-caches.ts): the data
 * plane's view and schema cache of the project are dropped (read again, the project is UPGRADING
 * and refused), its function workers and pooler clients end, and the other nodes close their pools
 * on its database. The wait covers a node that missed the message: its cached view, at most
 * GATEWAY_CACHE_MS old, has expired by then; the engine then turns logins off and ends every session.
 */
async function shutDownApiServices(ctx: ControlContext, ref: string): Promise<void> {
  // The pooler follows this message too (it forgets the project's row and ends its clients).
  await takeProjectOffline(ctx, ref).catch((error: unknown) => ctx.log.error(`could not tell every node to take ${ref} offline: ${errorMessage(error)}`));
  await sleep(GATEWAY_CACHE_MS + 100);
}

/**
 * The project-upgrade job: UPGRADING -> the engine's eight steps -> ACTIVE_HEALTHY on the new major
 * (status 2), or back on the old one (status 1, with the error). A retry after a crash runs it
 * again: the engine first undoes what the cut-off attempt left.
 */
export async function runUpgrade(ctx: ControlContext, job: { ref: string; upgradeId: number }): Promise<void> {
  const { ref, upgradeId } = job;
  const project = await projectRowByRef(ctx.db, ref);
  const { rows } = await ctx.db.query<UpgradeRow>('select * from project_upgrades where id = $1', [upgradeId]);
  const upgrade = rows[0];
  if (!project || !upgrade || Number(upgrade.status) !== 0) return; // deleted, or finished
  const location = locationOf(project);
  try {
    if (project.status !== 'UPGRADING') throw new Error(`The project is ${project.status}, not UPGRADING.`);
    if (!ctx.engine.upgradeMajor) throw new Error(`Upgrading between PostgreSQL majors is not available on the ${ctx.engine.name} engine.`);
    const result = await ctx.engine.upgradeMajor(location, Number(upgrade.target_version), async (index) => {
      await record(ctx, upgradeId, { progress: `${index}_${UPGRADE_STEP_NAMES[index]}` });
      await upgradeTestHooks.beforeStep?.(index);
      if (index === SHUT_DOWN_STEP) await shutDownApiServices(ctx, ref);
    });
    // Local: the same place, a new cluster; postgres: a database on another server of the fleet.
    const { version, location: upgraded } = typeof result === 'string' ? { version: result, location } : result;
    await ctx.engine.project(upgraded);
    await ctx.db.transaction(async (tx) => {
      await tx.query(`update projects set postgres_version = $2, db_server = $3 where ref = $1`, [ref, version, upgraded.server]);
      // Unless it was deleted meanwhile (GOING_DOWN).
      await tx.query(`update projects set status = 'ACTIVE_HEALTHY', status_error = null where ref = $1 and status = 'UPGRADING'`, [ref]);
      await tx.query(`update project_upgrades set status = 2, latest_status_at = now(), finished_at = now() where id = $1`, [upgradeId]);
    });
    await forgetProjectRow(ctx, ref);
    ctx.log.info(`project ${ref} upgraded to PostgreSQL ${version}`);
    await emitOrganizationEvent(ctx, { organizationSlug: project.organization_slug, event: 'project.upgraded', data: { ref, name: project.name, postgres_version: version } });
  } catch (error) {
    ctx.log.error(`upgrading project ${ref} failed: ${errorMessage(error)}`);
    // The engine left the old database in place; opening it brings the project back online.
    await ctx.engine.project(location).catch(() => undefined);
    await record(ctx, upgradeId, { status: 1, error: errorMessage(error) });
    await ctx.db.query(`update projects set status = 'ACTIVE_HEALTHY', status_error = null where ref = $1 and status = 'UPGRADING'`, [ref]);
  }
  await announcePoolerChange(ctx, ref);
}
