import { useQuery } from '@tanstack/react-query';
import { jsonValue, querySql } from './execute-sql.ts';
import { sqlKeys } from './keys.ts';

/** schema -> relation -> column names, the shape @codemirror/lang-sql completes from. */
export type CompletionSchema = Record<string, Record<string, string[]>>;

/**
 * Relations and their columns outside Postgres' own schemas. Capped so a database with thousands of
 * tables still loads quickly; completion for the rest simply falls back to keywords.
 */
const COMPLETION_SQL = `select coalesce(json_object_agg(s.schema, s.relations), '{}'::json) as tree from (
  select r.schema, json_object_agg(r.name, r.columns) as relations from (
    select n.nspname as schema, c.relname as name,
      coalesce((select json_agg(a.attname order by a.attnum) from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'f')
      and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg\\_temp\\_%'
      and n.nspname not like 'pg\\_toast\\_temp\\_%'
    order by n.nspname, c.relname limit 2000
  ) r group by r.schema
) s`;

export function useCompletionSchemaQuery(ref: string | undefined) {
  return useQuery({
    queryKey: sqlKeys.completionSchema(ref),
    queryFn: async ({ signal }) => {
      const rows = await querySql<{ tree: unknown }>(ref ?? '', COMPLETION_SQL, signal);
      return jsonValue<CompletionSchema>(rows[0]?.tree, {});
    },
    enabled: !!ref,
    staleTime: 60_000,
  });
}
