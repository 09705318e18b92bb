/** Materialized views: a stored query result; refreshed on demand. */
import { z } from 'zod';
import { columnSchema } from './columns.ts';
import type { ListOptions } from './filters.ts';
import { nullableLiteral, qualified } from './identifiers.ts';
import { assertSchemaWritable } from './protected-schemas.ts';
import type { Page, Queryable } from './queryable.ts';
import { buildRelationAlterSql, buildRelationDropSql, getRelation, listRelations, relationIdOf } from './relations.ts';
import { viewQuerySql } from './views.ts';

export const materializedViewSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  comment: z.string().nullable(),
  is_populated: z.boolean(),
  definition: z.string(),
  columns: z.array(columnSchema).optional(),
});
export type MaterializedView = z.infer<typeof materializedViewSchema>;

export const materializedViewCreateBody = z.object({
  schema: z.string().default('public'),
  name: z.string(),
  definition: z.string(),
  comment: z.string().nullable().optional(),
  /** false: create empty (WITH NO DATA) and fill it with a refresh later. */
  with_data: z.boolean().default(true),
});
export type MaterializedViewCreate = z.input<typeof materializedViewCreateBody>;
export const materializedViewUpdateBody = z.object({
  schema: z.string().optional(),
  name: z.string().optional(),
  comment: z.string().nullable().optional(),
});
export type MaterializedViewUpdate = z.infer<typeof materializedViewUpdateBody>;

const EXTRA = `c.relispopulated as is_populated, rtrim(pg_get_viewdef(c.oid, true), ';') as definition`;

export function listMaterializedViews(db: Queryable, options: ListOptions & { include_columns?: boolean } = {}): Promise<Page<MaterializedView>> {
  return listRelations<MaterializedView>(db, 'm', EXTRA, options);
}

export function getMaterializedView(db: Queryable, id: number): Promise<MaterializedView> {
  return getRelation<MaterializedView>(db, 'm', EXTRA, id);
}

export function buildMaterializedViewCreateSql(body: MaterializedViewCreate): string[] {
  const target = qualified(body.schema ?? 'public', body.name);
  const statements = [`CREATE MATERIALIZED VIEW ${target} AS (${viewQuerySql(body.definition)}) WITH ${body.with_data === false ? 'NO ' : ''}DATA`];
  if (body.comment) statements.push(`COMMENT ON MATERIALIZED VIEW ${target} IS ${nullableLiteral(body.comment)}`);
  return statements;
}

export async function createMaterializedView(db: Queryable, body: MaterializedViewCreate): Promise<MaterializedView> {
  const schema = body.schema ?? 'public';
  assertSchemaWritable(schema);
  for (const sql of buildMaterializedViewCreateSql(body)) await db.query(sql);
  return getMaterializedView(db, await relationIdOf(db, schema, body.name));
}

export async function updateMaterializedView(db: Queryable, id: number, changes: MaterializedViewUpdate): Promise<MaterializedView> {
  const current = await getMaterializedView(db, id);
  assertSchemaWritable(current.schema);
  if (changes.schema !== undefined) assertSchemaWritable(changes.schema);
  for (const sql of buildRelationAlterSql('m', current, changes)) await db.query(sql);
  return getMaterializedView(db, id);
}

export async function refreshMaterializedView(db: Queryable, id: number): Promise<MaterializedView> {
  const view = await getMaterializedView(db, id);
  await db.query(`REFRESH MATERIALIZED VIEW ${qualified(view.schema, view.name)}`);
  return getMaterializedView(db, id);
}

export async function deleteMaterializedView(db: Queryable, id: number, options: { cascade?: boolean } = {}): Promise<MaterializedView> {
  const view = await getMaterializedView(db, id);
  assertSchemaWritable(view.schema);
  await db.query(buildRelationDropSql('m', view, options));
  return view;
}
