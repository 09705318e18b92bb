/**
 * The steps of a major upgrade that only read or write catalogs, the same on every engine that
 * upgrades (engines/local/major-upgrade.ts, a new cluster beside the old; PostgresEngine.upgradeMajor,
 * a new database on a newer server): copying a stored setting, the pre-upgrade extension check, the
 * row-count comparison and the extension updates. `old` is a superuser session on the old database,
 * `next` one on the new.
 */
import pg from 'pg';
import type { Queryable } from './types.ts';

const { escapeIdentifier: ident, escapeLiteral: literal } = pg;

/**
 * Settings whose stored value is a list already quoted element by element (pg_dump's
 * variable_is_guc_list_quote): written back as they are, where any other is written as one literal.
 */
const LIST_SETTINGS = new Set([
  'local_preload_libraries', 'search_path', 'session_preload_libraries', 'shared_preload_libraries', 'temp_tablespaces', 'unix_socket_directories',
]);
/** A stored list value: elements PostgreSQL quoted as identifiers where needed, nothing else. */
const LIST_VALUE = /^\s*("(?:[^"]|"")*"|[\w$./-]+)(\s*,\s*("(?:[^"]|"")*"|[\w$./-]+))*\s*$/;

/** `set name to value` for a pg_db_role_setting entry ("name=value"), every part quoted. */
export function settingClause(entry: string): string {
  const at = entry.indexOf('=');
  const name = entry.slice(0, at);
  const value = entry.slice(at + 1);
  const quotedName = name.split('.').map((part) => ident(part)).join('.');
  if (!LIST_SETTINGS.has(name)) return `set ${quotedName} to ${literal(value)}`;
  // Written back as stored (each element already quoted), so only a value of that form is.
  if (!LIST_VALUE.test(value)) throw new Error(`The setting ${name} holds a value the upgrade cannot copy: ${value}`);
  return `set ${quotedName} to ${value}`;
}

/**
 * Every extension the old database uses is available to the new one, or the upgrade stops before
 * anything is moved. `target` names the new server in the message ("PostgreSQL 18 here").
 */
export async function checkExtensionsAvailable(old: Queryable, next: Queryable, target: string): Promise<void> {
  const { rows: used } = await old.query<{ extname: string }>('select extname from pg_catalog.pg_extension order by extname');
  const { rows: available } = await next.query<{ name: string }>('select name from pg_catalog.pg_available_extensions');
  const names = new Set(available.map((row) => row.name));
  const missing = used.map((row) => row.extname).filter((name) => !names.has(name));
  if (missing.length > 0) {
    throw new Error(`${target} does not have the extension${missing.length > 1 ? 's' : ''} ${missing.join(', ')}, which the database uses.`);
  }
}

/** Each table's rows, counted in both databases: the same, or the upgrade stops. */
export async function compareRowCounts(old: Queryable, next: Queryable): Promise<void> {
  const { rows: tables } = await old.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_' order by 1`,
  );
  if (tables.length === 0) return;
  const countSql = `select ${tables.map((t, i) => `(select count(*) from ${t.name})::text as c${i}`).join(', ')}`;
  const { rows: [before] } = await old.query<Record<string, string>>(countSql);
  const { rows: [after] } = await next.query<Record<string, string>>(countSql);
  const differing = tables.filter((_, i) => before[`c${i}`] !== after[`c${i}`]).map((t) => t.name);
  if (differing.length > 0) throw new Error(`The new database's rows differ from the old one's in ${differing.slice(0, 5).join(', ')}.`);
}

/** ALTER EXTENSION ... UPDATE for each extension whose installed version is not the new server's default. */
export async function updateExtensions(next: Queryable): Promise<void> {
  const { rows } = await next.query<{ name: string }>(
    `select e.extname as name from pg_catalog.pg_extension e join pg_catalog.pg_available_extensions a on a.name = e.extname
      where a.default_version is not null and a.default_version <> e.extversion order by 1`,
  );
  for (const { name } of rows) {
    await next.exec(`alter extension ${ident(name)} update`).catch((error: unknown) => {
      throw new Error(`Updating the extension ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
}
