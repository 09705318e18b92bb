/** Columns of tables (and views): read from pg_attribute; changed with ALTER TABLE. */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { assertTypeExists, typeSql } from './data-types.ts';
import { listConditions, listQuery } from './filters.ts';
import { ident, literal, nullableLiteral, qualified } from './identifiers.ts';
import { assertSchemaWritable } from './protected-schemas.ts';
import { jsonRow, pagedRows, Params, type Page, type Queryable } from './queryable.ts';
import { sqlFragment } from './sql-lexer.ts';

export const columnSchema = z.object({
  /** `{table_id}.{ordinal_position}` */
  id: z.string(),
  table_id: z.number(),
  schema: z.string(),
  table: z.string(),
  ordinal_position: z.number(),
  name: z.string(),
  /** The default as SQL, e.g. `now()` or `'draft'::text`. */
  default_value: z.string().nullable(),
  /** The full SQL type, usable in DDL as is: `character varying(255)`, `text[]`, `public.mood`. */
  data_type: z.string(),
  /** The type's own name: `int8`, `_text` (arrays), `mood`. */
  format: z.string(),
  is_identity: z.boolean(),
  identity_generation: z.enum(['ALWAYS', 'BY DEFAULT']).nullable(),
  is_generated: z.boolean(),
  is_nullable: z.boolean(),
  is_unique: z.boolean(),
  is_primary_key: z.boolean(),
  /** Labels when the type (or the array's element type) is an enum. */
  enums: z.array(z.string()),
  /** A CHECK constraint on this column alone. */
  check: z.string().nullable(),
  comment: z.string().nullable(),
});
export type Column = z.infer<typeof columnSchema>;

const defaultValue = z.union([z.string(), z.number(), z.boolean()]).nullable();

export const columnDefinition = z.object({
  name: z.string(),
  type: z.string(),
  default_value: defaultValue.optional(),
  /** `literal` (default): a value, quoted for the user. `expression`: SQL such as `now()` or `gen_random_uuid()`. */
  default_value_format: z.enum(['literal', 'expression']).optional(),
  is_identity: z.boolean().optional(),
  identity_generation: z.enum(['ALWAYS', 'BY DEFAULT']).optional(),
  is_nullable: z.boolean().optional(),
  is_primary_key: z.boolean().optional(),
  is_unique: z.boolean().optional(),
  check: z.string().nullable().optional(),
  comment: z.string().nullable().optional(),
});
export type ColumnDefinition = z.infer<typeof columnDefinition>;

export const columnCreateBody = columnDefinition.extend({ table_id: z.number().int() });
export type ColumnCreate = z.infer<typeof columnCreateBody>;

export const columnUpdateBody = z.object({
  name: z.string().optional(),
  type: z.string().optional(),
  drop_default: z.boolean().optional(),
  default_value: defaultValue.optional(),
  default_value_format: z.enum(['literal', 'expression']).optional(),
  is_identity: z.boolean().optional(),
  identity_generation: z.enum(['ALWAYS', 'BY DEFAULT']).optional(),
  is_nullable: z.boolean().optional(),
  is_unique: z.boolean().optional(),
  check: z.string().nullable().optional(),
  comment: z.string().nullable().optional(),
});
export type ColumnUpdate = z.infer<typeof columnUpdateBody>;

export const columnListQuery = listQuery.extend({ table_id: z.coerce.number().int().optional() });
export type ColumnListOptions = z.output<typeof columnListQuery>;

/** Every column of the relation `row`.relid (pg_attribute row `row`.attnum). */
function columnDetailSql(relid: string, attnum: string): string {
  return `select c.oid::int8 || '.' || a.attnum as id, c.oid::int8 as table_id, n.nspname as schema, c.relname as "table",
    a.attnum::int as ordinal_position, a.attname as name,
    case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default_value,
    format_type(a.atttypid, a.atttypmod) as data_type, t.typname as format,
    a.attidentity <> '' as is_identity,
    case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity_generation,
    a.attgenerated <> '' as is_generated, not a.attnotnull as is_nullable,
    exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisunique and i.indnatts = 1
      and i.indkey[0] = a.attnum and i.indpred is null and i.indexprs is null) as is_unique,
    exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary and a.attnum = any(i.indkey)) as is_primary_key,
    (select coalesce(json_agg(e.enumlabel order by e.enumsortorder), '[]'::json) from pg_enum e
      where e.enumtypid = case when t.typcategory = 'A' then t.typelem else t.oid end) as enums,
    (select pg_get_expr(k.conbin, k.conrelid) from pg_constraint k
      where k.conrelid = c.oid and k.contype = 'c' and k.conkey = array[a.attnum] order by k.conname limit 1) as "check",
    col_description(c.oid, a.attnum) as comment
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attrelid = ${relid} and a.attnum = ${attnum}`;
}

