/**
 * Database roles. "System" roles are the ones a person should not pick in a policy or change from
 * the dashboard:
 *   - Postgres' own (pg_*) and any superuser (RLS never applies to them);
 *   - the provider roles Supabase projects have (postgres, supabase_*, pgsodium_*, authenticator,
 *     pgbouncer, dashboard_user);
 *   - Plinth's per-project roles `project_{ref}_owner` and `project_{ref}_platform` (the login the
 *     platform connects as).
 * anon, authenticated and service_role are not system roles (they are the usual policy targets) but
 * are protected from changes: the data plane depends on them. On a shared Postgres server roles are
 * cluster-wide, so other projects' owner roles are never listed at all.
 */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { flagSchema, listQuery } from './filters.ts';
import { ident, likePattern, literal } from './identifiers.ts';
import { jsonRow, pagedRows, Params, type Page, type Queryable } from './queryable.ts';

export const PROVIDER_ROLES = [
  'postgres', 'authenticator', 'pgbouncer', 'dashboard_user', 'supabase_admin', 'supabase_auth_admin',
  'supabase_storage_admin', 'supabase_realtime_admin', 'supabase_replication_admin', 'supabase_read_only_user',
  'supabase_functions_admin', 'supabase_etl_admin',
] as const;
/** Roles the platform relies on; listed (as policy choices) but never changed through the API. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;

export function isSystemRoleName(name: string): boolean {
  return (PROVIDER_ROLES as readonly string[]).includes(name) || /^(pg_|supabase_|pgsodium_)/.test(name) || /^project_.+_(owner|platform)$/.test(name);
}

export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  is_superuser: z.boolean(),
  can_create_db: z.boolean(),
  can_create_role: z.boolean(),
  inherit_role: z.boolean(),
  can_login: z.boolean(),
  is_replication_role: z.boolean(),
  can_bypass_rls: z.boolean(),
  connection_limit: z.number(),
  valid_until: z.string().nullable(),
  config: z.array(z.string()),
  /** Excluded from role choices (see the module comment). */
  is_system: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListQuery = listQuery.pick({ search: true, limit: true, offset: true }).extend({
  /** true for role choices (policy "Applied to"), false (default) for the roles page. */
  exclude_system_roles: flagSchema.optional(),
});
export type RoleListOptions = z.output<typeof roleListQuery>;

const roleFields = {
  can_login: z.boolean().optional(),
  inherit_role: z.boolean().optional(),
  can_bypass_rls: z.boolean().optional(),
  can_create_db: z.boolean().optional(),
  can_create_role: z.boolean().optional(),
  connection_limit: z.number().int().min(-1).optional(),
  password: z.string().min(1).optional(),
  valid_until: z.string().nullable().optional(),
};
export const roleCreateBody = z.object({ name: z.string(), ...roleFields, member_of: z.array(z.string()).optional() });
export type RoleCreate = z.infer<typeof roleCreateBody>;
export const roleUpdateBody = z.object({ name: z.string().optional(), ...roleFields });
export type RoleUpdate = z.infer<typeof roleUpdateBody>;

/** Plinth's logins on a shared server: every project_* role but this database's owner (even this project's platform login). */
const FOREIGN_OWNER_SQL = `(r.rolname similar to 'project\\_%\\_(owner|platform)' and r.oid <> (select datdba from pg_database where datname = current_database()))`;
const SYSTEM_SQL = `(r.rolsuper or r.rolname = current_user or r.rolname like 'pg\\_%' or r.rolname like 'supabase\\_%'
  or r.rolname like 'pgsodium\\_%' or r.rolname similar to 'project\\_%\\_(owner|platform)' or r.rolname = any($SYSTEM::text[]))`;

function roleDetailSql(roleId: string, systemParam: string): string {
  return `select r.oid::int8 as id, r.rolname as name, r.rolsuper as is_superuser, r.rolcreatedb as can_create_db,
    r.rolcreaterole as can_create_role, r.rolinherit as inherit_role, r.rolcanlogin as can_login,
    r.rolreplication as is_replication_role, r.rolbypassrls as can_bypass_rls, r.rolconnlimit as connection_limit,
    to_char(r.rolvaliduntil at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as valid_until,
    coalesce(to_json(r.rolconfig), '[]'::json) as config,
    ${SYSTEM_SQL.replace('$SYSTEM', systemParam)} as is_system
  from pg_roles r where r.oid = ${roleId}`;
}

