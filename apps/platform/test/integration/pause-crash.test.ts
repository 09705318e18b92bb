/**
 * kill -9 during a pause or a restore loses nothing. The platform runs as its own process and is
 * killed (PLINTH_CRASH_AT, control/crash-points.ts) between each two steps of the work: after the
 * archive is stored but before it is recorded, after it is recorded but before the database is
 * freed, after the database is freed but before the project is INACTIVE; after the database is made
 * again but before it is recorded, and after the project is ACTIVE_HEALTHY but before its archive is
 * deleted. Each time the restarted platform finishes the job to a clear status, and after every
 * restore every row and the stored file are there, and no archive is left behind.
 *
 * On the local and embedded engines every step is cut; on the postgres engine the steps around its
 * dump and load (control/project-lifecycle.ts records and frees the same way on every engine): after
 * the archive is recorded, after the database is dropped, after the load and after the row is marked.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildPlatform, type ChildPlatform } from '../support/child-platform.ts';
import { ApiClient, signUp, waitForStatus } from '../support/client.ts';
import { type EngineName, TEST_POSTGRES_URL } from '../support/platform.ts';
import { killPostgresUnder } from '../support/postgres-processes.ts';
import { seedDataDir } from '../support/seed.ts';

const ROWS = 2000;

/**
 * Each engine's cuts: a pause killed at the first, then a restore killed at the second (or not
 * killed). The local engine is cut at every point; the others share its code above the engine, so
 * they are cut where their own engine work sits (each case costs a child platform started four
 * times, minutes on a loaded 2-core machine).
 */
const CRASHES: Record<EngineName, [string, string | null][]> = {
  local: [['pause-archive-stored', 'restore-unarchived'], ['pause-archive-recorded', 'restore-recorded'], ['pause-database-freed', null]],
  embedded: [['pause-archive-recorded', 'restore-unarchived']],
  postgres: [['pause-database-freed', 'restore-recorded']],
};

async function onTestServer<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

describe.each(Object.keys(CRASHES) as EngineName[])('%s engine: kill -9 at every step of a pause and a restore', (engine) => {
  let dataDir = '';
  let platform: ChildPlatform | undefined;
  let token = '';
  let ref = '';
  let serviceKey = '';
  const platformDatabase = `plinth_test_${randomBytes(6).toString('hex')}`;
  const engineEnv: Record<string, string> = engine === 'postgres'
    ? { PLINTH_DATABASE_URL: Object.assign(new URL(TEST_POSTGRES_URL), { pathname: `/${platformDatabase}` }).toString(), PLINTH_PROJECT_SERVERS: TEST_POSTGRES_URL }
    : {};

  const start = async (crashAt?: string) => {
    platform = await startChildPlatform({ PLINTH_ENGINE: engine, PLINTH_DATA_DIR: dataDir, ...engineEnv, ...(crashAt && { PLINTH_CRASH_AT: crashAt }) });
    return new ApiClient(platform.url, token);
  };
  /** Whether the project's database is still there: its directory, or on postgres its database. */
  const databaseLeft = async () => engine === 'postgres'
    ? onTestServer(async (admin) => (await admin.query('select 1 from pg_database where datname = $1', [`project_${ref}`])).rows.length === 1)
    : existsSync(path.join(dataDir, 'projects', ref));
  const data = (url: string, query: string) =>
    fetch(`${url}/p/${ref}/${query}`, { headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` } });
  const archivesLeft = () => {
    const dir = path.join(dataDir, 'storage', 'objects', '_archives', ref);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  /** Starts `work` on a platform that dies at `crashAt`, then restarts it and waits for `status`. */
  async function crashDuring(crashAt: string, work: 'pause' | 'restore', status: string): Promise<ApiClient> {
    const api = await start(crashAt);
    const started = await api.post(`/api/platform/projects/${ref}/${work}`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const died = await platform!.exited;
    expect(died.signal, `${crashAt}: the platform was to die there:\n${platform!.output()}`).toBe('SIGKILL');
    const again = await start();
    await waitForStatus(again, ref, status);
    return again;
  }

  async function expectEverythingBack(api: ApiClient): Promise<void> {
    const rows = await api.post(`/api/platform/pg-meta/${ref}/query`, { query: 'select count(*)::int as n, sum(id)::bigint::text as total from public.notes' });
    expect(rows.body).toEqual([{ n: ROWS, total: String((ROWS * (ROWS + 1)) / 2) }]);
    const file = await data(platform!.url, 'storage/v1/object/docs/plan.txt');
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('the plan');
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-pause-crash-'));
    if (engine === 'embedded') await seedDataDir(dataDir); // no PGlite initdb in the test
    await start();
    const { api: owner } = await signUp(platform!.url);
    token = owner.token!;
    const slug = (await owner.post('/api/organizations', { name: 'Crashes' })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'survivor', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    serviceKey = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService.serviceApiKey;
    const made = await owner.post(`/api/platform/pg-meta/${ref}/query`, {
      query: `create table public.notes (id int primary key, body text not null);
              insert into public.notes select g, repeat('x', 200) || g from generate_series(1, ${ROWS}) g;`,
    });
    expect(made.status).toBe(200);
    const headers = { apikey: serviceKey, authorization: `Bearer ${serviceKey}` };
    expect((await fetch(`${platform!.url}/p/${ref}/storage/v1/bucket`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ id: 'docs', name: 'docs' }) })).status).toBe(200);
    expect((await fetch(`${platform!.url}/p/${ref}/storage/v1/object/docs/plan.txt`, { method: 'POST', headers: { ...headers, 'content-type': 'text/plain' }, body: 'the plan' })).status).toBe(200);
    await platform!.stop('SIGTERM');
    platform = undefined;
  }, 180_000);

  afterAll(async () => {
    await platform?.stop('SIGTERM');
    if (!dataDir) return;
    await killPostgresUnder(dataDir);
    await rm(dataDir, { recursive: true, force: true });
    if (engine !== 'postgres') return;
    await onTestServer(async (admin) => {
      if (ref) await admin.query(`drop database if exists "project_${ref}" with (force)`);
      await admin.query(`drop database if exists "${platformDatabase}" with (force)`);
      if (ref) for (const role of ['owner', 'platform']) await admin.query(`drop role if exists "project_${ref}_${role}"`);
    });
  });

  it.each(CRASHES[engine])('killed at %s, then at %s', { timeout: 300_000 }, async (pauseCrash, restoreCrash) => {
    await crashDuring(pauseCrash, 'pause', 'INACTIVE');
    expect(await databaseLeft()).toBe(false);
    expect(archivesLeft()).toHaveLength(1);
    await platform!.stop('SIGTERM');

    const api = restoreCrash ? await crashDuring(restoreCrash, 'restore', 'ACTIVE_HEALTHY') : await start();
    if (!restoreCrash) {
      expect((await api.post(`/api/platform/projects/${ref}/restore`)).status).toBe(200);
      await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    }
    await expectEverythingBack(api);
    // Killed before its archive was deleted, the restore leaves it to the next pause, which clears it first.
    expect(archivesLeft()).toHaveLength(restoreCrash === 'restore-recorded' ? 1 : 0);
    await platform!.stop('SIGTERM');
    platform = undefined;
  });
});
