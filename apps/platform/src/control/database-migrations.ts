/**
 * The migration history the Supabase CLI keeps in supabase_migrations.schema_migrations, through the
 * Management API (GET/POST /v1/projects/{ref}/database/migrations): list what was applied, and apply
 * a migration so that its SQL and its row in the history commit together or not at all.
 */
import type { BodyOf, V1Migration } from '@plinth/api-contract';
import { Resource } from '@plinth/permissions';
import * as pgMeta from '@plinth/pg-meta';
import type { Actor, ControlContext } from './context.ts';
import { changeCatalog, readCatalog } from './database-management.ts';

export async function listAppliedMigrations(ctx: ControlContext, actor: Actor, ref: string): Promise<V1Migration[]> {
  const migrations = await readCatalog(ctx, actor, ref, Resource.SQL, (db) => pgMeta.listMigrations(db));
  return migrations.map(({ version, name }) => ({ version, name }));
}

/**
 * The CLI names versions by their UTC time (20260102150405). Two migrations applied within one
 * second would share a version, so a new one is also at least one past the newest numeric version.
 */
const NEXT_VERSION = `
  select greatest(
    to_char(now() at time zone 'utc', 'YYYYMMDDHH24MISS')::numeric,
    coalesce((select max(version::numeric) + 1 from supabase_migrations.schema_migrations where version ~ '^[0-9]{1,30}$'), 0)
  )::text as version`;

/** The history table is created as the CLI creates it, should someone have dropped it. */
const ENSURE_HISTORY = [
  'create schema if not exists supabase_migrations',
  'create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text)',
];

export async function applyMigration(ctx: ControlContext, actor: Actor, ref: string, body: BodyOf<'v1MigrationApply'>): Promise<V1Migration> {
  const statements = pgMeta.splitStatements(body.query);
  // What this engine cannot run (embedded: COPY ... PROGRAM) is refused before anything runs.
  for (const statement of statements) ctx.engine.assertRunnable(statement.text);
  const name = body.name || null;
  return changeCatalog(ctx, actor, ref, {
    resource: Resource.SQL,
    action: 'database.migration.apply',
    run: async (tx) => {
      await pgMeta.runScriptResults(tx, body.query);
      for (const sql of ENSURE_HISTORY) await tx.query(sql);
      // Concurrent applies take turns here, so each reads the version the previous one wrote.
      await tx.query('lock table supabase_migrations.schema_migrations in exclusive mode');
      const { rows } = await tx.query<{ version: string }>(NEXT_VERSION);
      const version = rows[0].version;
      await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [version, name, statements.map((s) => s.text)]);
      return { version, name };
    },
    target: (migration) => `${migration.version}${migration.name ? ` ${migration.name}` : ''}`,
    allowedOnBranch: true,
  });
}
