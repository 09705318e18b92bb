/** Indexes: listed per table or schema, created on columns, dropped. */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { listConditions, listQuery } from './filters.ts';
import { ident, qualified } from './identifiers.ts';
import { assertSchemaWritable } from './protected-schemas.ts';
import { jsonRow, pagedRows, Params, type Page, type Queryable } from './queryable.ts';
import { sqlFragment } from './sql-lexer.ts';

const METHODS = ['btree', 'hash', 'gist', 'spgist', 'gin', 'brin'] as const;

export const indexSchema = z.object({
  id: z.number(),
  table_id: z.number(),
  schema: z.string(),
  table: z.string(),
  name: z.string(),
  is_unique: z.boolean(),
  is_primary: z.boolean(),
  access_method: z.string(),
  /** Key columns by name; expressions as Postgres prints them. */
  columns: z.array(z.string()),
  /** CREATE INDEX ... as Postgres prints it. */
  index_definition: z.string(),
  bytes: z.number(),
  comment: z.string().nullable(),
});
export type Index = z.infer<typeof indexSchema>;

export const indexListQuery = listQuery.extend({ table_id: z.coerce.number().int().optional() });
export type IndexListOptions = z.output<typeof indexListQuery>;

export const indexCreateBody = z.object({
  schema: z.string().default('public'),
  table: z.string(),
  /** Postgres names it `{table}_{columns}_idx` when omitted. */
  name: z.string().optional(),
  columns: z.array(z.string()).min(1),
  unique: z.boolean().optional(),
  method: z.enum(METHODS).default('btree'),
  /** Partial index predicate (SQL). */
  where: z.string().optional(),
});
export type IndexCreate = z.input<typeof indexCreateBody>;

function indexDetailSql(indexId: string): string {
  return `select ic.oid::int8 as id, c.oid::int8 as table_id, n.nspname as schema, c.relname as "table", ic.relname as name,
    i.indisunique as is_unique, i.indisprimary as is_primary, am.amname as access_method,
    (select coalesce(json_agg(pg_get_indexdef(i.indexrelid, k.ord::int, true) order by k.ord), '[]'::json)
      from generate_series(1, i.indnkeyatts) k(ord)) as columns,
    pg_get_indexdef(i.indexrelid) as index_definition,
    pg_relation_size(ic.oid) as bytes,
    obj_description(ic.oid, 'pg_class') as comment
  from pg_index i
  join pg_class ic on ic.oid = i.indexrelid join pg_am am on am.oid = ic.relam
  join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
  where ic.oid = ${indexId}`;
}

export async function listIndexes(db: Queryable, options: IndexListOptions = {}): Promise<Page<Index>> {
  const params = new Params();
  const conditions = listConditions(options, params, { schema: 'n.nspname', name: 'ic.relname' });
  const tableFilter = options.table_id === undefined ? 'true' : `i.indrelid = ${params.add(options.table_id)}::oid`;
  return pagedRows<Index>(db, {
    match: `select ic.oid as id, n.nspname as schema_name, ic.relname as name
      from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_namespace n on n.oid = ic.relnamespace
      where ${tableFilter} and ${conditions}`,
    order: 'schema_name, name',
    detail: (row) => indexDetailSql(`${row}.id`),
    params,
    limit: options.limit,
    offset: options.offset,
  });
}

export async function getIndex(db: Queryable, id: number): Promise<Index> {
  const index = await jsonRow<Index>(db, indexDetailSql('$1::oid'), [id]);
  if (!index) throw new PlinthError('database_object_not_found', `Index ${id} not found.`);
  return index;
}

export function buildIndexCreateSql(body: IndexCreate): string {
  const name = body.name !== undefined ? `${ident(body.name, 'index name')} ` : '';
  const columns = body.columns.map((c) => ident(c, 'column name')).join(', ');
  const where = body.where ? ` WHERE (${sqlFragment(body.where, 'index predicate')})` : '';
  return `CREATE ${body.unique ? 'UNIQUE ' : ''}INDEX ${name}ON ${qualified(body.schema ?? 'public', body.table)} USING ${body.method ?? 'btree'} (${columns})${where}`;
}

export async function createIndex(db: Queryable, body: IndexCreate): Promise<Index> {
  const input = indexCreateBody.parse(body);
  assertSchemaWritable(input.schema);
  const ids = async () => (await db.query<{ id: number | string }>(
    `select i.indexrelid::int8 as id from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = $2`, [input.schema, input.table],
  )).rows.map((r) => Number(r.id));
  const before = new Set(await ids());
  await db.query(buildIndexCreateSql(input));
  const id = (await ids()).find((x) => !before.has(x));
  if (id === undefined) throw new Error('The new index was not found after creating it.');
  return getIndex(db, id);
}

export async function deleteIndex(db: Queryable, id: number, options: { cascade?: boolean } = {}): Promise<Index> {
  const index = await getIndex(db, id);
  assertSchemaWritable(index.schema);
  await db.query(`DROP INDEX ${qualified(index.schema, index.name)}${options.cascade ? ' CASCADE' : ''}`);
  return index;
}
