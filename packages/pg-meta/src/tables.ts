/** Tables (and partitioned tables): pg_class rows of kind r/p, with RLS flags, size and keys. */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { columnCommentSql, columnDefinition, columnDefinitionSql, columnSchema, columnsJsonSql } from './columns.ts';
import { assertTypeExists } from './data-types.ts';
import { CLASS_COMMENT_JOIN, flagSchema, listConditions, listQuery, type ListOptions } from './filters.ts';
import { relationshipSchema, relationshipsJsonSql } from './foreign-keys.ts';
import { ident, nullableLiteral, qualified } from './identifiers.ts';
import { assertSchemaWritable } from './protected-schemas.ts';
import { jsonRow, pagedRows, Params, type Page, type Queryable } from './queryable.ts';

export const primaryKeySchema = z.object({ schema: z.string(), table_name: z.string(), name: z.string(), table_id: z.number() });

export const tableSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  type: z.enum(['table', 'partitioned_table']),
  rls_enabled: z.boolean(),
  rls_forced: z.boolean(),
  replica_identity: z.enum(['DEFAULT', 'INDEX', 'FULL', 'NOTHING']),
  /** On retrieve: total with indexes and TOAST. In lists: the table data only (kept cheap for long lists). */
  bytes: z.number(),
  size: z.string(),
  live_rows_estimate: z.number(),
  dead_rows_estimate: z.number(),
  comment: z.string().nullable(),
  primary_keys: z.array(primaryKeySchema),
  /** Present on retrieve, and on lists with include_columns. */
  relationships: z.array(relationshipSchema).optional(),
  columns: z.array(columnSchema).optional(),
});
export type Table = z.infer<typeof tableSchema>;

export const tableListQuery = listQuery.extend({ include_columns: flagSchema.optional() });
export type TableListOptions = ListOptions & { include_columns?: boolean };

export const tableCreateBody = z.object({
  name: z.string(),
  schema: z.string().default('public'),
  comment: z.string().nullable().optional(),
  rls_enabled: z.boolean().optional(),
  /** Optional first columns, created with the table in one statement (primary key from `is_primary_key`). */
  columns: z.array(columnDefinition).optional(),
});
export type TableCreate = z.input<typeof tableCreateBody>;

export const tableUpdateBody = z.object({
  name: z.string().optional(),
  schema: z.string().optional(),
  comment: z.string().nullable().optional(),
  rls_enabled: z.boolean().optional(),
  rls_forced: z.boolean().optional(),
  replica_identity: z.enum(['DEFAULT', 'FULL', 'NOTHING']).optional(),
  /** Column names of the new primary key; [] drops it. */
  primary_keys: z.array(z.string()).optional(),
});
export type TableUpdate = z.infer<typeof tableUpdateBody>;

/**
 * The table `relid`, with columns and relationships if asked. Sizes cost a file-system call per fork
 * and relation (slow on PGlite), so lists report the table data only (pg_relation_size, one call)
 * and a single table its total with indexes and TOAST (pg_total_relation_size).
 */
function tableDetailSql(relid: string, parts: { columns: boolean; totalSize: boolean }): string {
  return `select c.oid::int8 as id, n.nspname as schema, c.relname as name,
    case c.relkind when 'p' then 'partitioned_table' else 'table' end as type,
    c.relrowsecurity as rls_enabled, c.relforcerowsecurity as rls_forced,
    case c.relreplident when 'd' then 'DEFAULT' when 'i' then 'INDEX' when 'f' then 'FULL' else 'NOTHING' end as replica_identity,
    s.bytes, pg_size_pretty(s.bytes) as size,
    pg_stat_get_live_tuples(c.oid) as live_rows_estimate, pg_stat_get_dead_tuples(c.oid) as dead_rows_estimate,
    cd.description as comment,
    (select coalesce(json_agg(json_build_object('schema', n.nspname, 'table_name', c.relname, 'name', a.attname, 'table_id', c.oid::int8)
        order by array_position(i.indkey::int2[], a.attnum)), '[]'::json)
      from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = c.oid and i.indisprimary) as primary_keys
    ${parts.columns ? `, ${relationshipsJsonSql('c.oid')} as relationships, ${columnsJsonSql('c.oid')} as columns` : ''}
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  ${CLASS_COMMENT_JOIN}
  cross join lateral (select ${parts.totalSize ? 'pg_total_relation_size(c.oid)' : 'pg_relation_size(c.oid)'}::int8 as bytes) s
  where c.oid = ${relid}`;
}

/** pg_class.relkind letters: r table, p partitioned table, v view, m materialized view, f foreign table. */
export type RelationKinds = 'rp' | 'r' | 'p' | 'v' | 'm' | 'f' | 'rpvmf';

/** The relations an entity list matches; shared with views, materialized views and foreign tables. */
export function relationMatchSql(kinds: RelationKinds, options: ListOptions, params: Params): string {
  if (!/^[rpvmf]+$/.test(kinds)) throw new Error(`Unknown relation kinds ${kinds}`);
  const conditions = listConditions(options, params, { schema: 'n.nspname', name: 'c.relname' });
  return `select c.oid as id, n.nspname as schema_name, c.relname as name, c.relkind as kind
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in (${[...kinds].map((k) => `'${k}'`).join(', ')}) and ${conditions}`;
}

/**
 * Paged in SQL: only the page's rows get sizes, estimates and keys computed (see pagedRows), and
 * columns/relationships only with include_columns.
 */
export async function listTables(db: Queryable, options: TableListOptions = {}, kinds: 'rp' | 'r' | 'p' = 'rp'): Promise<Page<Table>> {
  const params = new Params();
  return pagedRows<Table>(db, {
    match: relationMatchSql(kinds, options, params),
    order: 'schema_name, name',
    detail: (row) => tableDetailSql(`${row}.id`, { columns: options.include_columns === true, totalSize: false }),
    params,
    limit: options.limit,
    offset: options.offset,
  });
}

