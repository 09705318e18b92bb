/**
 * Settings > Database, the Connect dialog and their Management API twins: how a project is reached
 * from outside (the pooler's address per mode, a direct address where one is reachable), the
 * database password, the pooler's pool settings, network restrictions and SSL enforcement. The
 * pooler (data-plane/pooler) reads the same project_database_settings row and projects.db_pass_enc.
 */
import { isIP, isIPv4 } from 'node:net';
import type { DatabaseSettings, PoolerConfig, PoolMode } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { limits, type Plan } from '@plinth/plans';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject, locationOf, type ProjectRow } from './project-rows.ts';
import { forgetProjectRow } from './project-caches.ts';

/** When the plan names no pool size (Enterprise: custom), Supabase's smallest compute's figure. */
const FALLBACK_POOL_SIZE = 15;
const DATABASE = 'postgres';
const PASSWORD_PLACEHOLDER = '[YOUR-PASSWORD]';

interface StoredSettings {
  pool_mode: PoolMode;
  default_pool_size: number | null;
  allowed_cidrs: string[];
  ssl_enforced: boolean;
}

const DEFAULTS: StoredSettings = { pool_mode: 'transaction', default_pool_size: null, allowed_cidrs: [], ssl_enforced: false };

async function storedSettings(ctx: ControlContext, ref: string): Promise<StoredSettings> {
  const { rows } = await ctx.db.query<StoredSettings>(
    'select pool_mode, default_pool_size, allowed_cidrs, ssl_enforced from project_database_settings where project_ref = $1',
    [ref],
  );
  return rows[0] ?? DEFAULTS;
}

/** Writes only the given columns; the row is made on first change, the others keep their defaults. */
async function saveSettings(ctx: ControlContext, ref: string, changes: Partial<StoredSettings>): Promise<StoredSettings> {
  const columns = Object.keys(changes) as (keyof StoredSettings)[];
  const values = columns.map((c) => changes[c]);
  const { rows } = await ctx.db.query<StoredSettings>(
    `insert into project_database_settings (project_ref${columns.map((c) => `, ${c}`).join('')}) values ($1${columns.map((_, i) => `, $${i + 2}`).join('')})
     on conflict (project_ref) do update set ${[...columns.map((c) => `${c} = excluded.${c}`), 'updated_at = now()'].join(', ')}
     returning pool_mode, default_pool_size, allowed_cidrs, ssl_enforced`,
    [ref, ...values],
  );
  // The data plane and every node's pooler see it now.
  await forgetProjectRow(ctx, ref);
  return rows[0];
}

/** An IPv6 literal needs brackets in a URI's authority. */
function uriHost(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}

function connectionString(user: string, host: string, port: number, database: string): string {
  return `postgres://${user}:${PASSWORD_PLACEHOLDER}@${uriHost(host)}:${port}/${database}`;
}

function poolSizeOf(plan: Plan, stored: StoredSettings): number {
  return stored.default_pool_size ?? limits(plan).poolerDefaultPoolSize ?? FALLBACK_POOL_SIZE;
}

/**
 * One entry per pooler port: the main port (transaction mode unless set to session) and the
 * session port. The embedded engine has one session per project, which only a transaction pooler
 * can share, so it gets the main port alone, always in transaction mode.
 */
function poolerEntries(ctx: ControlContext, project: ProjectRow, plan: Plan, stored: StoredSettings): PoolerConfig[] {
  const { publicHost, transactionPort, sessionPort } = ctx.config.pooler;
  const user = `postgres.${project.ref}`;
  const entry = (identifier: string, port: number, mode: PoolMode): PoolerConfig => ({
    identifier,
    database_type: 'PRIMARY',
    is_using_scram_auth: project.engine !== 'embedded',
    db_user: user,
    db_host: publicHost,
    db_port: port,
    db_name: DATABASE,
    connection_string: connectionString(user, publicHost, port, DATABASE),
    default_pool_size: poolSizeOf(plan, stored),
    max_client_conn: limits(plan).poolerClientConnections,
    pool_mode: mode,
  });
  const entries: PoolerConfig[] = [];
  if (transactionPort !== null) entries.push(entry(project.ref, transactionPort, project.engine === 'embedded' ? 'transaction' : stored.pool_mode));
  if (sessionPort !== null && project.engine !== 'embedded') entries.push(entry(`${project.ref}-session`, sessionPort, 'session'));
  return entries;
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|::1)$/i;

/**
 * The project's own server, where people can reach it: never on embedded (no server) or local
 * (clusters listen on a socket only). On the postgres engine, the project's server and owner login,
 * unless the server is on a loopback address while clients are told a public host: then it is
 * reachable from this machine only, and the pooler is the way in.
 */
