/**
 * What the GraphQL schema is built from: the exposed schemas' tables (with a primary key, as
 * pg_graphql requires) and views that name theirs in a `@graphql({"primary_key_columns": [...]})`
 * comment, their columns and foreign keys, and what one role may do with each. Read from pg_catalog
 * by the platform's own connection, with has_*_privilege asked for the caller's role.
 */
export type Query = <Row = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<{ rows: Row[] }>;

export interface CatalogColumn {
  name: string;
  /** format_type() of the column: what bound values are cast to. */
  sqlType: string;
  /** The base type's name (element type for arrays), e.g. int4, text, timestamptz. */
  typeName: string;
  isArray: boolean;
  isEnum: boolean;
  notNull: boolean;
  hasDefault: boolean;
  /** Generated or identity ALWAYS: never written by a client. */
  isGenerated: boolean;
  canSelect: boolean;
  canInsert: boolean;
  canUpdate: boolean;
  directive: Record<string, unknown>;
}

export interface CatalogForeignKey {
  name: string;
  columns: string[];
  refSchema: string;
  refTable: string;
  refColumns: string[];
  /** The referencing columns are unique: the reverse side is one record, not a collection. */
  isUnique: boolean;
  directive: Record<string, unknown>;
}

export interface CatalogTable {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: CatalogColumn[];
  primaryKey: string[];
  foreignKeys: CatalogForeignKey[];
  canInsert: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  directive: Record<string, unknown>;
  /** From the schema's comment directive (`inflect_names`). */
  inflect: boolean;
}

export interface Catalog {
  tables: CatalogTable[];
}

