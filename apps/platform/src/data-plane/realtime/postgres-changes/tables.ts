/**
 * What Postgres changes need to know of the project's tables: which are in the supabase_realtime
 * publication, their columns (realtime-js types the record's values by them) and primary key (the
 * RLS check finds the changed row by it). Read per project, kept for a few seconds.
 */
import type { Queryable } from '../../../engines/types.ts';

export interface TableInfo {
  schema: string;
  table: string;
  columns: { name: string; type: string }[];
  primaryKey: string[];
  /** RLS enabled: each row is checked per subscriber; otherwise SELECT privilege decides. */
  rowSecurity: boolean;
}

const TTL_MS = 2000;

const TABLES_SQL = `
  select pt.schemaname as schema, pt.tablename as "table", c.relrowsecurity as row_security,
         coalesce((select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
                     from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
                    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
         coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                     from pg_catalog.pg_index i join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
                    where i.indrelid = c.oid and i.indisprimary), '[]') as primary_key
    from pg_catalog.pg_publication_tables pt
    join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
   where pt.pubname = 'supabase_realtime'`;

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The published tables of one database, re-read when older than TTL_MS or when told to. */
export class PublishedTables {
  private loaded: { at: number; tables: Map<string, TableInfo> } | null = null;
  private loading: Promise<Map<string, TableInfo>> | null = null;

  constructor(private readonly db: () => Queryable) {}

  async all(options: { fresh?: boolean } = {}): Promise<Map<string, TableInfo>> {
    if (!options.fresh && this.loaded && Date.now() - this.loaded.at < TTL_MS) return this.loaded.tables;
    this.loading ??= (async () => {
      try {
        const { rows } = await this.db().query<{ schema: string; table: string; row_security: boolean; columns: unknown; primary_key: unknown }>(TABLES_SQL);
        const tables = new Map(rows.map((row) => [keyOf(row.schema, row.table), {
          schema: row.schema,
          table: row.table,
          columns: parsed<TableInfo['columns']>(row.columns),
          primaryKey: parsed<string[]>(row.primary_key),
          rowSecurity: row.row_security === true,
        }]));
        this.loaded = { at: Date.now(), tables };
        return tables;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  async get(schema: string, table: string): Promise<TableInfo | undefined> {
    return (await this.all()).get(keyOf(schema, table));
  }
}

export const keyOf = (schema: string, table: string) => `${schema}.${table}`;