function directOf(ctx: ControlContext, project: ProjectRow): DatabaseSettings['direct'] {
  if (project.engine !== 'postgres' || !project.db_server) return null;
  const info = ctx.engine.connectionInfo(locationOf(project));
  if (LOOPBACK.test(info.host) && !LOOPBACK.test(ctx.config.pooler.publicHost)) return null;
  return { host: info.host, port: info.port, user: info.user, name: info.database, connection_string: connectionString(info.user, info.host, info.port, info.database) };
}

async function databaseSize(ctx: ControlContext, project: ProjectRow): Promise<number> {
  // A paused or starting project is not opened just to be measured.
  if (project.status !== 'ACTIVE_HEALTHY') return 0;
  const db = await ctx.engine.project(locationOf(project));
  const { rows } = await db.query<{ size: number }>('select pg_database_size(current_database())::float8 as size');
  return Number(rows[0]?.size ?? 0);
}

export async function databaseSettings(ctx: ControlContext, actor: Actor, ref: string): Promise<DatabaseSettings> {
  const { project, organization } = await accessProject(ctx, actor, ref);
  const stored = await storedSettings(ctx, ref);
  return {
    engine: project.engine,
    pooler: poolerEntries(ctx, project, organization.plan, stored),
    direct: directOf(ctx, project),
    tls_available: ctx.config.pooler.tls !== null,
    ssl_enforced: stored.ssl_enforced,
    allowed_cidrs: stored.allowed_cidrs,
    database_size_bytes: await databaseSize(ctx, project),
  };
}

/** Whoever may change the project's settings (Owner, Administrator). */
async function accessForChange(ctx: ControlContext, actor: Actor, ref: string) {
  const access = await accessProject(ctx, actor, ref);
  authorize(access.role, Action.UPDATE, Resource.PROJECTS);
  return access;
}

/**
 * Changes the login first, then the stored password, with the project's row locked so two resets
 * cannot interleave. If storing fails, the login gets its old password back: the engine and the row
 * never disagree, and the pooler (which checks the stored one) keeps working. The password itself
 * is neither logged nor audited.
 */
export async function resetDatabasePassword(ctx: ControlContext, actor: Actor, ref: string, password: string): Promise<{ result: 'ok' }> {
  const { project, organization } = await accessForChange(ctx, actor, ref);
  if (project.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_not_active');
  const location = locationOf(project);
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ db_pass_enc: string }>('select db_pass_enc from projects where ref = $1 for update', [ref]);
    const previous = ctx.secrets.decrypt(rows[0].db_pass_enc);
    await ctx.engine.setLoginPassword(location, password);
    try {
      // The secrets version too: edge functions' SUPABASE_DB_URL holds the password, so every node
      // replaces the project's workers at their next request.
      await tx.query('update projects set db_pass_enc = $2, function_secrets_version = function_secrets_version + 1 where ref = $1', [ref, ctx.secrets.encrypt(password)]);
      await recordAudit(tx, actor, { action: 'project.database_password.update', organizationSlug: organization.slug, projectRef: ref, target: project.name });
    } catch (error) {
      await ctx.engine.setLoginPassword(location, previous);
      throw error;
    }
  }).catch(async (error: unknown) => {
    // A failed COMMIT surfaces here, after the login already changed: put the old one back.
    if (!(error instanceof PlinthError)) await restoreLogin(ctx, location, ref);
    throw error;
  });
  // This node's functions see the new secrets version at once (other nodes within their row cache's second).
  await forgetProjectRow(ctx, ref);
  return { result: 'ok' };
}

/** Sets the login to whatever the row holds: after a failure, the row is the truth. */
async function restoreLogin(ctx: ControlContext, location: ReturnType<typeof locationOf>, ref: string): Promise<void> {
  const { rows } = await ctx.db.query<{ db_pass_enc: string }>('select db_pass_enc from projects where ref = $1', [ref]).catch(() => ({ rows: [] }));
  if (rows[0]) await ctx.engine.setLoginPassword(location, ctx.secrets.decrypt(rows[0].db_pass_enc)).catch(() => undefined);
}

export async function poolerConfig(ctx: ControlContext, actor: Actor, ref: string): Promise<PoolerConfig[]> {
  const { project, organization } = await accessProject(ctx, actor, ref);
  return poolerEntries(ctx, project, organization.plan, await storedSettings(ctx, ref));
}

export async function updatePoolerConfig(
  ctx: ControlContext, actor: Actor, ref: string, body: { default_pool_size?: number; pool_mode?: PoolMode },
): Promise<{ default_pool_size: number; pool_mode: PoolMode }> {
  const { project, organization } = await accessForChange(ctx, actor, ref);
  if (body.pool_mode === 'session' && project.engine === 'embedded') {
    throw new PlinthError('engine_feature_unavailable', 'Session mode needs a database server: an embedded project has one session, which the pooler shares per transaction.');
  }
  const maxClients = limits(organization.plan).poolerClientConnections;
  if (body.default_pool_size !== undefined && maxClients !== null && body.default_pool_size > maxClients) {
    throw new PlinthError('validation_failed', `default_pool_size: at most ${maxClients} on this plan`);
  }
  const changes: Partial<StoredSettings> = {};
  if (body.pool_mode !== undefined) changes.pool_mode = body.pool_mode;
  if (body.default_pool_size !== undefined) changes.default_pool_size = body.default_pool_size;
  const stored = Object.keys(changes).length > 0 ? await saveSettings(ctx, ref, changes) : await storedSettings(ctx, ref);
  await recordAudit(ctx.db, actor, { action: 'project.pooler_config.update', organizationSlug: organization.slug, projectRef: ref, target: Object.keys(changes).join(', ') });
  return { default_pool_size: poolSizeOf(organization.plan, stored), pool_mode: stored.pool_mode };
}

