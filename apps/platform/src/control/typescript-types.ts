import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import type { Queryable } from '../engines/types.ts';
import { authorize } from './access.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject, locationOf } from './project-rows.ts';

/** Schemas the platform manages; users' types come from every other schema. */
const EXCLUDED_SCHEMAS = [
  'pg_catalog', 'information_schema', 'pg_toast', 'auth', 'storage', 'extensions', 'realtime', 'supabase_migrations',
  'graphql', 'graphql_public', 'net', 'pgsodium', 'pgsodium_masks', 'pgbouncer', 'pgtle', 'supabase_functions', 'vault',
];

interface Column { name: string; type: string; schema: string; element: string | null; nullable: boolean; optional: boolean; is_enum: boolean }
interface Relation { schema: string; name: string; kind: string; is_updatable: boolean; columns: Column[]; fks: { name: string; columns: string[]; ref_schema: string; ref_table: string; ref_columns: string[]; one_to_one: boolean }[] }
interface Fn { schema: string; name: string; args: { name: string; type: string; schema: string; element: string | null; has_default: boolean; is_enum: boolean }[]; returns: string; returns_schema: string; returns_set: boolean; returns_relation: string | null; returns_element: string | null; returns_enum: boolean }
interface EnumType { schema: string; name: string; labels: string[] }

/** One round trip: every relation, column, foreign key, function and enum of the wanted schemas. */
const CATALOG_SQL = `
with wanted as (select oid, nspname from pg_namespace where nspname <> all($1::text[]) and nspname not like 'pg_%'),
col as (
  select a.attrelid, a.attnum, a.attname as name, t.typname as type, tn.nspname as schema, et.typname as element,
    not a.attnotnull as nullable,
    (not a.attnotnull or a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as optional,
    (t.typtype = 'e' or et.typtype = 'e') as is_enum
  from pg_attribute a join pg_type t on t.oid = a.atttypid join pg_namespace tn on tn.oid = t.typnamespace
  left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
  where a.attnum > 0 and not a.attisdropped)
select
  (select coalesce(json_agg(r order by r.schema, r.name), '[]') from (
    select w.nspname as schema, c.relname as name, c.relkind as kind,
      (c.relkind in ('r', 'p') or pg_relation_is_updatable(c.oid, false) & 8 = 8) as is_updatable,
      (select coalesce(json_agg(col order by col.attnum), '[]') from col where col.attrelid = c.oid) as columns,
      (select coalesce(json_agg(json_build_object(
          'name', k.conname,
          'columns', (select array_agg(a.attname order by u.o) from unnest(k.conkey) with ordinality u(n, o) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n),
          'ref_schema', rn.nspname, 'ref_table', rc.relname,
          'ref_columns', (select array_agg(a.attname order by u.o) from unnest(k.confkey) with ordinality u(n, o) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n),
          'one_to_one', exists (select 1 from pg_index i where i.indrelid = k.conrelid and i.indisunique and i.indkey::int2[] @> k.conkey and array_length(i.indkey::int2[], 1) = array_length(k.conkey, 1))
        ) order by k.conname), '[]')
       from pg_constraint k join pg_class rc on rc.oid = k.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
       where k.conrelid = c.oid and k.contype = 'f') as fks
    from pg_class c join wanted w on w.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'f')) r) as relations,
  (select coalesce(json_agg(f order by f.schema, f.name), '[]') from (
    select w.nspname as schema, p.proname as name, p.proretset as returns_set,
      rt.typname as returns, rtn.nspname as returns_schema, rrel.relname as returns_relation, ret.typname as returns_element,
      (rt.typtype = 'e') as returns_enum,
      (select coalesce(json_agg(json_build_object('name', coalesce(p.proargnames[u.o], 'arg' || u.o), 'type', t.typname, 'schema', tn.nspname,
          'element', et.typname, 'has_default', u.o > p.pronargs - p.pronargdefaults, 'is_enum', t.typtype = 'e' or et.typtype = 'e') order by u.o), '[]')
       from unnest(p.proargtypes::oid[]) with ordinality u(t, o) join pg_type t on t.oid = u.t join pg_namespace tn on tn.oid = t.typnamespace
       left join pg_type et on et.oid = t.typelem and t.typcategory = 'A') as args
    from pg_proc p join wanted w on w.oid = p.pronamespace
    join pg_type rt on rt.oid = p.prorettype join pg_namespace rtn on rtn.oid = rt.typnamespace
    left join pg_class rrel on rrel.oid = rt.typrelid and rrel.relkind in ('r', 'p', 'v', 'm')
    left join pg_type ret on ret.oid = rt.typelem and rt.typcategory = 'A'
    where p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')) f) as functions,
  (select coalesce(json_agg(e order by e.schema, e.name), '[]') from (
    select w.nspname as schema, t.typname as name, array_agg(en.enumlabel order by en.enumsortorder) as labels
    from pg_type t join wanted w on w.oid = t.typnamespace join pg_enum en on en.enumtypid = t.oid
    group by w.nspname, t.typname) e) as enums`;

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const STRING = new Set(['text', 'varchar', 'bpchar', 'char', 'name', 'uuid', 'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval', 'bytea', 'inet', 'cidr', 'macaddr', 'citext', 'tsvector', 'tsquery', 'xml', 'bit', 'varbit', 'regclass', 'int4range', 'int8range', 'numrange', 'tsrange', 'tstzrange', 'daterange']);

