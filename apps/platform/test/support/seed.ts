/**
 * A seed for embedded test platforms: a migrated platform database and a bootstrapped project
 * template, built once and copied into every test data directory.
 *
 * Without it every embedded test platform runs PGlite's initdb twice (its platform database and the
 * project template, 4–8 s each on an idle machine and far more on a loaded one), which is what made
 * suites time out waiting for a project when the whole suite ran on two cores. The seed is keyed by
 * everything that shapes those databases (PGlite's version, the migrations, the auth and storage
 * schemas, the bootstrap, and the job queue's schema: pg-boss's version and the queues declared),
 * so a change to any of them builds a fresh one; the engine and `migrate()` still check what they
 * are given, so a seed can only save work, never change what a test sees.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCK_FILE_NAME } from '../../src/engines/lock-file.ts';

const SOURCE_ROOT = fileURLToPath(new URL('../../src/', import.meta.url));
const SEED_ROOT = fileURLToPath(new URL('../../../../.tmp/test-seed/', import.meta.url));
const READY_MARKER = 'ready';
/** What a seed holds: directories of a platform data directory, relative to it. */
const SEEDED_DIRS = ['platform', 'templates'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

function seedKey(): string {
  const require = createRequire(import.meta.url);
  const pgliteEntry = require.resolve('@electric-sql/pglite');
  const hash = createHash('sha256').update(readFileSync(path.join(path.dirname(path.dirname(pgliteEntry)), 'package.json')));
  // pg-boss's package.json names its version, and with it the schema it installs.
  hash.update(readFileSync(path.join(path.dirname(path.dirname(require.resolve('pg-boss'))), 'package.json')));
  const sources = [
    ...filesUnder(path.join(SOURCE_ROOT, 'db')),
    ...filesUnder(path.join(SOURCE_ROOT, 'engines')),
    path.join(SOURCE_ROOT, 'data-plane/auth/schema.sql'),
    path.join(SOURCE_ROOT, 'data-plane/storage/schema.sql'),
    path.join(SOURCE_ROOT, 'data-plane/realtime/schema.sql'),
    path.join(SOURCE_ROOT, 'control/job-queue.ts'),
    path.join(SOURCE_ROOT, 'control/jobs/catalog.ts'),
  ].sort();
  for (const file of sources) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

const seedDir = (key: string) => path.join(SEED_ROOT, key);

/** Copies the seed, when one is ready, into a new data directory. */
export async function seedDataDir(dataDir: string): Promise<void> {
  const dir = seedDir(seedKey());
  if (!existsSync(path.join(dir, READY_MARKER))) return;
  for (const name of SEEDED_DIRS) {
    if (!existsSync(path.join(dir, name))) continue;
    await cp(path.join(dir, name), path.join(dataDir, name), { recursive: true, filter: (src) => !src.endsWith(LOCK_FILE_NAME) });
  }
}

/**
 * Builds the seed unless a ready one exists: a real embedded platform is started on a scratch
 * directory, warmed up (which builds the template) and stopped, and its directories are kept.
 */
export async function buildSeed(): Promise<void> {
  const key = seedKey();
  const finalDir = seedDir(key);
  if (existsSync(path.join(finalDir, READY_MARKER))) return;
  const { loadConfig } = await import('../../src/config.ts');
  const { startPlatform } = await import('../../src/platform.ts');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-seed-'));
  const buildDir = `${finalDir}.build-${randomBytes(4).toString('hex')}`;
  try {
    const platform = await startPlatform(loadConfig({ PORT: '0', HOST: '127.0.0.1', PLINTH_DATA_DIR: dataDir, PLINTH_ENGINE: 'embedded', LOG_LEVEL: 'error' }));
    await platform.control.engine.prepare();
    await platform.stop();
    for (const name of SEEDED_DIRS) {
      await cp(path.join(dataDir, name), path.join(buildDir, name), { recursive: true, filter: (src) => !src.endsWith(LOCK_FILE_NAME) });
    }
    await writeFile(path.join(buildDir, READY_MARKER), new Date().toISOString());
    // Seeds of older sources are of no further use.
    // Seeds of older sources are of no further use (builds in progress elsewhere are left alone).
    for (const entry of readdirSync(SEED_ROOT)) {
      if (entry !== key && !entry.includes('.build-')) await rm(path.join(SEED_ROOT, entry), { recursive: true, force: true });
    }
    // Another test run may have finished the same seed first; its copy is as good as ours.
    await rename(buildDir, finalDir).catch((error: unknown) => {
      if (!existsSync(path.join(finalDir, READY_MARKER))) throw error;
    });
  } finally {
    await rm(buildDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}