/** `address/prefix` with a prefix the family allows; the error names the entry. */
export function assertCidr(value: string, family: 4 | 6): string {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(value.trim());
  const version = match ? isIP(match[1]) : 0;
  const prefix = match ? Number(match[2]) : NaN;
  if (!match || version === 0) throw new PlinthError('validation_failed', `${value} is not a valid CIDR (e.g. 203.0.113.0/24 or 2001:db8::/32)`);
  if (version !== family) throw new PlinthError('validation_failed', `${value} is an IPv${version} range: list it with the IPv${version} ranges`);
  if (prefix > (family === 4 ? 32 : 128)) throw new PlinthError('validation_failed', `${value}: the prefix of an IPv${family} range is at most ${family === 4 ? 32 : 128}`);
  return `${match[1].toLowerCase()}/${prefix}`;
}

interface NetworkRestrictions {
  entitlement: 'allowed' | 'disallowed';
  config: { dbAllowedCidrs: string[]; dbAllowedCidrsV6: string[] };
  status: 'stored' | 'applied';
}

function presentRestrictions(ctx: ControlContext, cidrs: string[]): NetworkRestrictions {
  const { transactionPort, sessionPort } = ctx.config.pooler;
  return {
    // No plan in the catalogue withholds network restrictions.
    entitlement: 'allowed',
    // Both lists in one column; the family tells them apart.
    config: { dbAllowedCidrs: cidrs.filter((c) => isIPv4(c.split('/')[0])), dbAllowedCidrsV6: cidrs.filter((c) => !isIPv4(c.split('/')[0])) },
    // The pooler reads the row on each new connection; with no pooler port nothing applies them.
    status: transactionPort !== null || sessionPort !== null ? 'applied' : 'stored',
  };
}

export async function networkRestrictions(ctx: ControlContext, actor: Actor, ref: string): Promise<NetworkRestrictions> {
  await accessProject(ctx, actor, ref);
  return presentRestrictions(ctx, (await storedSettings(ctx, ref)).allowed_cidrs);
}

export async function applyNetworkRestrictions(
  ctx: ControlContext, actor: Actor, ref: string, body: { dbAllowedCidrs: string[]; dbAllowedCidrsV6: string[] },
): Promise<NetworkRestrictions> {
  const { organization } = await accessForChange(ctx, actor, ref);
  const cidrs = [...new Set([...body.dbAllowedCidrs.map((c) => assertCidr(c, 4)), ...body.dbAllowedCidrsV6.map((c) => assertCidr(c, 6))])];
  const stored = await saveSettings(ctx, ref, { allowed_cidrs: cidrs });
  await recordAudit(ctx.db, actor, { action: 'project.network_restrictions.update', organizationSlug: organization.slug, projectRef: ref, target: cidrs.length === 0 ? 'all' : cidrs.join(', ') });
  return presentRestrictions(ctx, stored.allowed_cidrs);
}

export async function sslEnforcement(ctx: ControlContext, actor: Actor, ref: string): Promise<{ currentConfig: { database: boolean }; appliedSuccessfully: boolean }> {
  await accessProject(ctx, actor, ref);
  return { currentConfig: { database: (await storedSettings(ctx, ref)).ssl_enforced }, appliedSuccessfully: true };
}

export async function updateSslEnforcement(
  ctx: ControlContext, actor: Actor, ref: string, body: { requestedConfig: { database: boolean } },
): Promise<{ currentConfig: { database: boolean }; appliedSuccessfully: boolean }> {
  const { organization } = await accessForChange(ctx, actor, ref);
  if (body.requestedConfig.database && ctx.config.pooler.tls === null) {
    throw new PlinthError('validation_failed', 'SSL cannot be enforced: the pooler has no TLS certificate (set PLINTH_POOLER_TLS_CERT and PLINTH_POOLER_TLS_KEY).');
  }
  const stored = await saveSettings(ctx, ref, { ssl_enforced: body.requestedConfig.database });
  await recordAudit(ctx.db, actor, { action: 'project.ssl_enforcement.update', organizationSlug: organization.slug, projectRef: ref, target: String(stored.ssl_enforced) });
  return { currentConfig: { database: stored.ssl_enforced }, appliedSuccessfully: true };
}
