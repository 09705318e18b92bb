/** Schemas (namespaces), for the schema picker and the schemas page. */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { listConditions, type ListOptions } from './filters.ts';
import { ident } from './identifiers.ts';
import { assertSchemaWritable, isProtectedSchema } from './protected-schemas.ts';
import { jsonRow, pagedRows, Params, type Page, type Queryable } from './queryable.ts';

export const schemaSchema = z.object({
  id: z.number(),
  name: z.string(),
  owner: z.string(),
  /** Managed by the platform (spec document 2, §9): shown locked, no DDL through the API. */
  is_protected: z.boolean(),
});
export type Schema = z.infer<typeof schemaSchema>;

export const schemaCreateBody = z.object({ name: z.string(), owner: z.string().optional() });
export type SchemaCreate = z.infer<typeof schemaCreateBody>;
export const schemaUpdateBody = z.object({ name: z.string().optional(), owner: z.string().optional() });
export type SchemaUpdate = z.infer<typeof schemaUpdateBody>;

function schemaDetailSql(id: string): string {
  return `select n.oid::int8 as id, n.nspname as name, pg_get_userbyid(n.nspowner) as owner
    from pg_namespace n where n.oid = ${id}`;
}

const withFlag = (schema: Omit<Schema, 'is_protected'>): Schema => ({ ...schema, is_protected: isProtectedSchema(schema.name) });

export async function listSchemas(db: Queryable, options: ListOptions = {}): Promise<Page<Schema>> {
  const params = new Params();
  const conditions = listConditions(options, params, { schema: 'n.nspname', name: 'n.nspname' });
  const page = await pagedRows<Omit<Schema, 'is_protected'>>(db, {
    match: `select n.oid as id, n.nspname as name from pg_namespace n where ${conditions}`,
    order: 'name',
    detail: (row) => schemaDetailSql(`${row}.id`),
    params,
    limit: options.limit,
    offset: options.offset,
  });
  return { count: page.count, items: page.items.map(withFlag) };
}

export async function getSchema(db: Queryable, id: number): Promise<Schema> {
  const schema = await jsonRow<Omit<Schema, 'is_protected'>>(db, schemaDetailSql('$1::oid'), [id]);
  if (!schema) throw new PlinthError('database_object_not_found', `Schema ${id} not found.`);
  return withFlag(schema);
}

export function buildSchemaCreateSql(body: SchemaCreate): string {
  return `CREATE SCHEMA ${ident(body.name, 'schema name')}${body.owner ? ` AUTHORIZATION ${ident(body.owner, 'owner')}` : ''}`;
}

export function buildSchemaUpdateSql(current: Pick<Schema, 'name' | 'owner'>, changes: SchemaUpdate): string[] {
  const out: string[] = [];
  if (changes.owner !== undefined && changes.owner !== current.owner) {
    out.push(`ALTER SCHEMA ${ident(current.name, 'schema name')} OWNER TO ${ident(changes.owner, 'owner')}`);
  }
  if (changes.name !== undefined && changes.name !== current.name) {
    out.push(`ALTER SCHEMA ${ident(current.name, 'schema name')} RENAME TO ${ident(changes.name, 'schema name')}`);
  }
  return out;
}

export async function createSchema(db: Queryable, body: SchemaCreate): Promise<Schema> {
  assertSchemaWritable(body.name);
  await db.query(buildSchemaCreateSql(body));
  const { rows } = await db.query<{ id: number | string }>('select oid::int8 as id from pg_namespace where nspname = $1', [body.name]);
  return getSchema(db, Number(rows[0].id));
}

/** Run with a transactional `db`. */
export async function updateSchema(db: Queryable, id: number, changes: SchemaUpdate): Promise<Schema> {
  const current = await getSchema(db, id);
  assertSchemaWritable(current.name);
  if (changes.name !== undefined) assertSchemaWritable(changes.name);
  for (const sql of buildSchemaUpdateSql(current, changes)) await db.query(sql);
  return getSchema(db, id);
}

export async function deleteSchema(db: Queryable, id: number, options: { cascade?: boolean } = {}): Promise<Schema> {
  const schema = await getSchema(db, id);
  assertSchemaWritable(schema.name);
  await db.query(`DROP SCHEMA ${ident(schema.name, 'schema name')}${options.cascade ? ' CASCADE' : ''}`);
  return schema;
}
