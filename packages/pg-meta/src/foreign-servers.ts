/**
 * Foreign servers of postgres_fdw (Database > Wrappers): listed with their user mappings, created
 * with the caller's own user mapping, dropped, and a remote schema imported. Passwords go into a
 * user mapping and never come back: listings name the option keys they hide, not their values.
 */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { ident, literal } from './identifiers.ts';
import { assertSchemaWritable } from './protected-schemas.ts';
import { jsonRows, type Queryable } from './queryable.ts';

/** Option names whose values are secrets: never listed. */
const SECRET_OPTION = /pass|secret|key|token/i;

export const userMappingSchema = z.object({
  user: z.string(),
  /** The mapping's options without secret ones (postgres_fdw: `user`). */
  options: z.record(z.string(), z.string()),
  has_password: z.boolean(),
});

export const foreignServerSchema = z.object({
  name: z.string(),
  wrapper: z.string(),
  options: z.record(z.string(), z.string()),
  user_mappings: z.array(userMappingSchema),
});
export type ForeignServer = z.infer<typeof foreignServerSchema>;

export const wrapperForeignTableSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  server: z.string(),
  remote_schema: z.string().nullable(),
  remote_table: z.string().nullable(),
});
export type WrapperForeignTable = z.infer<typeof wrapperForeignTableSchema>;

const name = z.string().trim().min(1).max(63);
export const foreignServerCreateBody = z.object({
  name,
  host: z.string().trim().min(1).max(255),
  port: z.number().int().min(1).max(65535),
  dbname: z.string().trim().min(1).max(63),
  user: z.string().trim().min(1).max(128),
  password: z.string().min(1).max(1024),
});
export type ForeignServerCreate = z.infer<typeof foreignServerCreateBody>;

export const foreignSchemaImportBody = z.object({
  remote_schema: name.default('public'),
  local_schema: name,
  /** Only these remote tables (LIMIT TO); all of the remote schema when absent or empty. */
  tables: z.array(name).max(500).optional(),
});
export type ForeignSchemaImport = z.infer<typeof foreignSchemaImportBody>;

interface OptionRow {
  option_name: string;
  option_value: string;
}

function publicOptions(rows: OptionRow[] | null): Record<string, string> {
  return Object.fromEntries((rows ?? []).filter((o) => !SECRET_OPTION.test(o.option_name)).map((o) => [o.option_name, o.option_value]));
}

/**
 * pg_user_mappings shows a mapping's options only to its user (or the server's owner); a Read-only
 * member reads them through the same session, so what it sees is what the project owner may see,
 * minus the secrets.
 */
export async function listForeignServers(db: Queryable): Promise<ForeignServer[]> {
  const rows = await jsonRows<{ name: string; wrapper: string; options: OptionRow[] | null; mappings: { user: string; options: OptionRow[] | null }[] | null }>(db,
    `select s.srvname as name, w.fdwname as wrapper,
            (select json_agg(o) from pg_options_to_table(s.srvoptions) o) as options,
            (select json_agg(json_build_object('user', m.usename, 'options', (select json_agg(o) from pg_options_to_table(m.umoptions) o)) order by m.usename)
               from pg_user_mappings m where m.srvid = s.oid) as mappings
       from pg_foreign_server s join pg_foreign_data_wrapper w on w.oid = s.srvfdw
      order by s.srvname`);
  return rows.map((row) => ({
    name: row.name,
    wrapper: row.wrapper,
    options: publicOptions(row.options),
    user_mappings: (row.mappings ?? []).map((m) => ({
      user: m.user,
      options: publicOptions(m.options),
      has_password: (m.options ?? []).some((o) => o.option_name === 'password'),
    })),
  }));
}

export function listWrapperForeignTables(db: Queryable): Promise<WrapperForeignTable[]> {
  return jsonRows<WrapperForeignTable>(db,
    `select c.oid::int as id, n.nspname as schema, c.relname as name, s.srvname as server,
            (select o.option_value from pg_options_to_table(ft.ftoptions) o where o.option_name = 'schema_name') as remote_schema,
            (select o.option_value from pg_options_to_table(ft.ftoptions) o where o.option_name = 'table_name') as remote_table
       from pg_foreign_table ft join pg_class c on c.oid = ft.ftrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_foreign_server s on s.oid = ft.ftserver
      order by n.nspname, c.relname`);
}

/**
 * CREATE SERVER (postgres_fdw) and the caller's USER MAPPING. Options take no bound parameters, so
 * every value is a quoted literal and every name a quoted identifier. Run in one transaction.
 */
export function buildForeignServerCreateSql(body: ForeignServerCreate): string[] {
  const server = ident(body.name, 'server name');
  return [
    `create server ${server} foreign data wrapper postgres_fdw options (host ${literal(body.host)}, port ${literal(String(body.port))}, dbname ${literal(body.dbname)})`,
    `create user mapping for current_user server ${server} options (user ${literal(body.user)}, password ${literal(body.password)})`,
  ];
}

export async function createForeignServer(db: Queryable, body: ForeignServerCreate): Promise<ForeignServer> {
  for (const sql of buildForeignServerCreateSql(body)) await db.query(sql);
  return getForeignServer(db, body.name);
}

export async function getForeignServer(db: Queryable, serverName: string): Promise<ForeignServer> {
  const server = (await listForeignServers(db)).find((s) => s.name === serverName);
  if (!server) throw new PlinthError('database_object_not_found', `Foreign server ${serverName} not found.`);
  return server;
}

/** DROP SERVER; CASCADE also drops its user mappings and foreign tables. */
export async function dropForeignServer(db: Queryable, serverName: string, options: { cascade?: boolean } = {}): Promise<ForeignServer> {
  const server = await getForeignServer(db, serverName);
  await db.query(`drop server ${ident(serverName, 'server name')}${options.cascade ? ' cascade' : ''}`);
  return server;
}

/** IMPORT FOREIGN SCHEMA into a schema the project owns; returns the foreign tables now in it. */
export async function importForeignSchema(db: Queryable, serverName: string, body: ForeignSchemaImport): Promise<WrapperForeignTable[]> {
  assertSchemaWritable(body.local_schema);
  const limit = body.tables?.length ? ` limit to (${body.tables.map((t) => ident(t, 'table name')).join(', ')})` : '';
  await db.query(`import foreign schema ${ident(body.remote_schema, 'remote schema')}${limit} from server ${ident(serverName, 'server name')} into ${ident(body.local_schema, 'schema')}`);
  return (await listWrapperForeignTables(db)).filter((t) => t.server === serverName && t.schema === body.local_schema);
}
