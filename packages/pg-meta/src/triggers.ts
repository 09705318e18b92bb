/** Triggers on tables and views (internal constraint triggers are left out). */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { listConditions, listQuery } from './filters.ts';
import { ident, literal, qualified } from './identifiers.ts';
import { assertSchemaWritable } from './protected-schemas.ts';
import { jsonRow, pagedRows, Params, type Page, type Queryable } from './queryable.ts';
import { sqlFragment } from './sql-lexer.ts';

const EVENTS = ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'] as const;
const ENABLED_MODES = ['ORIGIN', 'REPLICA', 'ALWAYS', 'DISABLED'] as const;
const ACTIVATIONS = ['BEFORE', 'AFTER', 'INSTEAD OF'] as const;

export const triggerSchema = z.object({
  id: z.number(),
  table_id: z.number(),
  schema: z.string(),
  table: z.string(),
  name: z.string(),
  enabled_mode: z.enum(ENABLED_MODES),
  activation: z.enum(ACTIVATIONS),
  orientation: z.enum(['ROW', 'STATEMENT']),
  events: z.array(z.enum(EVENTS)),
  /** The WHEN condition, if any. */
  condition: z.string().nullable(),
  function_schema: z.string(),
  function_name: z.string(),
  function_args: z.array(z.string()),
});
export type Trigger = z.infer<typeof triggerSchema>;

export const triggerListQuery = listQuery.extend({ table_id: z.coerce.number().int().optional() });
export type TriggerListOptions = z.output<typeof triggerListQuery>;

export const triggerCreateBody = z.object({
  name: z.string(),
  schema: z.string().default('public'),
  table: z.string(),
  function_schema: z.string().default('public'),
  function_name: z.string(),
  function_args: z.array(z.string()).optional(),
  activation: z.enum(ACTIVATIONS),
  events: z.array(z.enum(EVENTS)).min(1),
  orientation: z.enum(['ROW', 'STATEMENT']).default('STATEMENT'),
  condition: z.string().nullable().optional(),
  enabled_mode: z.enum(ENABLED_MODES).optional(),
});
export type TriggerCreate = z.input<typeof triggerCreateBody>;
export const triggerUpdateBody = z.object({ name: z.string().optional(), enabled_mode: z.enum(ENABLED_MODES).optional() });
export type TriggerUpdate = z.infer<typeof triggerUpdateBody>;

function triggerDetailSql(triggerId: string): string {
  return `select t.oid::int8 as id, c.oid::int8 as table_id, n.nspname as schema, c.relname as "table", t.tgname as name,
    case t.tgenabled when 'D' then 'DISABLED' when 'R' then 'REPLICA' when 'A' then 'ALWAYS' else 'ORIGIN' end as enabled_mode,
    case when t.tgtype & 64 <> 0 then 'INSTEAD OF' when t.tgtype & 2 <> 0 then 'BEFORE' else 'AFTER' end as activation,
    case when t.tgtype & 1 <> 0 then 'ROW' else 'STATEMENT' end as orientation,
    (select json_agg(e.name order by e.ord) from (values (4, 'INSERT', 1), (16, 'UPDATE', 2), (8, 'DELETE', 3), (32, 'TRUNCATE', 4)) e(bit, name, ord)
      where t.tgtype & e.bit <> 0) as events,
    substring(pg_get_triggerdef(t.oid) from ' WHEN \\((.*)\\) EXECUTE ') as condition,
    fn.nspname as function_schema, f.proname as function_name,
    (with recursive parts(rest, arg, n) as (
        select t.tgargs, ''::bytea, 0
        union all
        select substring(rest from position('\\x00'::bytea in rest) + 1), substring(rest from 1 for position('\\x00'::bytea in rest) - 1), n + 1
        from parts where n < t.tgnargs)
      select coalesce(json_agg(convert_from(arg, 'UTF8') order by n), '[]'::json) from parts where n > 0) as function_args
  from pg_trigger t
  join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
  join pg_proc f on f.oid = t.tgfoid join pg_namespace fn on fn.oid = f.pronamespace
  where t.oid = ${triggerId} and not t.tgisinternal`;
}

