/** Views: the SELECT is SQL the user writes by design, checked to be one closed query. */
import { z } from 'zod';
import { columnSchema } from './columns.ts';
import { listQuery, flagSchema, type ListOptions } from './filters.ts';
import { nullableLiteral, qualified } from './identifiers.ts';
import { assertSchemaWritable } from './protected-schemas.ts';
import type { Page, Queryable } from './queryable.ts';
import { buildRelationAlterSql, buildRelationDropSql, getRelation, listRelations, relationIdOf } from './relations.ts';
import { sqlFragment } from './sql-lexer.ts';

export const viewSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  comment: z.string().nullable(),
  is_updatable: z.boolean(),
  definition: z.string(),
  columns: z.array(columnSchema).optional(),
});
export type View = z.infer<typeof viewSchema>;

export const relationListQuery = listQuery.extend({ include_columns: flagSchema.optional() });

export const viewCreateBody = z.object({
  schema: z.string().default('public'),
  name: z.string(),
  /** The SELECT (or WITH ... SELECT) the view shows. */
  definition: z.string(),
  comment: z.string().nullable().optional(),
  /** Check RLS and privileges as the querying user rather than the view's owner (Postgres 15+). */
  security_invoker: z.boolean().optional(),
});
export type ViewCreate = z.input<typeof viewCreateBody>;
export const viewUpdateBody = z.object({
  schema: z.string().optional(),
  name: z.string().optional(),
  definition: z.string().optional(),
  comment: z.string().nullable().optional(),
});
export type ViewUpdate = z.infer<typeof viewUpdateBody>;

const EXTRA = `(pg_relation_is_updatable(c.oid, false) & 20) = 20 as is_updatable, rtrim(pg_get_viewdef(c.oid, true), ';') as definition`;

export function listViews(db: Queryable, options: ListOptions & { include_columns?: boolean } = {}): Promise<Page<View>> {
  return listRelations<View>(db, 'v', EXTRA, options);
}

export function getView(db: Queryable, id: number): Promise<View> {
  return getRelation<View>(db, 'v', EXTRA, id);
}

/** The query of a view, one trailing ";" tolerated (people paste whole statements). */
export function viewQuerySql(definition: string): string {
  return sqlFragment(definition.trim().replace(/;$/, ''), 'view definition');
}

export function buildViewCreateSql(body: ViewCreate, options: { replace?: boolean } = {}): string[] {
  const target = qualified(body.schema ?? 'public', body.name);
  const withClause = body.security_invoker ? ' WITH (security_invoker = true)' : '';
  const statements = [`CREATE ${options.replace ? 'OR REPLACE ' : ''}VIEW ${target}${withClause} AS (${viewQuerySql(body.definition)})`];
  if (body.comment) statements.push(`COMMENT ON VIEW ${target} IS ${nullableLiteral(body.comment)}`);
  return statements;
}

export async function createView(db: Queryable, body: ViewCreate): Promise<View> {
  const schema = body.schema ?? 'public';
  assertSchemaWritable(schema);
  for (const sql of buildViewCreateSql(body)) await db.query(sql);
  return getView(db, await relationIdOf(db, schema, body.name));
}

/** Run with a transactional `db`. A new definition is CREATE OR REPLACE (Postgres only lets columns be added). */
export async function updateView(db: Queryable, id: number, changes: ViewUpdate): Promise<View> {
  const current = await getView(db, id);
  assertSchemaWritable(current.schema);
  if (changes.schema !== undefined) assertSchemaWritable(changes.schema);
  if (changes.definition !== undefined && changes.definition.trim() !== current.definition.trim()) {
    for (const sql of buildViewCreateSql({ ...current, definition: changes.definition, comment: null }, { replace: true })) await db.query(sql);
  }
  for (const sql of buildRelationAlterSql('v', current, changes)) await db.query(sql);
  return getView(db, id);
}

export async function deleteView(db: Queryable, id: number, options: { cascade?: boolean } = {}): Promise<View> {
  const view = await getView(db, id);
  assertSchemaWritable(view.schema);
  await db.query(buildRelationDropSql('v', view, options));
  return view;
}
