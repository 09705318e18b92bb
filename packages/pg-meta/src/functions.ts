/** Functions (not aggregates or procedures). The body is dollar-quoted, so it can hold any text. */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { assertTypeExists, typeSql } from './data-types.ts';
import { listConditions, listQuery } from './filters.ts';
import { dollarQuote, ident, literal, nullableLiteral, qualified } from './identifiers.ts';
import { assertSchemaWritable } from './protected-schemas.ts';
import { jsonRow, pagedRows, Params, type Page, type Queryable } from './queryable.ts';
import { sqlFragment } from './sql-lexer.ts';

const BEHAVIORS = ['IMMUTABLE', 'STABLE', 'VOLATILE'] as const;
const MODES = ['in', 'out', 'inout', 'variadic', 'table'] as const;

export const functionArgSchema = z.object({ mode: z.enum(MODES), name: z.string(), type_id: z.number(), type: z.string() });

export const functionSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  language: z.string(),
  /** The body only. */
  definition: z.string(),
  /** CREATE OR REPLACE FUNCTION ... as Postgres prints it. */
  complete_statement: z.string(),
  args: z.array(functionArgSchema),
  /** e.g. `a integer, b text DEFAULT 'x'::text` */
  argument_types: z.string(),
  identity_argument_types: z.string(),
  return_type: z.string(),
  return_type_id: z.number(),
  is_set_returning_function: z.boolean(),
  behavior: z.enum(BEHAVIORS),
  security_definer: z.boolean(),
  /** SET clauses, values as Postgres stores them (`search_path` -> `public, extensions`). */
  config_params: z.record(z.string(), z.string()).nullable(),
  comment: z.string().nullable(),
});
export type PgFunction = z.infer<typeof functionSchema>;

const argInput = z.object({
  name: z.string().optional(),
  type: z.string(),
  mode: z.enum(['in', 'out', 'inout', 'variadic']).optional(),
  /** SQL expression. */
  default: z.string().optional(),
});
export const functionCreateBody = z.object({
  schema: z.string().default('public'),
  name: z.string(),
  args: z.array(argInput).default([]),
  /** A type name, `setof <type>`, `trigger` or `void`. */
  return_type: z.string().default('void'),
  language: z.string().default('plpgsql'),
  definition: z.string(),
  behavior: z.enum(BEHAVIORS).default('VOLATILE'),
  security_definer: z.boolean().default(false),
  config_params: z.record(z.string(), z.string()).nullable().optional(),
  comment: z.string().nullable().optional(),
});
export type FunctionCreate = z.input<typeof functionCreateBody>;
export const functionUpdateBody = functionCreateBody.partial().extend({ args: z.array(argInput).optional() });
export type FunctionUpdate = z.infer<typeof functionUpdateBody>;

function functionDetailSql(fnId: string): string {
  return `select p.oid::int8 as id, n.nspname as schema, p.proname as name, l.lanname as language, p.prosrc as definition,
    pg_get_functiondef(p.oid) as complete_statement,
    (select coalesce(json_agg(json_build_object('mode', case a.m when 'o' then 'out' when 'b' then 'inout' when 'v' then 'variadic'
        when 't' then 'table' else 'in' end, 'name', coalesce(a.nm, ''), 'type_id', a.typ::int8, 'type', format_type(a.typ, null)) order by a.ord), '[]'::json)
      from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes, p.proargnames) with ordinality a(typ, m, nm, ord)
      where a.typ is not null) as args,
    pg_get_function_arguments(p.oid) as argument_types, pg_get_function_identity_arguments(p.oid) as identity_argument_types,
    pg_get_function_result(p.oid) as return_type, p.prorettype::int8 as return_type_id, p.proretset as is_set_returning_function,
    case p.provolatile when 'i' then 'IMMUTABLE' when 's' then 'STABLE' else 'VOLATILE' end as behavior,
    p.prosecdef as security_definer,
    (select json_object_agg(split_part(c, '=', 1), substr(c, strpos(c, '=') + 1)) from unnest(p.proconfig) c) as config_params,
    obj_description(p.oid, 'pg_proc') as comment
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
  where p.oid = ${fnId} and p.prokind = 'f'`;
}

