/**
 * Settings > Infrastructure and the Management API's upgrade eligibility: where the project's
 * database runs, its PostgreSQL version, disk used against the plan, and whether a newer
 * PostgreSQL major is there to move to (local: the majors installed side by side; postgres: the
 * majors of the fleet's servers that answer; embedded: not available). Eligibility is the one
 * source of allowed targets: upgrades.ts refuses any other.
 */
import type { ProjectInfrastructure, UpgradeEligibility } from '@plinth/api-contract';
import type { Plan } from '@plinth/plans';
import type { Actor, ControlContext } from './context.ts';
import { hasServerConnections, readDatabaseState, type DatabaseState } from './database-report.ts';
import { diskQuotaOf } from './disk-usage.ts';
import { accessProject, connectionInfoOf, locationOf, type ProjectRow } from './project-rows.ts';

/** Measuring must not hold the page up when the database is slow or down. */
const MEASURE_TIMEOUT_MS = 5_000;

const appVersion = (version: string) => `plinth-postgres-${version}`;
const majorOf = (version: string) => Number.parseInt(version, 10);

/** Eligibility in Supabase's shape, from the engine's majors and the project's recorded version. */
export async function upgradeEligibility(ctx: ControlContext, project: Pick<ProjectRow, 'status' | 'postgres_version'>): Promise<UpgradeEligibility> {
  const current = project.postgres_version ?? '';
  const majors = (await ctx.engine.postgresMajors?.()) ?? null;
  const targets = majors && current ? majors.filter((m) => m.major > majorOf(current)) : [];
  let reason: string | null = null;
  if (!majors) reason = `Upgrading between PostgreSQL majors is not available on the ${ctx.engine.name} engine yet.`;
  else if (!current) reason = 'The project has no database yet.';
  else if (project.status !== 'ACTIVE_HEALTHY' && targets.length > 0) reason = 'The project must be running to be upgraded.';
  else if (targets.length === 0 && ctx.engine.name === 'postgres') {
    reason = "No server of a newer PostgreSQL major is in this installation's fleet (PLINTH_PROJECT_SERVERS).";
  }
  return {
    eligible: reason === null && targets.length > 0,
    current_app_version: current ? appVersion(current) : '',
    current_app_version_release_channel: 'ga',
    latest_app_version: appVersion(targets[0]?.version ?? current),
    target_upgrade_versions: targets.map((m) => ({ postgres_version: String(m.major), release_channel: 'ga', app_version: appVersion(m.version) })),
    requires_manual_intervention: reason,
    potential_breaking_changes: [],
    // A dump and load beside the running database (engines/local/major-upgrade.ts, engines/postgres/major-upgrade.ts): for databases the plans include, well under the hour quoted.
    duration_estimate_hours: 1,
    legacy_auth_custom_roles: [],
    objects_to_be_dropped: [],
    unsupported_extensions: [],
    user_defined_objects_in_internal_schemas: [],
    extension_dependent_objects: [],
  };
}

export async function projectUpgradeEligibility(ctx: ControlContext, actor: Actor, ref: string): Promise<UpgradeEligibility> {
  const { project } = await accessProject(ctx, actor, ref);
  return upgradeEligibility(ctx, project);
}

async function measure(ctx: ControlContext, project: ProjectRow): Promise<DatabaseState | null> {
  if (project.status !== 'ACTIVE_HEALTHY') return null;
  let timer: NodeJS.Timeout | undefined;
  const reading = ctx.engine
    .project(locationOf(project))
    .then((db) => readDatabaseState(db, { countConnections: hasServerConnections(ctx) }))
    .catch(() => null);
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), MEASURE_TIMEOUT_MS);
  });
  return Promise.race([reading, timeout]).finally(() => clearTimeout(timer));
}

/** The page's figures: any member who can read the project; the server is named without credentials. */
export async function projectInfrastructure(ctx: ControlContext, actor: Actor, ref: string): Promise<ProjectInfrastructure> {
  const { project, organization } = await accessProject(ctx, actor, ref);
  const info = connectionInfoOf(ctx, project);
  const state = await measure(ctx, project);
  return {
    engine: project.engine,
    server: info.host ? `${info.host}${info.port ? `:${info.port}` : ''}` : `${project.engine} engine`,
    postgres_version: project.postgres_version ?? '',
    disk_used_bytes: state?.database_size_bytes ?? null,
    disk_included_bytes: diskQuotaOf(ctx, organization.plan as Plan),
    read_only_since: project.read_only_since ? new Date(project.read_only_since).toISOString() : null,
    connections: state?.connections ? { used: state.connections.total, max: state.connections.max } : null,
    upgrade: await upgradeEligibility(ctx, project),
  };
}
