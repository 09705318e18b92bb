/** User-defined types: enums (created and edited here) and composite types (listed). */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { listConditions, listQuery } from './filters.ts';
import { ident, literal, nullableLiteral, qualified } from './identifiers.ts';
import { assertSchemaWritable } from './protected-schemas.ts';
import { jsonRow, pagedRows, Params, type Page, type Queryable } from './queryable.ts';

export const typeSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  format: z.enum(['enum', 'composite']),
  /** Enum labels in order ([] for composites). */
  enums: z.array(z.string()),
  /** Composite fields ([] for enums). */
  attributes: z.array(z.object({ name: z.string(), type: z.string() })),
  comment: z.string().nullable(),
});
export type PgType = z.infer<typeof typeSchema>;

export const typeCreateBody = z.object({
  schema: z.string().default('public'),
  name: z.string(),
  values: z.array(z.string()).min(1),
  comment: z.string().nullable().optional(),
});
export type TypeCreate = z.input<typeof typeCreateBody>;
export const typeUpdateBody = z.object({
  schema: z.string().optional(),
  name: z.string().optional(),
  comment: z.string().nullable().optional(),
  /** Renames, applied first. */
  rename_values: z.array(z.object({ old: z.string(), new: z.string() })).optional(),
  /** The wanted labels in order: new ones are added where they stand. Postgres cannot remove a label. */
  values: z.array(z.string()).optional(),
});
export type TypeUpdate = z.infer<typeof typeUpdateBody>;

function typeDetailSql(typeId: string): string {
  return `select t.oid::int8 as id, n.nspname as schema, t.typname as name,
    case t.typtype when 'e' then 'enum' else 'composite' end as format,
    (select coalesce(json_agg(e.enumlabel order by e.enumsortorder), '[]'::json) from pg_enum e where e.enumtypid = t.oid) as enums,
    (select coalesce(json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum), '[]'::json)
      from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) as attributes,
    obj_description(t.oid, 'pg_type') as comment
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
  where t.oid = ${typeId}`;
}

/** Enums, and composite types that are not a table's row type. */
const KIND_SQL = `(t.typtype = 'e' or (t.typtype = 'c' and exists (select 1 from pg_class c where c.oid = t.typrelid and c.relkind = 'c')))`;

export async function listTypes(db: Queryable, options: z.output<typeof listQuery> = {}): Promise<Page<PgType>> {
  const params = new Params();
  const conditions = listConditions(options, params, { schema: 'n.nspname', name: 't.typname' });
  return pagedRows<PgType>(db, {
    match: `select t.oid as id, n.nspname as schema_name, t.typname as name
      from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${KIND_SQL} and ${conditions}`,
    order: 'schema_name, name',
    detail: (row) => typeDetailSql(`${row}.id`),
    params,
    limit: options.limit,
    offset: options.offset,
  });
}

export async function getType(db: Queryable, id: number): Promise<PgType> {
  const type = await jsonRow<PgType>(db, `${typeDetailSql('$1::oid')} and ${KIND_SQL}`, [id]);
  if (!type) throw new PlinthError('database_object_not_found', `Type ${id} not found.`);
  return type;
}

export function buildTypeCreateSql(body: TypeCreate): string[] {
  const target = qualified(body.schema ?? 'public', body.name);
  const statements = [`CREATE TYPE ${target} AS ENUM (${body.values.map(literal).join(', ')})`];
  if (body.comment) statements.push(`COMMENT ON TYPE ${target} IS ${literal(body.comment)}`);
  return statements;
}

export function buildTypeUpdateSql(current: Pick<PgType, 'schema' | 'name' | 'enums' | 'comment'>, changes: TypeUpdate): string[] {
  const out: string[] = [];
  let target = qualified(current.schema, current.name);
  const labels = [...current.enums];
  for (const { old, new: renamed } of changes.rename_values ?? []) {
    if (old === renamed) continue;
    out.push(`ALTER TYPE ${target} RENAME VALUE ${literal(old)} TO ${literal(renamed)}`);
    labels[labels.indexOf(old)] = renamed;
  }
  if (changes.values) {
    const removed = labels.filter((label) => !changes.values!.includes(label));
    if (removed.length > 0) {
      throw new PlinthError('validation_failed', `Postgres cannot remove values from an enum (${removed.join(', ')}); create a new type instead.`);
    }
    changes.values.forEach((label, i) => {
      if (labels.includes(label)) return;
      const position = i === 0 ? (labels.length ? ` BEFORE ${literal(labels[0])}` : '') : ` AFTER ${literal(changes.values![i - 1])}`;
      out.push(`ALTER TYPE ${target} ADD VALUE ${literal(label)}${position}`);
      labels.splice(i, 0, label);
    });
  }
  if (changes.comment !== undefined && changes.comment !== current.comment) out.push(`COMMENT ON TYPE ${target} IS ${nullableLiteral(changes.comment)}`);
  if (changes.schema !== undefined && changes.schema !== current.schema) {
    out.push(`ALTER TYPE ${target} SET SCHEMA ${ident(changes.schema, 'schema')}`);
    target = qualified(changes.schema, current.name);
  }
  if (changes.name !== undefined && changes.name !== current.name) out.push(`ALTER TYPE ${target} RENAME TO ${ident(changes.name)}`);
  return out;
}

async function typeIdOf(db: Queryable, schema: string, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>(
    'select t.oid::int8 as id from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = $1 and t.typname = $2',
    [schema, name],
  );
  return Number(rows[0].id);
}

export async function createType(db: Queryable, body: TypeCreate): Promise<PgType> {
  const schema = body.schema ?? 'public';
  assertSchemaWritable(schema);
  for (const sql of buildTypeCreateSql(body)) await db.query(sql);
  return getType(db, await typeIdOf(db, schema, body.name));
}

/** Run with a transactional `db`. */
export async function updateType(db: Queryable, id: number, changes: TypeUpdate): Promise<PgType> {
  const current = await getType(db, id);
  assertSchemaWritable(current.schema);
  if (changes.schema !== undefined) assertSchemaWritable(changes.schema);
  if (current.format !== 'enum' && (changes.values || changes.rename_values)) {
    throw new PlinthError('validation_failed', `${current.name} is a composite type, not an enum.`);
  }
  for (const sql of buildTypeUpdateSql(current, changes)) await db.query(sql);
  return getType(db, id);
}

export async function deleteType(db: Queryable, id: number, options: { cascade?: boolean } = {}): Promise<PgType> {
  const type = await getType(db, id);
  assertSchemaWritable(type.schema);
  await db.query(`DROP TYPE ${qualified(type.schema, type.name)}${options.cascade ? ' CASCADE' : ''}`);
  return type;
}