export const functionListQuery = listQuery;

export async function listFunctions(db: Queryable, options: z.output<typeof listQuery> = {}): Promise<Page<PgFunction>> {
  const params = new Params();
  const conditions = listConditions(options, params, { schema: 'n.nspname', name: 'p.proname' });
  return pagedRows<PgFunction>(db, {
    match: `select p.oid as id, n.nspname as schema_name, p.proname as name
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where p.prokind = 'f' and ${conditions}`,
    order: 'schema_name, name, id',
    detail: (row) => functionDetailSql(`${row}.id`),
    params,
    limit: options.limit,
    offset: options.offset,
  });
}

export async function getFunction(db: Queryable, id: number): Promise<PgFunction> {
  const fn = await jsonRow<PgFunction>(db, functionDetailSql('$1::oid'), [id]);
  if (!fn) throw new PlinthError('database_object_not_found', `Function ${id} not found.`);
  return fn;
}

/** `public, "My Schema"` -> 'public', 'My Schema': list settings need one literal per item. */
function settingValueSql(value: string): string {
  const items = value.match(/"(?:[^"]|"")*"|[^,]+/g) ?? [''];
  return items.map((item) => {
    const trimmed = item.trim();
    return literal(trimmed.startsWith('"') ? trimmed.slice(1, -1).replaceAll('""', '"') : trimmed);
  }).join(', ');
}

export function returnTypeSql(returnType: string): string {
  const setof = /^setof\s+/i.exec(returnType.trim());
  return setof ? `SETOF ${typeSql(returnType.trim().slice(setof[0].length), 'return type')}` : typeSql(returnType, 'return type');
}

type Definition = z.output<typeof functionCreateBody> & { argsSql?: string; returnsSql?: string };

/** CREATE [OR REPLACE] FUNCTION; `argsSql`/`returnsSql` carry Postgres' own text of an unchanged signature. */
export function buildFunctionSql(fn: Definition, options: { replace?: boolean } = {}): string {
  const args = fn.argsSql ?? fn.args.map((a) => [
    a.mode && a.mode !== 'in' ? a.mode.toUpperCase() : '',
    a.name ? ident(a.name, 'argument name') : '',
    typeSql(a.type, 'argument type'),
    a.default ? `DEFAULT (${sqlFragment(a.default, 'argument default')})` : '',
  ].filter(Boolean).join(' ')).join(', ');
  const settings = Object.entries(fn.config_params ?? {}).map(([name, value]) => ` SET ${ident(name, 'setting name')} = ${settingValueSql(value)}`);
  return `CREATE ${options.replace ? 'OR REPLACE ' : ''}FUNCTION ${qualified(fn.schema, fn.name)}(${args})`
    + ` RETURNS ${fn.returnsSql ?? returnTypeSql(fn.return_type)} LANGUAGE ${ident(fn.language.toLowerCase(), 'language')} ${fn.behavior}`
    + `${fn.security_definer ? ' SECURITY DEFINER' : ''}${settings.join('')} AS ${dollarQuote(fn.definition)}`;
}

async function assertTypes(db: Queryable, fn: { args?: { type: string }[]; return_type?: string }): Promise<void> {
  for (const arg of fn.args ?? []) await assertTypeExists(db, arg.type, 'argument type');
  if (fn.return_type !== undefined) await assertTypeExists(db, fn.return_type.trim().replace(/^setof\s+/i, ''), 'return type');
}

/** The ids of the functions named `name` in `schema` (overloads share a name). */
async function functionIds(db: Queryable, schema: string, name: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number | string }>(
    `select p.oid::int8 as id from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = $1 and p.proname = $2`,
    [schema, name],
  );
  return rows.map((r) => Number(r.id));
}

