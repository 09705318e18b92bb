/**
 * Bootstraps a project database so it looks like a Supabase project (roles, schemas, auth helpers,
 * default privileges, migration table). Same SQL on every engine; only LOGIN differs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Queryable } from './types.ts';
import { vaultSql } from './vault.ts';

export type EngineName = 'local' | 'embedded' | 'postgres';

export interface BootstrapOptions {
  /**
   * More SQL run after the standard bootstrap, in order. Hook for schemas owned by other parts of
   * the platform; the auth, storage and realtime schemas are applied automatically (see dataPlaneSchemaSql below).
   */
  extraBootstrapSql?: string[];
}

const bootstrapSqlText = readFileSync(fileURLToPath(new URL('./bootstrap.sql', import.meta.url)), 'utf8');

/**
 * The auth and storage tables are owned by their data-plane modules. Read the files rather than
 * import the modules, so engines do not depend on the data plane (dependencies point the other way).
 */
function dataPlaneSchemaSql(relativePath: string): string {
  const path = fileURLToPath(new URL(`../data-plane/${relativePath}`, import.meta.url));
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}
const authSchemaSql = dataPlaneSchemaSql('auth/schema.sql');
const storageSchemaSql = dataPlaneSchemaSql('storage/schema.sql');
const realtimeSchemaSql = dataPlaneSchemaSql('realtime/schema.sql');
const changeCaptureSql = dataPlaneSchemaSql('realtime/postgres-changes/capture.sql');

/** Creates `name` unless it exists; a concurrent creator winning the race is not an error. */
function ensureRole(name: string, attributes: string): string {
  return `do $$ begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = '${name}') then
    create role ${name} ${attributes};
  end if;
exception when duplicate_object or unique_violation then null;
end $$;`;
}

/**
 * The API roles. On a Postgres server they are cluster-wide, shared by every project database on
 * it, so creation must be idempotent and survive two projects being created at once. authenticator
 * logs in only on a real server (the data plane connects as it); on PGlite LOGIN means nothing.
 */
export function clusterRolesSql(engineName: EngineName): string {
  const login = engineName === 'embedded' ? 'nologin' : 'login';
  return [
    ensureRole('anon', 'nologin noinherit'),
    ensureRole('authenticated', 'nologin noinherit'),
    ensureRole('service_role', 'nologin noinherit bypassrls'),
    ensureRole('authenticator', `${login} noinherit`),
    `do $$ begin
  grant anon, authenticated, service_role to authenticator;
exception when duplicate_object or unique_violation then null;
end $$;`,
  ].join('\n');
}

/** Everything bootstrapProject runs, as one script (the embedded engine hashes it to key its template). */
export function bootstrapScript(engineName: EngineName, options: BootstrapOptions = {}): string {
  return [clusterRolesSql(engineName), bootstrapSqlText, authSchemaSql, storageSchemaSql, realtimeSchemaSql, changeCaptureSql, vaultSql, ...(options.extraBootstrapSql ?? [])]
    .filter((part) => part.trim() !== '')
    .join('\n;\n');
}

export async function bootstrapProject(db: Queryable, engineName: EngineName, options: BootstrapOptions = {}): Promise<void> {
  await db.exec(bootstrapScript(engineName, options));
}

/** Schemas the bootstrap creates (as a superuser) that the owner should manage like Supabase's postgres. */
const OWNER_SCHEMAS = ['auth', 'storage', 'extensions', 'realtime', 'supabase_migrations', 'graphql_public', 'vault'];

/**
 * What Supabase's `postgres` role may do in its project, granted to the project's owner on a real
 * server (local and postgres engines), where the owner is no superuser. `owner` is already quoted.
 */
export function ownerGrantsSql(owner: string): string {
  const schemas = OWNER_SCHEMAS.map((name) => pg.escapeIdentifier(name)).join(', ');
  return [
    // SET ROLE anon/authenticated in a session, as the Supabase SQL editor's role switcher does.
    `grant anon, authenticated, service_role to ${owner}`,
    `grant all on schema ${schemas} to ${owner}`,
    `grant all on all tables in schema ${schemas} to ${owner}`,
    `grant all on all sequences in schema ${schemas} to ${owner}`,
    `grant all on all functions in schema ${schemas} to ${owner}`,
    // Storage policies are the owner's to write, as on Supabase (where postgres is a member of the
    // tables' owner): CREATE POLICY needs ownership, and a shared owning role would span projects.
    `alter table storage.buckets owner to ${owner}`,
    `alter table storage.objects owner to ${owner}`,
    // Realtime's authorisation is policies on realtime.messages, which members write.
    `alter table realtime.messages owner to ${owner}`,
    // The Replication page and the table editor's Realtime toggle add the owner's tables to it.
    `alter publication supabase_realtime owner to ${owner}`,
    // Tables the owner creates get the same API grants as tables the platform creates.
    ...['tables', 'functions', 'sequences'].map((kind) =>
      `alter default privileges for role ${owner} in schema public grant all on ${kind} to anon, authenticated, service_role`),
  ].join(';\n');
}
