/**
 * Extensions that only a superuser may create, which the platform creates on the project owner's
 * behalf, as Supabase's supautils does for its "privileged extensions". Used by the engines whose
 * owner is no superuser (local, postgres), on a superuser connection to the project's database
 * that never leaves the engine.
 *
 * The boundary: the allow-list holds no extension that gives a tenant the server's files or
 * programs (adminpack, file_fdw, pageinspect, pg_buffercache, lo, plpython3u, ...). postgres_fdw
 * and dblink are on it because they refuse a non-superuser any connection that did not use a
 * password (postgres_fdw's password_required, dblink's connstr check), so they cannot reach a
 * trusting Unix socket or a `trust` host; that check stays on (the owner cannot turn
 * password_required off: only a superuser may).
 */
import { PlinthError } from '@plinth/errors';
import pg from 'pg';
import type { Database, Queryable } from './types.ts';

const { escapeIdentifier: ident, escapeLiteral: literal } = pg;

/**
 * What the platform creates as the superuser. Extensions they require come along (CASCADE) only
 * when they are on this list too or trusted (fuzzystrmatch for the tiger geocoder).
 */
export const PRIVILEGED_EXTENSIONS: ReadonlySet<string> = new Set([
  'postgres_fdw',
  'dblink',
  'pg_stat_statements',
  'postgis',
  'postgis_raster',
  'postgis_sfcgal',
  'postgis_topology',
  'postgis_tiger_geocoder',
  'address_standardizer',
  'address_standardizer_data_us',
  'pgrouting',
]);

/** Where an extension goes when the request names no schema: Supabase's `extensions`. */
const DEFAULT_SCHEMA = 'extensions';

export interface PrivilegedExtensionRequest {
  name: string;
  schema?: string;
  version?: string;
  cascade?: boolean;
}

function notPrivileged(name: string): PlinthError {
  return new PlinthError('extension_unavailable', `The extension "${name}" cannot be loaded by this project's database engine.`, { name });
}

/** Of the allow-list, the names not installed that load on this server (tried in savepoints, rolled back). */
export async function loadablePrivilegedExtensions(superuser: Database): Promise<string[]> {
  return superuser.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      `select name from pg_available_extensions where installed_version is null and default_version is not null and name = any($1::text[]) order by name`,
      [[...PRIVILEGED_EXTENSIONS]],
    );
    const { rows: [preload] } = await tx.query<{ libraries: string }>(`select current_setting('shared_preload_libraries') as libraries`);
    const loadable: string[] = [];
    for (const { name } of rows) {
      // Its view fails unless the server preloads its library: not offered where it does not.
      if (name === 'pg_stat_statements' && !preload.libraries.split(',').map((l) => l.trim()).includes(name)) continue;
      await tx.query('savepoint plinth_privileged_probe');
      try {
        await tx.query(`create extension ${ident(name)} cascade`);
        loadable.push(name);
      } catch {
        // No library, a missing dependency: not offered here.
      }
      await tx.query('rollback to savepoint plinth_privileged_probe');
    }
    // The probe's transaction is rolled back whole: nothing stays installed.
    throw new ProbeDone(loadable);
  }).catch((error: unknown) => {
    if (error instanceof ProbeDone) return error.loadable;
    throw error;
  });
}

class ProbeDone {
  constructor(readonly loadable: string[]) {}
}

/**
 * CREATE EXTENSION as the superuser, in one transaction with the hand-over to `owner` (grants on
 * what the extension made: its schemas, tables and sequences, foreign-data wrappers). The schema
 * asked for must be one the owner may create in, so an extension cannot be planted in a platform
 * schema; an extension whose control file fixes its schema (postgis_topology) makes its own.
 */
