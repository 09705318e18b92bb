/**
 * The SQL the Webhooks page runs through the SQL endpoint. A webhook is what it is on Supabase: an
 * AFTER ... FOR EACH ROW trigger executing supabase_functions.http_request(url, method, headers,
 * params, timeout ms), so a hook made in SQL shows here and one made here works from SQL. Names are
 * quoted identifiers and every argument a string constant (quote.ts).
 */
import { ident, literal, qualified } from '../sql/quote.ts';

export type HookEvent = 'INSERT' | 'UPDATE' | 'DELETE';
export const HOOK_EVENTS: readonly HookEvent[] = ['INSERT', 'UPDATE', 'DELETE'];

export interface HookDefinition {
  name: string;
  schema: string;
  table: string;
  events: HookEvent[];
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  params: Record<string, string>;
  timeoutMs: number;
}

/** How many deliveries the page lists (net._http_response keeps 6 hours of them). */
export const DELIVERIES_SHOWN = 50;

/** Triggers calling supabase_functions.http_request; their arguments as hex (tgargs is NUL-separated bytes). */
export const listHooksSql = `select t.oid::text as id, t.tgname as name, n.nspname as schema, c.relname as table, c.oid::int as table_id,
  t.tgtype::int as tgtype, encode(t.tgargs, 'hex') as args
from pg_catalog.pg_trigger t
join pg_catalog.pg_class c on c.oid = t.tgrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
join pg_catalog.pg_proc p on p.oid = t.tgfoid
join pg_catalog.pg_namespace pn on pn.oid = p.pronamespace
where not t.tgisinternal and pn.nspname = 'supabase_functions' and p.proname = 'http_request'
order by n.nspname, c.relname, t.tgname`;

export const listDeliveriesSql = `select r.id::text, r.status_code, r.timed_out, r.error_msg, r.created, h.hook_name, h.hook_table_id
from net._http_response r left join supabase_functions.hooks h on h.request_id = r.id
order by r.created desc, r.id desc limit ${DELIVERIES_SHOWN}`;

/** pg_trigger.tgtype's event bits. */
const EVENT_BITS: Record<HookEvent, number> = { INSERT: 4, DELETE: 8, UPDATE: 16 };

export function eventsOf(tgtype: number): HookEvent[] {
  return HOOK_EVENTS.filter((event) => (tgtype & EVENT_BITS[event]) !== 0);
}

/** tgargs (hex of NUL-terminated UTF-8 strings) as the strings. */
export function triggerArgs(hex: string): string[] {
  const bytes = new Uint8Array((hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16)));
  const args: string[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    if (bytes[i] !== 0) continue;
    args.push(new TextDecoder().decode(bytes.subarray(start, i)));
    start = i + 1;
  }
  return args;
}

/** Creates the hook, replacing `previous` (its old name or table) when editing. */
export function saveHookSql(hook: HookDefinition, previous?: { name: string; schema: string; table: string }): string {
  if (hook.events.length === 0) throw new Error('Choose at least one event.');
  const statements: string[] = [];
  if (previous && (previous.name !== hook.name || previous.schema !== hook.schema || previous.table !== hook.table)) {
    statements.push(`drop trigger if exists ${ident(previous.name)} on ${qualified(previous.schema, previous.table)}`);
  }
  const args = [hook.url, hook.method, JSON.stringify(hook.headers), JSON.stringify(hook.params), String(Math.round(hook.timeoutMs))].map(literal);
  statements.push(`create or replace trigger ${ident(hook.name)} after ${hook.events.map((e) => e.toLowerCase()).join(' or ')} on ${qualified(hook.schema, hook.table)}
  for each row execute function supabase_functions.http_request(${args.join(', ')})`);
  return statements.join(';\n');
}

export function dropHookSql(hook: { name: string; schema: string; table: string }): string {
  return `drop trigger ${ident(hook.name)} on ${qualified(hook.schema, hook.table)}`;
}
