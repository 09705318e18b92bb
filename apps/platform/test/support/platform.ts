import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config.ts';
import { locationOf, type ProjectRow } from '../../src/control/project-rows.ts';
import { startPlatform as start, type RunningPlatform } from '../../src/platform.ts';
import { seedDataDir } from './seed.ts';

export type EngineName = 'local' | 'embedded' | 'postgres';
/** PLINTH_TEST_FLEET=N: the compatibility suites run through N nodes behind a proxy (support/fleet-platform.ts). */
export const FLEET_SIZE = Number(process.env.PLINTH_TEST_FLEET ?? 0);
/** Every engine: the engine-contract, REST and compatibility suites run on each (a fleet: postgres only, by nature). */
export const ENGINES: EngineName[] = FLEET_SIZE >= 2 ? ['postgres'] : ['local', 'embedded', 'postgres'];
/** The default engine, which every other suite runs on. */
export const DEFAULT_ENGINE: EngineName = 'local';

/** The local Postgres server used by the server-engine tests (CI starts it). */
export const TEST_POSTGRES_URL = process.env.PLINTH_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `fn` with a superuser connection to the test Postgres server, closed after it. */
export async function onTestServer<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

function urlWithDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A real platform on a free port with its own temporary data directory (and, on the postgres engine,
 * its own platform database). stop() removes every project it made and all its data. `env` adds or
 * overrides settings (for example PLINTH_OPERATORS).
 */
export async function startPlatform(options: { engine?: EngineName; env?: NodeJS.ProcessEnv } = {}): Promise<RunningPlatform & { dataDir: string }> {
  const engine = options.engine ?? DEFAULT_ENGINE;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-test-'));
  if (engine === 'embedded') await seedDataDir(dataDir);
  const platformDatabase = `plinth_test_${randomBytes(6).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    PORT: '0',
    HOST: '127.0.0.1',
    PLINTH_DATA_DIR: dataDir,
    PLINTH_ENGINE: engine,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    // Any free ports, so parallel suites never collide; tests read platform.pooler.ports.
    PLINTH_POOLER_PORT: '0',
    PLINTH_POOLER_SESSION_PORT: '0',
    ...(engine === 'postgres' && {
      PLINTH_DATABASE_URL: urlWithDatabase(TEST_POSTGRES_URL, platformDatabase),
      PLINTH_PROJECT_SERVERS: TEST_POSTGRES_URL,
    }),
    ...options.env,
  };
  const platform = await start(loadConfig(env));
  // Project URLs name the port the platform really listens on.
  platform.control.config.publicUrl = platform.url;
  return {
    ...platform,
    dataDir,
    async stop() {
      // Jobs the tests started (and any they sent) finish before their projects are dropped.
      await platform.control.jobs.idle();
      const { rows } = await platform.control.db.query<ProjectRow>('select ref, db_server from projects');
      for (const row of rows) await platform.control.engine.dropProject(locationOf(row)).catch(() => undefined);
      await platform.stop();
      await rm(dataDir, { recursive: true, force: true });
      if (engine === 'postgres') {
        const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${platformDatabase} with (force)`);
        await admin.end();
      }
    },
  };
}