/** Columns of one relation as a JSON array, for embedding in table/view rows. */
export function columnsJsonSql(relid: string): string {
  return `(select coalesce(json_agg(col order by col.ordinal_position), '[]'::json)
    from pg_attribute aa cross join lateral (${columnDetailSql('aa.attrelid', 'aa.attnum')}) col
    where aa.attrelid = ${relid} and aa.attnum > 0 and not aa.attisdropped)`;
}

export async function listColumns(db: Queryable, options: ColumnListOptions = {}): Promise<Page<Column>> {
  const params = new Params();
  const tableFilter = options.table_id === undefined ? 'true' : `a.attrelid = ${params.add(options.table_id)}::oid`;
  const conditions = listConditions(options, params, { schema: 'n.nspname', name: 'a.attname' });
  return pagedRows<Column>(db, {
    match: `select a.attrelid as relid, a.attnum, n.nspname as schema_name, c.relname as table_name
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped and ${tableFilter} and ${conditions}`,
    order: 'schema_name, table_name, attnum',
    detail: (row) => columnDetailSql(`${row}.relid`, `${row}.attnum`),
    params,
    limit: options.limit,
    offset: options.offset,
  });
}

function parseColumnId(id: string): [number, number] {
  const match = /^(\d+)\.(\d+)$/.exec(id);
  if (!match) throw new PlinthError('database_object_not_found', `Column ${id} not found: a column id is "{table_id}.{ordinal_position}".`);
  return [Number(match[1]), Number(match[2])];
}

export async function getColumn(db: Queryable, id: string): Promise<Column> {
  const [relid, attnum] = parseColumnId(id);
  const column = await jsonRow<Column>(db, `${columnDetailSql('$1::oid', '$2::int2')} and not a.attisdropped`, [relid, attnum]);
  if (!column) throw new PlinthError('database_object_not_found', `Column ${id} not found.`);
  return column;
}

function defaultSql(value: string | number | boolean | null, format: 'literal' | 'expression' | undefined): string {
  if (value === null) return 'NULL';
  if (format === 'expression') return `(${sqlFragment(String(value), 'default value')})`;
  return literal(String(value));
}

/** `"name" type [DEFAULT ...] [GENERATED ... AS IDENTITY] [NOT NULL] [UNIQUE] [CHECK (...)]`; primary keys are table constraints. */
export function columnDefinitionSql(column: ColumnDefinition): string {
  const parts = [ident(column.name, 'column name'), typeSql(column.type)];
  if (column.default_value !== undefined && !column.is_identity) parts.push(`DEFAULT ${defaultSql(column.default_value, column.default_value_format)}`);
  if (column.is_identity) parts.push(`GENERATED ${column.identity_generation ?? 'BY DEFAULT'} AS IDENTITY`);
  if (column.is_nullable === false && !column.is_primary_key) parts.push('NOT NULL');
  if (column.is_unique) parts.push('UNIQUE');
  if (column.check) parts.push(`CHECK (${sqlFragment(column.check, 'check constraint')})`);
  return parts.join(' ');
}

export function columnCommentSql(table: { schema: string; name: string }, column: string, comment: string | null): string {
  return `COMMENT ON COLUMN ${qualified(table.schema, table.name)}.${ident(column, 'column name')} IS ${nullableLiteral(comment)}`;
}

/** Statements adding one column (in order, to run in one transaction). */
export function buildColumnCreateSql(table: { schema: string; name: string }, column: ColumnDefinition): string[] {
  const target = qualified(table.schema, table.name);
  const statements = [`ALTER TABLE ${target} ADD COLUMN ${columnDefinitionSql(column)}`];
  if (column.is_primary_key) statements.push(`ALTER TABLE ${target} ADD PRIMARY KEY (${ident(column.name, 'column name')})`);
  if (column.comment) statements.push(columnCommentSql(table, column.name, column.comment));
  return statements;
}

export interface ColumnConstraints {
  uniqueConstraints: string[];
  checkConstraints: string[];
}

