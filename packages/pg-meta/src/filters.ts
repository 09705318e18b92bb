/** Query options shared by the list calls, and the SQL conditions they become (always bound values). */
import { z } from 'zod';
import { likePattern } from './identifiers.ts';
import type { Params } from './queryable.ts';

/** `a,b` in a query string or ['a', 'b'] in code. */
const nameList = z.union([z.array(z.string()), z.string().transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))]);
const flag = z.union([z.boolean(), z.stringbool()]);

export const listQuery = z.object({
  included_schemas: nameList.optional(),
  excluded_schemas: nameList.optional(),
  /** pg_catalog, information_schema, pg_toast and temporary schemas; off unless asked. */
  include_system_schemas: flag.optional(),
  /** Case-insensitive substring of the name; trimmed. */
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type ListOptions = z.output<typeof listQuery>;
export { flag as flagSchema, nameList as nameListSchema };

export const SYSTEM_SCHEMA_SQL = (nsp: string) =>
  `(${nsp} in ('pg_catalog', 'information_schema', 'pg_toast') or ${nsp} like 'pg\\_temp\\_%' or ${nsp} like 'pg\\_toast\\_temp\\_%')`;

/** Conditions on a schema-name column and (optionally) a searchable name column. */
export function listConditions(options: ListOptions, params: Params, columns: { schema: string; name?: string }): string {
  const conditions: string[] = [];
  const included = options.included_schemas ?? null;
  const excluded = options.excluded_schemas ?? null;
  if (included) conditions.push(`${columns.schema} = any(${params.add(included)}::text[])`);
  if (excluded && excluded.length > 0) conditions.push(`not (${columns.schema} = any(${params.add(excluded)}::text[]))`);
  // Asking for a system schema by name includes it.
  if (!options.include_system_schemas && !included) conditions.push(`not ${SYSTEM_SCHEMA_SQL(columns.schema)}`);
  const search = options.search?.trim();
  if (search && columns.name) conditions.push(`${columns.name} ilike ${params.add(likePattern(search))}`);
  return conditions.length > 0 ? conditions.join(' and ') : 'true';
}

export function pageOf(options: ListOptions): { limit: number | null; offset: number } {
  return { limit: options.limit ?? null, offset: options.offset ?? 0 };
}

/**
 * The comment of pg_class row `c`, as a join: obj_description() is a SQL function call per row,
 * measurably slower on PGlite for a page of 100 tables than one index lookup.
 */
export const CLASS_COMMENT_JOIN = `left join pg_description cd on cd.objoid = c.oid and cd.classoid = 'pg_class'::regclass and cd.objsubid = 0`;
