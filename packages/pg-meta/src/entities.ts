/**
 * The table editor's entity list (spec document 2, "Table entity (list)"): tables, views,
 * materialized views, foreign tables and partitioned tables of a schema, one page plus the count.
 */
import { z } from 'zod';
import { CLASS_COMMENT_JOIN, listQuery, nameListSchema } from './filters.ts';
import { pagedRows, Params, type Queryable } from './queryable.ts';
import { relationMatchSql } from './tables.ts';

export const ENTITY_TYPES = ['table', 'view', 'materialized_view', 'foreign_table', 'partitioned_table'] as const;

export const entitySchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  type: z.enum(ENTITY_TYPES),
  comment: z.string().nullable(),
  /** RLS state, so the list can badge tables without another call; null for kinds without RLS. */
  rls_enabled: z.boolean().nullable(),
});
export type Entity = z.infer<typeof entitySchema>;

export const entityListQuery = listQuery.extend({
  /** The spec's default: the public schema. */
  included_schemas: nameListSchema.default(['public']),
  /** The spec's sort options; grouped-alphabetical orders by entity type first. */
  sort: z.enum(['alphabetical', 'grouped-alphabetical']).default('alphabetical'),
  limit: z.coerce.number().int().min(1).max(10_000).default(100),
});
export type EntityListOptions = z.input<typeof entityListQuery>;

export const entityPageSchema = z.object({ count: z.number(), entities: z.array(entitySchema) });
export type EntityPage = z.infer<typeof entityPageSchema>;

const TYPE_SQL = `case c.relkind when 'r' then 'table' when 'v' then 'view' when 'm' then 'materialized_view'
  when 'f' then 'foreign_table' else 'partitioned_table' end`;
/** Order of the groups in grouped-alphabetical. */
const GROUP_SQL = `case kind when 'r' then 1 when 'p' then 2 when 'v' then 3 when 'm' then 4 else 5 end`;

export async function listEntities(db: Queryable, raw: EntityListOptions = {}): Promise<EntityPage> {
  const options = entityListQuery.parse(raw);
  const params = new Params();
  const page = await pagedRows<Entity>(db, {
    match: relationMatchSql('rpvmf', options, params),
    order: options.sort === 'grouped-alphabetical' ? `${GROUP_SQL}, name, schema_name` : 'name, schema_name',
    detail: (row) => `select c.oid::int8 as id, n.nspname as schema, c.relname as name, ${TYPE_SQL} as type,
        cd.description as comment,
        case when c.relkind in ('r', 'p') then c.relrowsecurity end as rls_enabled
      from pg_class c join pg_namespace n on n.oid = c.relnamespace ${CLASS_COMMENT_JOIN} where c.oid = ${row}.id`,
    params,
    limit: options.limit,
    offset: options.offset,
  });
  return { count: page.count, entities: page.items };
}