export async function createPrivilegedExtension(superuser: Database, owner: string, request: PrivilegedExtensionRequest): Promise<void> {
  if (!PRIVILEGED_EXTENSIONS.has(request.name)) throw notPrivileged(request.name);
  await superuser.transaction(async (tx) => {
    const { rows: [control] } = await tx.query<{ schema: string | null }>(
      `select schema from pg_available_extension_versions where name = $1 and version = coalesce($2, (select default_version from pg_available_extensions where name = $1))`,
      [request.name, request.version ?? null],
    );
    if (!control) throw notPrivileged(request.name);
    const schema = control.schema ? null : (request.schema ?? DEFAULT_SCHEMA);
    if (schema !== null) await assertOwnerMayCreateIn(tx, owner, schema);
    const before = await installedExtensions(tx);
    await tx.query(`create extension ${ident(request.name)}${schema ? ` schema ${ident(schema)}` : ''}`
      + `${request.version ? ` version ${literal(request.version)}` : ''}${request.cascade ? ' cascade' : ''}`);
    const added = (await installedExtensions(tx)).filter((name) => !before.includes(name));
    const { rows: untrusted } = await tx.query<{ name: string }>(
      `select distinct name from pg_available_extension_versions where name = any($1::text[]) and not trusted`,
      [added.filter((name) => !PRIVILEGED_EXTENSIONS.has(name))],
    );
    if (untrusted.length > 0) {
      // Rolls the whole creation back: CASCADE may not bring in what the list leaves out.
      throw new PlinthError('extension_unavailable', `The extension "${request.name}" needs "${untrusted[0].name}", which this project cannot load.`, { name: untrusted[0].name });
    }
    for (const name of added) await handOver(tx, owner, name);
  });
}

/** DROP EXTENSION as the superuser, for one the platform created (the owner does not own it). */
export async function dropPrivilegedExtension(superuser: Database, name: string, options: { cascade?: boolean }): Promise<void> {
  if (!PRIVILEGED_EXTENSIONS.has(name)) throw notPrivileged(name);
  await superuser.query(`drop extension ${ident(name)}${options.cascade ? ' cascade' : ''}`);
}

async function installedExtensions(tx: Queryable): Promise<string[]> {
  return (await tx.query<{ extname: string }>('select extname from pg_extension')).rows.map((r) => r.extname);
}

async function assertOwnerMayCreateIn(tx: Queryable, owner: string, schema: string): Promise<void> {
  const { rows } = await tx.query<{ may: boolean | null }>(
    `select has_schema_privilege($1, n.oid, 'CREATE') as may from pg_namespace n where n.nspname = $2`,
    [owner, schema],
  );
  if (rows.length === 0) throw new PlinthError('database_error', `schema "${schema}" does not exist`, { code: '3F000' });
  if (!rows[0].may) throw new PlinthError('database_error', `permission denied for schema ${schema}`, { code: '42501' });
}

/**
 * The objects a superuser-made extension owns become usable by the project's owner, with grant
 * option so it can pass them on to its API roles. Functions keep the extension's own grants
 * (dblink_connect_u stays revoked from PUBLIC).
 */
async function handOver(tx: Queryable, owner: string, extension: string): Promise<void> {
  const { rows } = await tx.query<{ kind: 'schema' | 'relation' | 'fdw'; name: string }>(
    `select case d.classid when 'pg_namespace'::regclass then 'schema' when 'pg_class'::regclass then 'relation' else 'fdw' end as kind,
            case d.classid
              when 'pg_namespace'::regclass then quote_ident((select nspname from pg_namespace where oid = d.objid))
              when 'pg_class'::regclass then d.objid::regclass::text
              else quote_ident((select fdwname from pg_foreign_data_wrapper where oid = d.objid)) end as name
       from pg_depend d join pg_extension x on x.oid = d.refobjid
      where d.refclassid = 'pg_extension'::regclass and d.deptype = 'e' and x.extname = $1
        and (d.classid in ('pg_namespace'::regclass, 'pg_foreign_data_wrapper'::regclass)
             or (d.classid = 'pg_class'::regclass and (select relkind from pg_class where oid = d.objid) in ('r', 'p', 'v', 'm', 'S', 'f')))`,
    [extension],
  );
  const to = ident(owner);
  // Names come from the catalog already quoted (quote_ident, regclass output).
  for (const { kind, name } of rows) {
    if (kind === 'schema') await tx.query(`grant usage on schema ${name} to ${to} with grant option`);
    else if (kind === 'relation') await tx.query(`grant all on ${name} to ${to} with grant option`);
    else await tx.query(`grant usage on foreign data wrapper ${name} to ${to} with grant option`);
  }
}