const quote = (s: string) => JSON.stringify(s);
const key = (s: string) => (/^[A-Za-z_$][\w$]*$/.test(s) ? s : quote(s));

function scalar(type: string, schema: string, isEnum: boolean): string {
  if (isEnum) return `Database[${quote(schema)}]["Enums"][${quote(type)}]`;
  if (NUMBER.has(type)) return 'number';
  if (STRING.has(type)) return 'string';
  if (type === 'bool') return 'boolean';
  if (type === 'json' || type === 'jsonb') return 'Json';
  if (type === 'void') return 'undefined';
  return 'unknown';
}

function tsType(c: { type: string; schema: string; element: string | null; is_enum: boolean }): string {
  // Array types are named _element; the element's own namespace is the array's.
  return c.element ? `${scalar(c.element, c.schema, c.is_enum)}[]` : scalar(c.type, c.schema, c.is_enum);
}

function columnsBlock(columns: Column[], mode: 'Row' | 'Insert' | 'Update', indent: string): string {
  if (columns.length === 0) return '{\n' + indent + '  [_ in never]: never\n' + indent + '}';
  const lines = columns.map((c) => {
    const optional = mode === 'Update' || (mode === 'Insert' && c.optional);
    return `${indent}  ${key(c.name)}${optional ? '?' : ''}: ${tsType(c)}${c.nullable ? ' | null' : ''}`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function relationshipsBlock(r: Relation, indent: string): string {
  if (r.fks.length === 0) return '[]';
  const items = r.fks.map((fk) =>
    [`${indent}  {`, `${indent}    foreignKeyName: ${quote(fk.name)}`, `${indent}    columns: ${JSON.stringify(fk.columns)}`,
      `${indent}    isOneToOne: ${fk.one_to_one}`, `${indent}    referencedRelation: ${quote(fk.ref_table)}`,
      `${indent}    referencedColumns: ${JSON.stringify(fk.ref_columns)}`, `${indent}  },`].join('\n'));
  return `[\n${items.join('\n')}\n${indent}]`;
}

function section(entries: string[], indent: string): string {
  return entries.length === 0 ? `{\n${indent}  [_ in never]: never\n${indent}}` : `{\n${entries.join('\n')}\n${indent}}`;
}

export function renderTypes(schemas: string[], relations: Relation[], functions: Fn[], enums: EnumType[]): string {
  const blocks = schemas.map((schema) => {
    const i = '      ';
    const tables = relations.filter((r) => r.schema === schema && ['r', 'p', 'f'].includes(r.kind));
    const views = relations.filter((r) => r.schema === schema && ['v', 'm'].includes(r.kind));
    const tableEntries = tables.map((t) =>
      `${i}${key(t.name)}: {\n${i}  Row: ${columnsBlock(t.columns, 'Row', i + '  ')}\n${i}  Insert: ${columnsBlock(t.columns, 'Insert', i + '  ')}\n${i}  Update: ${columnsBlock(t.columns, 'Update', i + '  ')}\n${i}  Relationships: ${relationshipsBlock(t, i + '  ')}\n${i}}`);
    const viewEntries = views.map((v) => {
      const writes = v.is_updatable ? `\n${i}  Insert: ${columnsBlock(v.columns, 'Insert', i + '  ')}\n${i}  Update: ${columnsBlock(v.columns, 'Update', i + '  ')}` : '';
      return `${i}${key(v.name)}: {\n${i}  Row: ${columnsBlock(v.columns.map((c) => ({ ...c, nullable: true })), 'Row', i + '  ')}${writes}\n${i}  Relationships: ${relationshipsBlock(v, i + '  ')}\n${i}}`;
    });
    const byName = new Map<string, Fn[]>();
    for (const f of functions.filter((fn) => fn.schema === schema)) byName.set(f.name, [...(byName.get(f.name) ?? []), f]);
    const functionEntries = [...byName].map(([name, overloads]) => {
      const args = overloads.map((f) =>
        f.args.length === 0 ? 'Record<PropertyKey, never>' : `{ ${f.args.map((a) => `${key(a.name)}${a.has_default ? '?' : ''}: ${tsType(a)}`).join('; ')} }`);
      const f = overloads[0];
      const rowType = f.returns_relation ? `Database[${quote(f.returns_schema)}]["Tables"][${quote(f.returns_relation)}]["Row"]` : null;
      const base = rowType ?? tsType({ type: f.returns, schema: f.returns_schema, element: f.returns_element, is_enum: f.returns_enum });
      return `${i}${key(name)}: {\n${i}  Args: ${[...new Set(args)].join(' | ')}\n${i}  Returns: ${f.returns_set ? `${base}[]` : base}\n${i}}`;
    });
    const enumEntries = enums.filter((e) => e.schema === schema).map((e) => `${i}${key(e.name)}: ${e.labels.map(quote).join(' | ') || 'never'}`);
    return `  ${key(schema)}: {\n    Tables: ${section(tableEntries, '    ')}\n    Views: ${section(viewEntries, '    ')}\n    Functions: ${section(functionEntries, '    ')}\n    Enums: ${section(enumEntries, '    ')}\n    CompositeTypes: {\n      [_ in never]: never\n    }\n  }`;
  });
  return `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
${blocks.join('\n')}
}

type PublicSchema = Database[Extract<keyof Database, "public">]

export type Tables<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Row"]
export type TablesInsert<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Insert"]
export type TablesUpdate<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Update"]
export type Enums<T extends keyof PublicSchema["Enums"]> = PublicSchema["Enums"][T]
`;
}

/** TypeScript types of the project's own schemas, in the shape supabase-js users import. */
export async function generateTypes(db: Queryable, includedSchemas?: string[]): Promise<string> {
  const { rows } = await db.query<{ relations: Relation[]; functions: Fn[]; enums: EnumType[] }>(CATALOG_SQL, [EXCLUDED_SCHEMAS]);
  const { relations, functions, enums } = rows[0];
  const present = new Set([...relations, ...functions, ...enums].map((o) => o.schema).concat('public'));
  const schemas = [...present].filter((s) => !includedSchemas || includedSchemas.includes(s)).sort();
  return renderTypes(schemas, relations, functions, enums);
}

export async function projectTypes(ctx: ControlContext, actor: Actor, ref: string, includedSchemas?: string[]): Promise<string> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.TENANT_SQL_ADMIN_READ, Resource.TABLES);
  if (project.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_not_active');
  return generateTypes(await ctx.engine.project(locationOf(project)), includedSchemas);
}