/** Runs `create` and returns the id of the one function it added. */
async function created(db: Queryable, schema: string, name: string, create: () => Promise<unknown>): Promise<number> {
  const before = new Set(await functionIds(db, schema, name));
  await create();
  const id = (await functionIds(db, schema, name)).find((x) => !before.has(x));
  if (id === undefined) throw new Error(`The new function ${schema}.${name} was not found after creating it.`);
  return id;
}

/** Run with a transactional `db`. */
export async function createFunction(db: Queryable, body: FunctionCreate): Promise<PgFunction> {
  const fn = functionCreateBody.parse(body);
  assertSchemaWritable(fn.schema);
  const sql = buildFunctionSql(fn);
  await assertTypes(db, fn);
  const id = await created(db, fn.schema, fn.name, () => db.query(sql));
  if (fn.comment) {
    const { identity_argument_types: args } = await getFunction(db, id);
    await db.query(`COMMENT ON FUNCTION ${qualified(fn.schema, fn.name)}(${args}) IS ${literal(fn.comment)}`);
  }
  return getFunction(db, id);
}

/**
 * Run with a transactional `db`. Body, return type, language, behaviour, security or settings:
 * CREATE OR REPLACE with the unchanged parts as they are. New arguments are a new signature: the old
 * function is dropped and the new one created, in the same transaction.
 */
export async function updateFunction(db: Queryable, id: number, changes: FunctionUpdate): Promise<PgFunction> {
  const current = await getFunction(db, id);
  assertSchemaWritable(current.schema);
  if (changes.schema !== undefined) assertSchemaWritable(changes.schema);
  await assertTypes(db, changes);
  const signature = `${qualified(current.schema, current.name)}(${current.identity_argument_types})`;
  const merged: Definition = {
    schema: current.schema, name: current.name, args: changes.args ?? [], definition: changes.definition ?? current.definition,
    return_type: changes.return_type ?? current.return_type, language: changes.language ?? current.language,
    behavior: changes.behavior ?? current.behavior, security_definer: changes.security_definer ?? current.security_definer,
    config_params: changes.config_params === undefined ? current.config_params : changes.config_params,
    argsSql: changes.args ? undefined : current.argument_types,
    returnsSql: changes.return_type ? undefined : current.return_type,
  };
  const bodyChanged = (['definition', 'return_type', 'language', 'behavior', 'security_definer', 'config_params', 'args'] as const)
    .some((key) => changes[key] !== undefined);
  let fnId = id;
  if (changes.args) {
    await db.query(`DROP FUNCTION ${signature}`);
    fnId = await created(db, current.schema, current.name, () => db.query(buildFunctionSql(merged)));
  } else if (bodyChanged) {
    await db.query(buildFunctionSql(merged, { replace: true }));
  }
  const fn = await getFunction(db, fnId);
  const target = `${qualified(fn.schema, fn.name)}(${fn.identity_argument_types})`;
  if (changes.comment !== undefined && changes.comment !== current.comment) await db.query(`COMMENT ON FUNCTION ${target} IS ${nullableLiteral(changes.comment)}`);
  if (changes.schema !== undefined && changes.schema !== current.schema) {
    await db.query(`ALTER FUNCTION ${target} SET SCHEMA ${ident(changes.schema, 'schema')}`);
  }
  if (changes.name !== undefined && changes.name !== current.name) {
    await db.query(`ALTER FUNCTION ${qualified(changes.schema ?? fn.schema, fn.name)}(${fn.identity_argument_types}) RENAME TO ${ident(changes.name)}`);
  }
  return getFunction(db, fnId);
}

export async function deleteFunction(db: Queryable, id: number, options: { cascade?: boolean } = {}): Promise<PgFunction> {
  const fn = await getFunction(db, id);
  assertSchemaWritable(fn.schema);
  await db.query(`DROP FUNCTION ${qualified(fn.schema, fn.name)}(${fn.identity_argument_types})${options.cascade ? ' CASCADE' : ''}`);
  return fn;
}
