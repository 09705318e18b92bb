/** RLS policies: read from pg_policy, changed with the pure builders of policy-sql.ts. */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { listConditions, listQuery } from './filters.ts';
import {
  buildPolicyCreateSql, buildPolicyDropSql, buildPolicyUpdateSql, policyCreateBody, policyUpdateScript,
  type Policy, type PolicyCreate, type PolicyUpdate,
} from './policy-sql.ts';
import { assertSchemaWritable } from './protected-schemas.ts';
import { jsonRow, pagedRows, Params, type Page, type Queryable } from './queryable.ts';

export const policyListQuery = listQuery.extend({ table_id: z.coerce.number().int().optional() });
export type PolicyListOptions = z.output<typeof policyListQuery>;

const COMMAND_SQL = `case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end`;

function policyDetailSql(policyId: string): string {
  return `select p.oid::int8 as id, n.nspname as schema, c.relname as "table", c.oid::int8 as table_id, p.polname as name,
    case when p.polpermissive then 'PERMISSIVE' else 'RESTRICTIVE' end as action,
    case when p.polroles = '{0}'::oid[] then json_build_array('public')
      else (select coalesce(json_agg(r.rolname order by r.rolname), '[]'::json) from pg_roles r where r.oid = any(p.polroles)) end as roles,
    ${COMMAND_SQL} as command,
    pg_get_expr(p.polqual, p.polrelid) as definition,
    pg_get_expr(p.polwithcheck, p.polrelid) as "check"
  from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
  where p.oid = ${policyId}`;
}

export async function listPolicies(db: Queryable, options: PolicyListOptions = {}): Promise<Page<Policy>> {
  const params = new Params();
  const conditions = listConditions(options, params, { schema: 'n.nspname', name: 'p.polname' });
  const tableFilter = options.table_id === undefined ? 'true' : `p.polrelid = ${params.add(options.table_id)}::oid`;
  return pagedRows<Policy>(db, {
    match: `select p.oid as id, n.nspname as schema_name, c.relname as table_name, p.polname as name
      from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
      where ${tableFilter} and ${conditions}`,
    order: 'schema_name, table_name, name',
    detail: (row) => policyDetailSql(`${row}.id`),
    params,
    limit: options.limit,
    offset: options.offset,
  });
}

export async function getPolicy(db: Queryable, id: number): Promise<Policy> {
  const policy = await jsonRow<Policy>(db, policyDetailSql('$1::oid'), [id]);
  if (!policy) throw new PlinthError('database_object_not_found', `Policy ${id} not found.`);
  return policy;
}

async function policyIdOf(db: Queryable, schema: string, table: string, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>(
    `select p.oid::int8 as id from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = $2 and p.polname = $3`,
    [schema, table, name],
  );
  if (rows.length === 0) throw new PlinthError('database_object_not_found', `Policy "${name}" on ${schema}.${table} not found.`);
  return Number(rows[0].id);
}

export async function createPolicy(db: Queryable, body: PolicyCreate): Promise<Policy> {
  const input = policyCreateBody.parse(body);
  assertSchemaWritable(input.schema, { forPolicies: true });
  await db.query(buildPolicyCreateSql(input));
  return getPolicy(db, await policyIdOf(db, input.schema, input.table, input.name));
}

/** What an edit would run, for the review step; '' when nothing changed. */
export async function previewPolicyUpdate(db: Queryable, id: number, changes: PolicyUpdate): Promise<string> {
  return policyUpdateScript(buildPolicyUpdateSql(await getPolicy(db, id), changes));
}

/** Run with a transactional `db`: an edit's statements commit together or not at all. */
export async function updatePolicy(db: Queryable, id: number, changes: PolicyUpdate): Promise<Policy> {
  const current = await getPolicy(db, id);
  assertSchemaWritable(current.schema, { forPolicies: true });
  for (const sql of buildPolicyUpdateSql(current, changes)) await db.query(sql);
  // A rename keeps the oid, so the policy is found again by id.
  return getPolicy(db, id);
}

export async function deletePolicy(db: Queryable, id: number): Promise<Policy> {
  const policy = await getPolicy(db, id);
  assertSchemaWritable(policy.schema, { forPolicies: true });
  await db.query(buildPolicyDropSql(policy));
  return policy;
}
