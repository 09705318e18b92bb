/** What the rows grid needs to know about one relation, read from the catalog in one query. */

export type RelationKind = 'table' | 'partitioned_table' | 'view' | 'materialized_view' | 'foreign_table';

export interface GridColumn {
  name: string;
  position: number;
  /** The full SQL type, e.g. `character varying(255)`, `text[]`, `public.mood`. */
  dataType: string;
  /** The type's own name (`int8`, `timestamptz`, `_text` for arrays, `mood`). */
  format: string;
  /** b boolean, N numeric, S string, D date/time, A array, E enum, U user-defined (json, uuid ...). */
  category: string;
  isNullable: boolean;
  defaultValue: string | null;
  isIdentity: boolean;
  isIdentityAlways: boolean;
  isGenerated: boolean;
  /** Whether an UPDATE may set it (false for generated columns and non-updatable view columns). */
  isUpdatable: boolean;
  enums: string[];
  comment: string | null;
}

export interface ForeignKeyTarget {
  column: string;
  targetSchema: string;
  targetTable: string;
  targetColumn: string;
}

export interface RelationMeta {
  id: number;
  schema: string;
  name: string;
  kind: RelationKind;
  columns: GridColumn[];
  /** Primary-key column names, in key order; rows of a table without one cannot be edited safely. */
  primaryKeys: string[];
  foreignKeys: ForeignKeyTarget[];
  /** pg_class.reltuples: an estimate for tables too large to count. */
  estimatedRows: number;
}

export function relationMetaSql(id: number): string {
  const oid = Math.floor(id);
  return `select json_build_object(
  'id', c.oid::int8, 'schema', n.nspname, 'name', c.relname,
  'kind', case c.relkind when 'r' then 'table' when 'p' then 'partitioned_table' when 'v' then 'view'
    when 'm' then 'materialized_view' else 'foreign_table' end,
  'estimatedRows', greatest(c.reltuples, 0)::int8,
  'columns', coalesce((select json_agg(json_build_object(
      'name', a.attname, 'position', a.attnum, 'dataType', format_type(a.atttypid, a.atttypmod),
      'format', t.typname, 'category', case when t.typtype = 'e' then 'E' else t.typcategory end,
      'isNullable', not a.attnotnull,
      'defaultValue', case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end,
      'isIdentity', a.attidentity <> '', 'isIdentityAlways', a.attidentity = 'a',
      'isGenerated', a.attgenerated <> '',
      'isUpdatable', a.attgenerated = '' and (c.relkind in ('r', 'p', 'f')
        or (c.relkind = 'v' and pg_column_is_updatable(c.oid, a.attnum, false))),
      'enums', coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e
        where e.enumtypid = case when t.typcategory = 'A' then t.typelem else t.oid end), '[]'::json),
      'comment', col_description(c.oid, a.attnum)) order by a.attnum)
    from pg_attribute a join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json),
  'primaryKeys', coalesce((select json_agg(a.attname order by k.ord)
    from pg_index i cross join unnest(i.indkey) with ordinality k(attnum, ord)
    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
    where i.indrelid = c.oid and i.indisprimary), '[]'::json),
  'foreignKeys', coalesce((select json_agg(json_build_object('column', sa.attname, 'targetSchema', tn.nspname,
      'targetTable', tc.relname, 'targetColumn', ta.attname))
    from pg_constraint k join pg_class tc on tc.oid = k.confrelid join pg_namespace tn on tn.oid = tc.relnamespace
    join pg_attribute sa on sa.attrelid = k.conrelid and sa.attnum = k.conkey[1]
    join pg_attribute ta on ta.attrelid = k.confrelid and ta.attnum = k.confkey[1]
    where k.conrelid = c.oid and k.contype = 'f' and array_length(k.conkey, 1) = 1), '[]'::json)
) as relation
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.oid = ${oid}::oid and c.relkind in ('r', 'p', 'v', 'm', 'f')`;
}

/** Tables take inserts, updates and deletes; views, materialized views and foreign tables are read-only here. */
export function isWritableRelation(meta: RelationMeta): boolean {
  return meta.kind === 'table' || meta.kind === 'partitioned_table';
}