export async function getTable(db: Queryable, id: number): Promise<Table> {
  const table = await jsonRow<Table>(db, `${tableDetailSql('$1::oid', { columns: true, totalSize: true })} and c.relkind in ('r', 'p')`, [id]);
  if (!table) throw new PlinthError('database_object_not_found', `Table ${id} not found.`);
  return table;
}

/** CREATE TABLE with its columns and primary key, then comments and RLS. */
export function buildTableCreateSql(body: TableCreate): string[] {
  const schema = body.schema ?? 'public';
  const target = qualified(schema, body.name);
  const columns = body.columns ?? [];
  const keys = columns.filter((c) => c.is_primary_key).map((c) => ident(c.name, 'column name'));
  const lines = [...columns.map(columnDefinitionSql), ...(keys.length > 0 ? [`PRIMARY KEY (${keys.join(', ')})`] : [])];
  const statements = [`CREATE TABLE ${target} (${lines.length > 0 ? `\n  ${lines.join(',\n  ')}\n` : ''})`];
  if (body.comment) statements.push(`COMMENT ON TABLE ${target} IS ${nullableLiteral(body.comment)}`);
  for (const column of columns) if (column.comment) statements.push(columnCommentSql({ schema, name: body.name }, column.name, column.comment));
  if (body.rls_enabled) statements.push(`ALTER TABLE ${target} ENABLE ROW LEVEL SECURITY`);
  return statements;
}

/** Only what changed; moving schema then renaming come last, each addressing the table where it then is. */
export function buildTableUpdateSql(current: Pick<Table, 'schema' | 'name' | 'comment' | 'rls_enabled' | 'rls_forced' | 'replica_identity' | 'primary_keys'> & { primaryKeyConstraint?: string | null }, changes: TableUpdate): string[] {
  const out: string[] = [];
  let target = qualified(current.schema, current.name);
  if (changes.rls_enabled !== undefined && changes.rls_enabled !== current.rls_enabled) {
    out.push(`ALTER TABLE ${target} ${changes.rls_enabled ? 'ENABLE' : 'DISABLE'} ROW LEVEL SECURITY`);
  }
  if (changes.rls_forced !== undefined && changes.rls_forced !== current.rls_forced) {
    out.push(`ALTER TABLE ${target} ${changes.rls_forced ? 'FORCE' : 'NO FORCE'} ROW LEVEL SECURITY`);
  }
  if (changes.replica_identity !== undefined && changes.replica_identity !== current.replica_identity) {
    out.push(`ALTER TABLE ${target} REPLICA IDENTITY ${changes.replica_identity}`);
  }
  if (changes.comment !== undefined && changes.comment !== current.comment) {
    out.push(`COMMENT ON TABLE ${target} IS ${nullableLiteral(changes.comment)}`);
  }
  if (changes.primary_keys !== undefined && changes.primary_keys.join('\0') !== current.primary_keys.map((k) => k.name).join('\0')) {
    if (current.primaryKeyConstraint) out.push(`ALTER TABLE ${target} DROP CONSTRAINT ${ident(current.primaryKeyConstraint)}`);
    if (changes.primary_keys.length > 0) {
      out.push(`ALTER TABLE ${target} ADD PRIMARY KEY (${changes.primary_keys.map((k) => ident(k, 'column name')).join(', ')})`);
    }
  }
  let schema = current.schema;
  if (changes.schema !== undefined && changes.schema !== current.schema) {
    out.push(`ALTER TABLE ${target} SET SCHEMA ${ident(changes.schema, 'schema')}`);
    schema = changes.schema;
    target = qualified(schema, current.name);
  }
  if (changes.name !== undefined && changes.name !== current.name) out.push(`ALTER TABLE ${target} RENAME TO ${ident(changes.name)}`);
  return out;
}

export function buildTableDropSql(table: Pick<Table, 'schema' | 'name'>, options: { cascade?: boolean } = {}): string {
  return `DROP TABLE ${qualified(table.schema, table.name)}${options.cascade ? ' CASCADE' : ''}`;
}

async function tableIdOf(db: Queryable, schema: string, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>(
    `select c.oid::int8 as id from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2`,
    [schema, name],
  );
  return Number(rows[0].id);
}

/** Run with a transactional `db`. */
export async function createTable(db: Queryable, body: TableCreate): Promise<Table> {
  const schema = body.schema ?? 'public';
  assertSchemaWritable(schema);
  const statements = buildTableCreateSql(body);
  for (const column of body.columns ?? []) await assertTypeExists(db, column.type);
  for (const sql of statements) await db.query(sql);
  return getTable(db, await tableIdOf(db, schema, body.name));
}

/** Run with a transactional `db`. */
export async function updateTable(db: Queryable, id: number, changes: TableUpdate): Promise<Table> {
  const current = await getTable(db, id);
  assertSchemaWritable(current.schema);
  if (changes.schema !== undefined) assertSchemaWritable(changes.schema);
  const { rows } = await db.query<{ conname: string }>(`select conname from pg_constraint where conrelid = $1::oid and contype = 'p'`, [id]);
  for (const sql of buildTableUpdateSql({ ...current, primaryKeyConstraint: rows[0]?.conname ?? null }, changes)) await db.query(sql);
  return getTable(db, id);
}

export async function deleteTable(db: Queryable, id: number, options: { cascade?: boolean } = {}): Promise<Table> {
  const table = await getTable(db, id);
  assertSchemaWritable(table.schema);
  await db.query(buildTableDropSql(table, options));
  return table;
}