/** `@graphql({...})` in a comment, as pg_graphql reads it; anything else is no directive. */
export function directiveOf(comment: string | null | undefined): Record<string, unknown> {
  const match = comment?.match(/@graphql\((\{[\s\S]*\})\)/);
  if (!match) return {};
  try {
    const parsed = JSON.parse(match[1]);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

const CATALOG_SQL = `
with rels as (
  select c.oid, n.nspname as schema, c.relname as name, c.relkind,
         pg_catalog.obj_description(c.oid, 'pg_class') as comment,
         pg_catalog.obj_description(n.oid, 'pg_namespace') as schema_comment,
         pg_catalog.has_table_privilege($2, c.oid, 'INSERT') as can_insert,
         pg_catalog.has_table_privilege($2, c.oid, 'UPDATE') as can_update,
         pg_catalog.has_table_privilege($2, c.oid, 'DELETE') as can_delete
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where n.nspname in (select pg_catalog.jsonb_array_elements_text($1::jsonb))
     and c.relkind in ('r', 'p', 'v', 'm', 'f')
     and not c.relispartition
     and pg_catalog.has_schema_privilege($2, n.oid, 'USAGE')
     and (pg_catalog.has_table_privilege($2, c.oid, 'SELECT')
          or pg_catalog.has_any_column_privilege($2, c.oid, 'SELECT'))
)
select r.schema, r.name, r.relkind, r.comment, r.schema_comment, r.can_insert, r.can_update, r.can_delete,
  (select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'name', a.attname,
      'sqlType', pg_catalog.format_type(a.atttypid, a.atttypmod),
      'typeName', coalesce(et.typname, t.typname),
      'isArray', t.typcategory = 'A',
      'isEnum', coalesce(et.typtype, t.typtype) = 'e',
      'notNull', a.attnotnull,
      'hasDefault', a.atthasdef or a.attidentity <> '',
      'isGenerated', a.attgenerated <> '' or a.attidentity = 'a',
      'canSelect', pg_catalog.has_column_privilege($2, r.oid, a.attnum, 'SELECT'),
      'canInsert', pg_catalog.has_column_privilege($2, r.oid, a.attnum, 'INSERT'),
      'canUpdate', pg_catalog.has_column_privilege($2, r.oid, a.attnum, 'UPDATE'),
      'comment', pg_catalog.col_description(r.oid, a.attnum)) order by a.attnum), '[]')
     from pg_catalog.pg_attribute a
     join pg_catalog.pg_type t on t.oid = a.atttypid
     left join pg_catalog.pg_type et on et.oid = t.typelem and t.typcategory = 'A'
    where a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped) as columns,
  (select pg_catalog.array_agg(a.attname order by k.ord)
     from pg_catalog.pg_constraint pk
     cross join lateral unnest(pk.conkey) with ordinality as k(attnum, ord)
     join pg_catalog.pg_attribute a on a.attrelid = r.oid and a.attnum = k.attnum
    where pk.conrelid = r.oid and pk.contype = 'p') as primary_key,
  (select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'name', fk.conname,
      'columns', (select pg_catalog.array_agg(a.attname order by k.ord) from unnest(fk.conkey) with ordinality as k(attnum, ord)
                    join pg_catalog.pg_attribute a on a.attrelid = fk.conrelid and a.attnum = k.attnum),
      'refSchema', rn.nspname,
      'refTable', rc.relname,
      'refColumns', (select pg_catalog.array_agg(a.attname order by k.ord) from unnest(fk.confkey) with ordinality as k(attnum, ord)
                       join pg_catalog.pg_attribute a on a.attrelid = fk.confrelid and a.attnum = k.attnum),
      'isUnique', exists (select 1 from pg_catalog.pg_index i where i.indrelid = fk.conrelid and i.indisunique
                            and i.indpred is null and (i.indkey::int2[])::int2[] <@ fk.conkey and fk.conkey <@ (i.indkey::int2[])::int2[]),
      'comment', pg_catalog.obj_description(fk.oid, 'pg_constraint')) order by fk.conname), '[]')
     from pg_catalog.pg_constraint fk
     join pg_catalog.pg_class rc on rc.oid = fk.confrelid
     join pg_catalog.pg_namespace rn on rn.oid = rc.relnamespace
    where fk.conrelid = r.oid and fk.contype = 'f') as foreign_keys
from rels r
order by r.schema, r.name`;

interface CatalogRow {
  schema: string;
  name: string;
  relkind: string;
  comment: string | null;
  schema_comment: string | null;
  can_insert: boolean;
  can_update: boolean;
  can_delete: boolean;
  columns: string | (Omit<CatalogColumn, 'directive'> & { comment: string | null })[];
  primary_key: string[] | string | null;
  foreign_keys: string | (Omit<CatalogForeignKey, 'directive'> & { comment: string | null })[];
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? JSON.parse(value) : value);

/** A text[] read by a driver that did not parse it ('{a,b}'): names here are simple enough for this. */
function textArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  return value.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map((s) => s.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1'));
}

export async function loadCatalog(query: Query, schemas: string[], role: string): Promise<Catalog> {
  const { rows } = await query<CatalogRow>(CATALOG_SQL, [JSON.stringify(schemas), role]);
  const tables: CatalogTable[] = [];
  for (const row of rows) {
    const directive = directiveOf(row.comment);
    const isView = row.relkind === 'v' || row.relkind === 'm' || row.relkind === 'f';
    const declaredKey = Array.isArray(directive.primary_key_columns) ? directive.primary_key_columns.map(String) : [];
    const primaryKey = isView ? declaredKey : textArray(row.primary_key);
    // pg_graphql's rule: a collection needs a key (cursors and nodeId are made of it).
    if (primaryKey.length === 0) continue;
    const columns = json(row.columns).map(({ comment, ...column }) => ({ ...column, directive: directiveOf(comment) }));
    if (!primaryKey.every((key) => columns.some((c) => c.name === key && c.canSelect))) continue;
    tables.push({
      schema: row.schema,
      name: row.name,
      kind: isView ? 'view' : 'table',
      columns,
      primaryKey,
      foreignKeys: json(row.foreign_keys).map(({ comment, ...fk }) => ({ ...fk, directive: directiveOf(comment) })),
      canInsert: row.can_insert && row.relkind !== 'm',
      canUpdate: row.can_update && row.relkind !== 'm',
      canDelete: row.can_delete && row.relkind !== 'm',
      directive,
      inflect: directiveOf(row.schema_comment).inflect_names === true,
    });
  }
  return { tables };
}

/**
 * A fingerprint of what the schema is built from, cheap enough to ask on every request: a catalogue
 * row that is added, changed (ALTER, GRANT, COMMENT write a new row version) or dropped changes the
 * count or the sum of row versions (xmin) of its table. Several platform nodes see the same value.
 */
const VERSION_SQL = `
with ns as (select oid from pg_catalog.pg_namespace where nspname in (select pg_catalog.jsonb_array_elements_text($1::jsonb))),
rel as (select c.oid, c.xmin from pg_catalog.pg_class c where c.relnamespace in (select oid from ns))
select concat_ws('/',
  (select count(*) || '.' || coalesce(sum(xmin::text::bigint), 0) from rel),
  (select count(*) || '.' || coalesce(sum(a.xmin::text::bigint), 0) from pg_catalog.pg_attribute a where a.attrelid in (select oid from rel)),
  (select count(*) || '.' || coalesce(sum(k.xmin::text::bigint), 0) from pg_catalog.pg_constraint k where k.connamespace in (select oid from ns)),
  (select count(*) || '.' || coalesce(sum(d.xmin::text::bigint), 0) from pg_catalog.pg_description d where d.objoid >= 16384),
  (select count(*) || '.' || coalesce(sum(n.xmin::text::bigint), 0) from pg_catalog.pg_namespace n where n.oid in (select oid from ns))
) as version`;

export async function catalogVersion(query: Query, schemas: string[]): Promise<string> {
  const { rows } = await query<{ version: string }>(VERSION_SQL, [JSON.stringify(schemas)]);
  return rows[0]?.version ?? '';
}
