/** GET /rest/v1/: the OpenAPI document of the schema, limited to what the caller's role may use. */
import { buildOpenApi, type SchemaIndex } from '@plinth/postgrest';
import type { Database } from '../../engines/types.ts';

const PRIVILEGES_SQL = `
select 'r' as kind, c.relname as name from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
    and pg_catalog.has_schema_privilege($2, n.oid, 'USAGE')
    and (pg_catalog.has_table_privilege($2, c.oid, 'SELECT') or pg_catalog.has_table_privilege($2, c.oid, 'INSERT')
      or pg_catalog.has_table_privilege($2, c.oid, 'UPDATE') or pg_catalog.has_table_privilege($2, c.oid, 'DELETE'))
union all
select 'f', p.proname from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  where n.nspname = $1 and p.prokind = 'f'
    and pg_catalog.has_schema_privilege($2, n.oid, 'USAGE')
    and pg_catalog.has_function_privilege($2, p.oid, 'EXECUTE')`;

export async function openApiDocument(db: Database, index: SchemaIndex, schema: string, role: string, baseUrl: string): Promise<Record<string, unknown>> {
  // has_*_privilege take the role as an argument: no need to switch to it for this catalog read.
  const { rows } = await db.query<{ kind: string; name: string }>(PRIVILEGES_SQL, [schema, role]);
  const relations = new Set(rows.filter((r) => r.kind === 'r').map((r) => r.name));
  const functions = new Set(rows.filter((r) => r.kind === 'f').map((r) => r.name));
  return buildOpenApi(index, {
    schema,
    baseUrl,
    isVisibleRelation: (relation) => relations.has(relation.name),
    isVisibleFunction: (fn) => functions.has(fn.name),
  });
}
