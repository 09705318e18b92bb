/** Foreign keys: a table's "relationships" (one row per column pair), created and dropped as constraints. */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { ident, qualified } from './identifiers.ts';
import { assertSchemaWritable } from './protected-schemas.ts';
import { jsonRow, jsonRows, type Queryable } from './queryable.ts';

const ACTIONS = ['NO ACTION', 'RESTRICT', 'CASCADE', 'SET NULL', 'SET DEFAULT'] as const;
const actionSchema = z.enum(ACTIONS);
const ACTION_SQL = `case %s when 'a' then 'NO ACTION' when 'r' then 'RESTRICT' when 'c' then 'CASCADE' when 'n' then 'SET NULL' else 'SET DEFAULT' end`;

export const relationshipSchema = z.object({
  /** The constraint's oid: one foreign key over two columns is two rows with the same id. */
  id: z.number(),
  constraint_name: z.string(),
  source_schema: z.string(),
  source_table_name: z.string(),
  source_column_name: z.string(),
  target_table_schema: z.string(),
  target_table_name: z.string(),
  target_column_name: z.string(),
  update_action: actionSchema,
  delete_action: actionSchema,
});
export type Relationship = z.infer<typeof relationshipSchema>;

export const foreignKeyCreateBody = z.object({
  table_id: z.number().int(),
  /** Postgres names it `{table}_{column}_fkey` when omitted. */
  name: z.string().optional(),
  columns: z.array(z.string()).min(1),
  target_table_id: z.number().int(),
  target_columns: z.array(z.string()).min(1),
  on_update: actionSchema.optional(),
  on_delete: actionSchema.optional(),
});
export type ForeignKeyCreate = z.infer<typeof foreignKeyCreateBody>;

function relationshipSql(where: string): string {
  return `select con.oid::int8 as id, con.conname as constraint_name,
      sn.nspname as source_schema, sc.relname as source_table_name, sa.attname as source_column_name,
      tn.nspname as target_table_schema, tc.relname as target_table_name, ta.attname as target_column_name,
      ${ACTION_SQL.replace('%s', 'con.confupdtype')} as update_action, ${ACTION_SQL.replace('%s', 'con.confdeltype')} as delete_action
    from pg_constraint con
    cross join lateral unnest(con.conkey, con.confkey) with ordinality as k(source_attnum, target_attnum, ord)
    join pg_class sc on sc.oid = con.conrelid join pg_namespace sn on sn.oid = sc.relnamespace
    join pg_class tc on tc.oid = con.confrelid join pg_namespace tn on tn.oid = tc.relnamespace
    join pg_attribute sa on sa.attrelid = con.conrelid and sa.attnum = k.source_attnum
    join pg_attribute ta on ta.attrelid = con.confrelid and ta.attnum = k.target_attnum
    where con.contype = 'f' and ${where}`;
}

/** Foreign keys from and to the table `relid`, as a JSON array. */
export function relationshipsJsonSql(relid: string): string {
  return `(select coalesce(json_agg(r), '[]'::json) from (
    ${relationshipSql(`(con.conrelid = ${relid} or con.confrelid = ${relid})`)} order by con.conname, k.ord) r)`;
}

export async function getForeignKey(db: Queryable, id: number): Promise<Relationship[]> {
  const rows = await jsonRows<Relationship>(db, `${relationshipSql('con.oid = $1::oid')} order by k.ord`, [id]);
  if (rows.length === 0) throw new PlinthError('database_object_not_found', `Foreign key ${id} not found.`);
  return rows;
}

export function buildForeignKeyCreateSql(
  source: { schema: string; name: string },
  target: { schema: string; name: string },
  body: Omit<ForeignKeyCreate, 'table_id' | 'target_table_id'>,
): string {
  if (body.columns.length !== body.target_columns.length) {
    throw new PlinthError('validation_failed', 'A foreign key needs as many referenced columns as columns.');
  }
  const list = (names: string[]) => names.map((n) => ident(n, 'column name')).join(', ');
  return [
    `ALTER TABLE ${qualified(source.schema, source.name)} ADD`,
    ...(body.name !== undefined ? [`CONSTRAINT ${ident(body.name, 'constraint name')}`] : []),
    `FOREIGN KEY (${list(body.columns)}) REFERENCES ${qualified(target.schema, target.name)} (${list(body.target_columns)})`,
    ...(body.on_update ? [`ON UPDATE ${body.on_update}`] : []),
    ...(body.on_delete ? [`ON DELETE ${body.on_delete}`] : []),
  ].join(' ');
}

async function relation(db: Queryable, id: number): Promise<{ schema: string; name: string }> {
  const row = await jsonRow<{ schema: string; name: string }>(db,
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = $1::oid`, [id]);
  if (!row) throw new PlinthError('database_object_not_found', `Table ${id} not found.`);
  return row;
}

/**
 * Run with a transactional `db`. The referenced table may be in a protected schema (a profile row
 * pointing at auth.users is the usual case): only the referencing table is changed.
 */
export async function createForeignKey(db: Queryable, body: ForeignKeyCreate): Promise<Relationship[]> {
  const source = await relation(db, body.table_id);
  assertSchemaWritable(source.schema);
  const target = await relation(db, body.target_table_id);
  const keys = async () => (await db.query<{ id: number | string }>(
    `select oid::int8 as id from pg_constraint where conrelid = $1::oid and contype = 'f'`, [body.table_id],
  )).rows.map((r) => Number(r.id));
  const before = new Set(await keys());
  await db.query(buildForeignKeyCreateSql(source, target, body));
  const created = (await keys()).find((id) => !before.has(id));
  if (created === undefined) throw new Error('The new foreign key was not found after creating it.');
  return getForeignKey(db, created);
}

export async function deleteForeignKey(db: Queryable, id: number): Promise<Relationship[]> {
  const relationship = await getForeignKey(db, id);
  const first = relationship[0];
  assertSchemaWritable(first.source_schema);
  await db.query(`ALTER TABLE ${qualified(first.source_schema, first.source_table_name)} DROP CONSTRAINT ${ident(first.constraint_name)}`);
  return relationship;
}