export async function listRoles(db: Queryable, options: RoleListOptions = {}): Promise<Page<Role>> {
  const params = new Params();
  const system = params.add([...PROVIDER_ROLES]);
  const conditions = [`not ${FOREIGN_OWNER_SQL}`];
  if (options.exclude_system_roles) conditions.push(`not ${SYSTEM_SQL.replace('$SYSTEM', system)}`);
  if (options.search?.trim()) conditions.push(`r.rolname ilike ${params.add(likePattern(options.search.trim()))}`);
  return pagedRows<Role>(db, {
    match: `select r.oid as id, r.rolname as name from pg_roles r where ${conditions.join(' and ')}`,
    order: 'name',
    detail: (row) => roleDetailSql(`${row}.id`, system),
    params,
    limit: options.limit,
    offset: options.offset,
  });
}

export async function getRole(db: Queryable, id: number): Promise<Role> {
  const role = await jsonRow<Role>(db, `${roleDetailSql('$1::oid', '$2')} and not ${FOREIGN_OWNER_SQL}`, [id, [...PROVIDER_ROLES]]);
  if (!role) throw new PlinthError('database_object_not_found', `Role ${id} not found.`);
  return role;
}

function optionsSql(body: Omit<RoleUpdate, 'name'>): string {
  const parts: string[] = [];
  const toggle = (value: boolean | undefined, keyword: string) => {
    if (value !== undefined) parts.push(value ? keyword : `NO${keyword}`);
  };
  toggle(body.can_login, 'LOGIN');
  toggle(body.inherit_role, 'INHERIT');
  toggle(body.can_bypass_rls, 'BYPASSRLS');
  toggle(body.can_create_db, 'CREATEDB');
  toggle(body.can_create_role, 'CREATEROLE');
  if (body.connection_limit !== undefined) parts.push(`CONNECTION LIMIT ${Math.trunc(body.connection_limit)}`);
  if (body.password !== undefined) parts.push(`PASSWORD ${literal(body.password)}`);
  if (body.valid_until !== undefined) parts.push(`VALID UNTIL ${literal(body.valid_until ?? 'infinity')}`);
  return parts.length > 0 ? ` WITH ${parts.join(' ')}` : '';
}

export function buildRoleCreateSql(body: RoleCreate): string {
  const member = body.member_of?.length ? ` IN ROLE ${body.member_of.map((r) => ident(r, 'role name')).join(', ')}` : '';
  return `CREATE ROLE ${ident(body.name, 'role name')}${optionsSql(body)}${member}`;
}

export function buildRoleUpdateSql(current: Pick<Role, 'name'>, changes: RoleUpdate): string[] {
  const out: string[] = [];
  const options = optionsSql(changes);
  if (options) out.push(`ALTER ROLE ${ident(current.name, 'role name')}${options}`);
  if (changes.name !== undefined && changes.name !== current.name) {
    out.push(`ALTER ROLE ${ident(current.name, 'role name')} RENAME TO ${ident(changes.name, 'role name')}`);
  }
  return out;
}

function assertChangeable(name: string, isSystem = false): void {
  if (isSystem || isSystemRoleName(name) || (API_ROLES as readonly string[]).includes(name)) {
    throw new PlinthError('protected_role', `The role "${name}" is managed by the platform and cannot be changed here.`, { role: name });
  }
}

async function roleIdOf(db: Queryable, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>('select oid::int8 as id from pg_roles where rolname = $1', [name]);
  return Number(rows[0].id);
}

export async function createRole(db: Queryable, body: RoleCreate): Promise<Role> {
  assertChangeable(body.name);
  await db.query(buildRoleCreateSql(body));
  return getRole(db, await roleIdOf(db, body.name));
}

/** Run with a transactional `db`. */
export async function updateRole(db: Queryable, id: number, changes: RoleUpdate): Promise<Role> {
  const current = await getRole(db, id);
  assertChangeable(current.name, current.is_system);
  if (changes.name !== undefined) assertChangeable(changes.name);
  for (const sql of buildRoleUpdateSql(current, changes)) await db.query(sql);
  return getRole(db, id);
}

export async function deleteRole(db: Queryable, id: number): Promise<Role> {
  const role = await getRole(db, id);
  assertChangeable(role.name, role.is_system);
  await db.query(`DROP ROLE ${ident(role.name, 'role name')}`);
  return role;
}