export async function listTriggers(db: Queryable, options: TriggerListOptions = {}): Promise<Page<Trigger>> {
  const params = new Params();
  const conditions = listConditions(options, params, { schema: 'n.nspname', name: 't.tgname' });
  const tableFilter = options.table_id === undefined ? 'true' : `t.tgrelid = ${params.add(options.table_id)}::oid`;
  return pagedRows<Trigger>(db, {
    match: `select t.oid as id, n.nspname as schema_name, c.relname as table_name, t.tgname as name
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and ${tableFilter} and ${conditions}`,
    order: 'schema_name, table_name, name',
    detail: (row) => triggerDetailSql(`${row}.id`),
    params,
    limit: options.limit,
    offset: options.offset,
  });
}

export async function getTrigger(db: Queryable, id: number): Promise<Trigger> {
  const trigger = await jsonRow<Trigger>(db, triggerDetailSql('$1::oid'), [id]);
  if (!trigger) throw new PlinthError('database_object_not_found', `Trigger ${id} not found.`);
  return trigger;
}

const ENABLE_SQL: Record<(typeof ENABLED_MODES)[number], string> = {
  ORIGIN: 'ENABLE', REPLICA: 'ENABLE REPLICA', ALWAYS: 'ENABLE ALWAYS', DISABLED: 'DISABLE',
};

export function buildTriggerCreateSql(body: TriggerCreate): string[] {
  const table = qualified(body.schema ?? 'public', body.table);
  const when = body.condition ? ` WHEN (${sqlFragment(body.condition, 'trigger condition')})` : '';
  const args = (body.function_args ?? []).map(literal).join(', ');
  const statements = [
    `CREATE TRIGGER ${ident(body.name, 'trigger name')} ${body.activation} ${[...new Set(body.events)].join(' OR ')} ON ${table}`
    + ` FOR EACH ${body.orientation ?? 'STATEMENT'}${when} EXECUTE FUNCTION ${qualified(body.function_schema ?? 'public', body.function_name)}(${args})`,
  ];
  if (body.enabled_mode && body.enabled_mode !== 'ORIGIN') {
    statements.push(`ALTER TABLE ${table} ${ENABLE_SQL[body.enabled_mode]} TRIGGER ${ident(body.name, 'trigger name')}`);
  }
  return statements;
}

export function buildTriggerUpdateSql(current: Pick<Trigger, 'schema' | 'table' | 'name' | 'enabled_mode'>, changes: TriggerUpdate): string[] {
  const table = qualified(current.schema, current.table);
  const out: string[] = [];
  if (changes.enabled_mode !== undefined && changes.enabled_mode !== current.enabled_mode) {
    out.push(`ALTER TABLE ${table} ${ENABLE_SQL[changes.enabled_mode]} TRIGGER ${ident(current.name, 'trigger name')}`);
  }
  if (changes.name !== undefined && changes.name !== current.name) {
    out.push(`ALTER TRIGGER ${ident(current.name, 'trigger name')} ON ${table} RENAME TO ${ident(changes.name, 'trigger name')}`);
  }
  return out;
}

/** Run with a transactional `db`. */
export async function createTrigger(db: Queryable, body: TriggerCreate): Promise<Trigger> {
  const schema = body.schema ?? 'public';
  assertSchemaWritable(schema);
  for (const sql of buildTriggerCreateSql(body)) await db.query(sql);
  const { rows } = await db.query<{ id: number | string }>(
    `select t.oid::int8 as id from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = $2 and t.tgname = $3`,
    [schema, body.table, body.name],
  );
  return getTrigger(db, Number(rows[0].id));
}

/** Run with a transactional `db`. */
export async function updateTrigger(db: Queryable, id: number, changes: TriggerUpdate): Promise<Trigger> {
  const current = await getTrigger(db, id);
  assertSchemaWritable(current.schema);
  for (const sql of buildTriggerUpdateSql(current, changes)) await db.query(sql);
  return getTrigger(db, id);
}

export async function deleteTrigger(db: Queryable, id: number, options: { cascade?: boolean } = {}): Promise<Trigger> {
  const trigger = await getTrigger(db, id);
  assertSchemaWritable(trigger.schema);
  await db.query(`DROP TRIGGER ${ident(trigger.name, 'trigger name')} ON ${qualified(trigger.schema, trigger.table)}${options.cascade ? ' CASCADE' : ''}`);
  return trigger;
}