/** Only what changed, with the rename last so every other statement can use the current name. */
export function buildColumnUpdateSql(current: Column & ColumnConstraints, changes: ColumnUpdate): string[] {
  const alter = `ALTER TABLE ${qualified(current.schema, current.table)}`;
  const col = ident(current.name, 'column name');
  const out: string[] = [];
  if (changes.type !== undefined && changes.type !== current.data_type) {
    const type = typeSql(changes.type);
    out.push(`${alter} ALTER COLUMN ${col} SET DATA TYPE ${type} USING ${col}::${type}`);
  }
  if (changes.drop_default) out.push(`${alter} ALTER COLUMN ${col} DROP DEFAULT`);
  else if (changes.default_value !== undefined) {
    out.push(`${alter} ALTER COLUMN ${col} SET DEFAULT ${defaultSql(changes.default_value, changes.default_value_format)}`);
  }
  if (changes.is_nullable !== undefined && changes.is_nullable !== current.is_nullable) {
    out.push(`${alter} ALTER COLUMN ${col} ${changes.is_nullable ? 'DROP' : 'SET'} NOT NULL`);
  }
  if (changes.is_identity === false && current.is_identity) out.push(`${alter} ALTER COLUMN ${col} DROP IDENTITY`);
  if (changes.is_identity === true && !current.is_identity) {
    out.push(`${alter} ALTER COLUMN ${col} ADD GENERATED ${changes.identity_generation ?? 'BY DEFAULT'} AS IDENTITY`);
  } else if (changes.identity_generation && current.is_identity && changes.is_identity !== false
    && changes.identity_generation !== current.identity_generation) {
    out.push(`${alter} ALTER COLUMN ${col} SET GENERATED ${changes.identity_generation}`);
  }
  if (changes.is_unique === true && !current.is_unique) out.push(`${alter} ADD UNIQUE (${col})`);
  if (changes.is_unique === false) for (const name of current.uniqueConstraints) out.push(`${alter} DROP CONSTRAINT ${ident(name)}`);
  if (changes.check !== undefined && changes.check !== current.check) {
    for (const name of current.checkConstraints) out.push(`${alter} DROP CONSTRAINT ${ident(name)}`);
    if (changes.check) out.push(`${alter} ADD CHECK (${sqlFragment(changes.check, 'check constraint')})`);
  }
  if (changes.comment !== undefined && changes.comment !== current.comment) {
    out.push(columnCommentSql({ schema: current.schema, name: current.table }, current.name, changes.comment));
  }
  if (changes.name !== undefined && changes.name !== current.name) out.push(`${alter} RENAME COLUMN ${col} TO ${ident(changes.name, 'column name')}`);
  return out;
}

async function tableOf(db: Queryable, tableId: number): Promise<{ schema: string; name: string }> {
  const table = await jsonRow<{ schema: string; name: string }>(db,
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.oid = $1::oid and c.relkind in ('r', 'p')`, [tableId]);
  if (!table) throw new PlinthError('database_object_not_found', `Table ${tableId} not found.`);
  return table;
}

/** Run with a transactional `db`: a column and its primary key or comment are one change. */
export async function createColumn(db: Queryable, body: ColumnCreate): Promise<Column> {
  const table = await tableOf(db, body.table_id);
  assertSchemaWritable(table.schema);
  const statements = buildColumnCreateSql(table, body);
  await assertTypeExists(db, body.type);
  for (const sql of statements) await db.query(sql);
  const { rows } = await db.query<{ attnum: number }>('select attnum::int from pg_attribute where attrelid = $1::oid and attname = $2', [body.table_id, body.name]);
  return getColumn(db, `${body.table_id}.${rows[0].attnum}`);
}

async function constraintsOf(db: Queryable, column: Column): Promise<ColumnConstraints> {
  const [relid, attnum] = parseColumnId(column.id);
  const { rows } = await db.query<{ conname: string; contype: string }>(
    `select conname, contype from pg_constraint where conrelid = $1::oid and contype in ('u', 'c') and conkey = array[$2::int2] order by conname`,
    [relid, attnum],
  );
  return {
    uniqueConstraints: rows.filter((r) => r.contype === 'u').map((r) => r.conname),
    checkConstraints: rows.filter((r) => r.contype === 'c').map((r) => r.conname),
  };
}

/** Run with a transactional `db`. */
export async function updateColumn(db: Queryable, id: string, changes: ColumnUpdate): Promise<Column> {
  const current = await getColumn(db, id);
  assertSchemaWritable(current.schema);
  const statements = buildColumnUpdateSql({ ...current, ...(await constraintsOf(db, current)) }, changes);
  if (changes.type !== undefined && changes.type !== current.data_type) await assertTypeExists(db, changes.type);
  for (const sql of statements) await db.query(sql);
  return getColumn(db, id);
}

export function buildColumnDropSql(column: Pick<Column, 'schema' | 'table' | 'name'>, options: { cascade?: boolean } = {}): string {
  return `ALTER TABLE ${qualified(column.schema, column.table)} DROP COLUMN ${ident(column.name, 'column name')}${options.cascade ? ' CASCADE' : ''}`;
}

export async function deleteColumn(db: Queryable, id: string, options: { cascade?: boolean } = {}): Promise<Column> {
  const column = await getColumn(db, id);
  assertSchemaWritable(column.schema);
  await db.query(buildColumnDropSql(column, options));
  return column;
}
