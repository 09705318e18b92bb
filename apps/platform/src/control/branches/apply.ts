/**
 * Applying migration files to a project's database the way the Supabase CLI does: in version order,
 * each in one transaction with its row in supabase_migrations.schema_migrations (version, name,
 * statements), so a migration is applied whole or not at all, and one already in the history is
 * skipped. That history decides what a branch still needs (a data branch copies its parent's) and
 * what a merge brings to the parent. The seed runs once, recorded in supabase_migrations.seed_files.
 */
import { createHash } from 'node:crypto';
import * as pgMeta from '@plinth/pg-meta';
import { errorMessage } from '@plinth/errors';
import { invalidateSchemaCache } from '../../data-plane/rest/schema-cache.ts';
import { DatabaseError } from '../../engines/database-error.ts';
import type { Database, Queryable } from '../../engines/types.ts';
import type { ControlContext } from '../context.ts';

export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
}

/** A migration (or the seed) that Postgres refused: the branch is marked failed with `message`. */
export class MigrationFailure extends Error {
  constructor(
    readonly version: string | null,
    readonly migrationName: string | null,
    message: string,
  ) {
    super(message);
  }
}

const ENSURE_HISTORY = [
  'create schema if not exists supabase_migrations',
  'create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text)',
  'create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null)',
];

/** The versions in the project's history; none when it has no history table. */
export async function appliedVersions(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query<{ exists: boolean }>("select to_regclass('supabase_migrations.schema_migrations') is not null as exists");
  if (!rows[0].exists) return new Set();
  const history = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  return new Set(history.rows.map((row) => row.version));
}

/** The project's history with each migration's SQL, oldest first (what a merge reads from a branch). */
export async function historyWithSql(db: Queryable): Promise<MigrationFile[]> {
  const { rows } = await db.query<{ exists: boolean }>("select to_regclass('supabase_migrations.schema_migrations') is not null as exists");
  if (!rows[0].exists) return [];
  const history = await db.query<{ version: string; name: string | null; statements: string[] | null }>(
    'select version, name, statements from supabase_migrations.schema_migrations order by version',
  );
  return history.rows.map((row) => ({ version: row.version, name: row.name ?? '', sql: (row.statements ?? []).map((s) => `${s};`).join('\n') }));
}

/**
 * Applies each of `migrations` (in version order) the history lacks, in that order; `onApplied` records one once it
 * committed. Throws MigrationFailure at the first that fails (those before it stay applied).
 */
export async function applyMissing(
  ctx: ControlContext,
  db: Database,
  migrations: MigrationFile[],
  onApplied: (migration: MigrationFile) => Promise<void>,
): Promise<MigrationFile[]> {
  const done = await appliedVersions(db);
  const applied: MigrationFile[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    const statements = pgMeta.splitStatements(migration.sql);
    try {
      for (const statement of statements) ctx.engine.assertRunnable(statement.text);
      const isNew = await db.transaction(async (tx) => {
        for (const sql of ENSURE_HISTORY) await tx.query(sql);
        // Two appliers at once (a push and a poll) take turns; the second finds it applied.
        await tx.query('lock table supabase_migrations.schema_migrations in exclusive mode');
        const seen = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1', [migration.version]);
        if (seen.rows.length > 0) return false;
        await pgMeta.runScriptResults(tx, migration.sql);
        await tx.query('reset role');
        await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          migration.version,
          migration.name,
          statements.map((s) => s.text),
        ]);
        return true;
      });
      if (!isNew) continue;
    } catch (error) {
      if (error instanceof DatabaseError || (error instanceof Error && 'code' in error)) {
        throw new MigrationFailure(migration.version, migration.name, `${migration.version}_${migration.name}.sql: ${errorMessage(error)}`);
      }
      throw error;
    }
    applied.push(migration);
    // The REST API's schema cache must see the new tables at once.
    invalidateSchemaCache(db);
    await onApplied(migration);
  }
  return applied;
}

/** Runs seed.sql once (its path and hash recorded with it); a seed that fails throws MigrationFailure. */
export async function applySeed(db: Database, path: string, sql: string): Promise<boolean> {
  const hash = createHash('sha256').update(sql).digest('hex');
  try {
    return await db.transaction(async (tx) => {
      for (const statement of ENSURE_HISTORY) await tx.query(statement);
      await tx.query('lock table supabase_migrations.seed_files in exclusive mode');
      const seen = await tx.query('select 1 from supabase_migrations.seed_files where path = $1', [path]);
      if (seen.rows.length > 0) return false;
      await pgMeta.runScriptResults(tx, sql);
      await tx.query('reset role');
      await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [path, hash]);
      return true;
    }).finally(() => invalidateSchemaCache(db));
  } catch (error) {
    if (error instanceof DatabaseError) throw new MigrationFailure(null, 'seed', `${path}: ${errorMessage(error)}`);
    throw error;
  }
}
