/**
 * Where databases live. createEngine gives the project-database engine; openPlatformDatabase the
 * platform's own database, on the same kind of storage.
 */
import { join } from 'node:path';
import pg from 'pg';
import type { BootstrapOptions, EngineName } from './bootstrap.ts';
import { DatabaseError } from './database-error.ts';
import { EmbeddedEngine } from './embedded/embedded-engine.ts';
import { WorkerDatabase } from './embedded/worker-database.ts';
import { LocalEngine } from './local/local-engine.ts';
import { openLocalPlatformDatabase } from './local/platform-cluster.ts';
import { createPool, PgDatabase } from './postgres/pg-database.ts';
import { PostgresEngine } from './postgres/postgres-engine.ts';
import type { DatabaseObserver } from './observer.ts';
import type { Database, Engine } from './types.ts';
import type { VaultKeys } from './vault.ts';

export type { ConnectionInfo, Database, Engine, ProjectLocation, QueryResult, Queryable } from './types.ts';
export { SLOW_STATEMENT_MS, type DatabaseObserver, type ServerLogRecord, type StatementRun } from './observer.ts';
export { DatabaseError, toDatabaseError } from './database-error.ts';
export { bootstrapProject, type BootstrapOptions, type EngineName } from './bootstrap.ts';
export { EmbeddedEngine } from './embedded/embedded-engine.ts';
export { LocalEngine } from './local/local-engine.ts';
export { PostgresEngine } from './postgres/postgres-engine.ts';

export interface EngineConfig {
  engine: EngineName;
  dataDir: string;
  projectServers: string[];
  /** Postgres engine: the key the per-project platform login passwords are derived from. */
  loginSecret?: string;
  /** More SQL for every new project database (see BootstrapOptions). */
  bootstrap?: BootstrapOptions;
  /** Embedded: the SQL editor's reads on a snapshot in a second worker (default true). */
  readSnapshots?: boolean;
  /** Local and embedded: stop a project's cluster (close its worker) after this long unused (0: never). */
  idleStopMs?: number;
  /** Local: the PostgreSQL major of new projects (default: the newest installed). */
  postgresMajor?: number;
  log?: (message: string) => void;
  /** Told what project databases report (server log lines, statements): the postgres_logs source and query performance. */
  observer?: DatabaseObserver;
  /** Each project's vault key (derived from the platform secret; see vault.ts). */
  vaultKeys?: VaultKeys;
}

export function createEngine(config: EngineConfig): Engine {
  switch (config.engine) {
    case 'local':
      return new LocalEngine(config.dataDir, {
        bootstrap: config.bootstrap, idleStopMs: config.idleStopMs, postgresMajor: config.postgresMajor, log: config.log, observer: config.observer, vaultKeys: config.vaultKeys,
      });
    case 'embedded':
      return new EmbeddedEngine(config.dataDir, config.bootstrap, {
        readSnapshots: config.readSnapshots, observer: config.observer, vaultKeys: config.vaultKeys, idleStopMs: config.idleStopMs, log: config.log,
      });
    case 'postgres':
      return new PostgresEngine(config.projectServers, requireLoginSecret(config), config.bootstrap, config.observer, config.vaultKeys);
  }
}

function requireLoginSecret(config: EngineConfig): string {
  if (!config.loginSecret) throw new Error('The postgres engine needs a loginSecret.');
  return config.loginSecret;
}

export interface PlatformDatabaseConfig {
  engine: EngineName;
  dataDir: string;
  databaseUrl?: string;
  log?: (message: string) => void;
}

const PLATFORM_POOL_MAX = 10;

/**
 * Local: a cluster of its own in `${dataDir}/platform-cluster` (see local/platform-cluster.ts).
 * Embedded: a PGlite worker on `${dataDir}/platform`, locked like every embedded directory (this
 * lock is what stops a second Plinth process on the same data directory at start-up).
 * Postgres: a pool on databaseUrl, creating that database first if it does not exist yet.
 */
export async function openPlatformDatabase(config: PlatformDatabaseConfig): Promise<Database> {
  if (config.engine === 'local') return openLocalPlatformDatabase(config.dataDir, config.log);
  if (config.engine === 'embedded') return WorkerDatabase.open(join(config.dataDir, 'platform'));
  if (!config.databaseUrl) throw new Error('The postgres engine needs a databaseUrl for the platform database.');
  await createDatabaseIfMissing(config.databaseUrl);
  return new PgDatabase(createPool(config.databaseUrl, PLATFORM_POOL_MAX));
}

async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name || name === 'postgres') return;
  // CREATE DATABASE must run while connected to another database: the server's maintenance one.
  url.pathname = '/postgres';
  const maintenance = new PgDatabase(createPool(url.toString(), 1));
  try {
    const { rows } = await maintenance.query('select 1 from pg_catalog.pg_database where datname = $1', [name]);
    if (rows.length > 0) return;
    await maintenance.exec(`create database ${pg.escapeIdentifier(name)}`);
  } catch (err) {
    // Another platform node created it between our check and our create.
    if (!(err instanceof DatabaseError && err.code === '42P04')) throw err;
  } finally {
    await maintenance.close();
  }
}
