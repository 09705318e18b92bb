/**
 * kill -9 during a pause or a restore loses nothing. The platform runs as its own process and is
 * killed (PLINTH_CRASH_AT, control/crash-points.ts) between each two steps of the work: after the
 * archive is stored but before it is recorded, after it is recorded but before the database is
 * freed, after the database is freed but before the project is INACTIVE; after the database is made
 * again but before it is recorded, and after the project is ACTIVE_HEALTHY but before its archive is
 * deleted. Each time the restarted platform finishes the job to a clear status, and after every
 * restore every row and the stored file are there, and no archive is left behind.
 *
 * On the local engine every step is cut; on the embedded and postgres engines the steps around their
 * own archive and unarchive (control/project-lifecycle.ts records and frees the same way on every
 * engine): after the archive is recorded or the database dropped, after the load or the row marked.
 *
 * One platform start per cut: a platform is started to die at the next cut, so the one that finishes
 * a pause is the one that dies in the restore after it, and the one that finishes that restore dies
 * in the next pause (a crash point only fires in its own step, so it never cuts the work it finishes).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildPlatform, type ChildPlatform } from '../support/child-platform.ts';
import { ApiClient, signUp, waitForStatus } from '../support/client.ts';
import { type EngineName, onTestServer, TEST_POSTGRES_URL } from '../support/platform.ts';
import { killPostgresUnder } from '../support/postgres-processes.ts';
import { seedDataDir } from '../support/seed.ts';

const ROWS = 2000;

/**
 * Each engine's cuts, in order on one project: a pause killed at the first, then a restore killed at
 * the second (or not killed). The local engine is cut at every point; the others share its code above
 * the engine, so they are cut where their own engine work sits (each cut costs a platform start,
 * many seconds on a loaded 2-core machine).
 */
const CRASHES: Record<EngineName, [string, string | null][]> = {
  local: [['pause-archive-stored', 'restore-unarchived'], ['pause-archive-recorded', 'restore-recorded'], ['pause-database-freed', null]],
  embedded: [['pause-archive-recorded', 'restore-unarchived']],
  postgres: [['pause-database-freed', 'restore-recorded']],
};

// The engines side by side (each its own data directory and platform database): much of each is
// waiting on a start-up, a lease or a dump. Within an engine the cases run in order, on one project.
describe.concurrent.each(Object.keys(CRASHES) as EngineName[])('%s engine: kill -9 at every step of a pause and a restore', (engine) => {
  let dataDir = '';
  let platform: ChildPlatform | undefined;
  let token = '';
  let ref = '';
  let serviceKey = '';
  /** The running platform's dashboard client. */
  let api: ApiClient;
  const platformDatabase = `plinth_test_${randomBytes(6).toString('hex')}`;
  const engineEnv: Record<string, string> = engine === 'postgres'
    ? { PLINTH_DATABASE_URL: Object.assign(new URL(TEST_POSTGRES_URL), { pathname: `/${platformDatabase}` }).toString(), PLINTH_PROJECT_SERVERS: TEST_POSTGRES_URL }
    : {};

  /** Starts the platform, to die at `crashAt` (a cut of the work after the one it finishes) when given. */
  const start = async (crashAt: string | null) => {
    platform = await startChildPlatform({ PLINTH_ENGINE: engine, PLINTH_DATA_DIR: dataDir, ...engineEnv, ...(crashAt && { PLINTH_CRASH_AT: crashAt }) });
    api = new ApiClient(platform.url, token);
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

  /**
   * Starts `work` on the running platform, which dies at `crashAt`, then starts the next one (to die
   * at `nextCrash`) and waits for it to finish the work to `status`.
   */
  async function crashDuring(crashAt: string, work: 'pause' | 'restore', status: string, nextCrash: string | null): Promise<void> {
    const started = await api.post(`/api/platform/projects/${ref}/${work}`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const died = await platform!.exited;
    expect(died.signal, `${crashAt}: the platform was to die there:\n${platform!.output()}`).toBe('SIGKILL');
    await start(nextCrash);
    await waitForStatus(api, ref, status);
  }

  async function expectEverythingBack(): Promise<void> {
    const rows = await api.post(`/api/platform/pg-meta/${ref}/query`, { query: 'select count(*)::int as n, sum(id)::bigint::text as total from public.notes' });
    expect(rows.body).toEqual([{ n: ROWS, total: String((ROWS * (ROWS + 1)) / 2) }]);
    const file = await data(platform!.url, 'storage/v1/object/docs/plan.txt');
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('the plan');
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-pause-crash-'));
    if (engine === 'embedded') await seedDataDir(dataDir); // no PGlite initdb in the test
    // Set up by the platform that then dies in the first pause.
    await start(CRASHES[engine][0][0]);
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
    api = new ApiClient(platform!.url, token);
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

  // The running platform was started to die at this case's pause cut (by beforeAll or the case before).
  it.sequential.each(CRASHES[engine].map((cut, i) => [...cut, CRASHES[engine][i + 1]?.[0] ?? null]))('killed at %s, then at %s', { timeout: 200_000 }, async (pauseCrash, restoreCrash, nextPauseCrash) => {
    await crashDuring(pauseCrash!, 'pause', 'INACTIVE', restoreCrash);
    expect(await databaseLeft()).toBe(false);
    expect(archivesLeft()).toHaveLength(1);

    if (restoreCrash) {
      await crashDuring(restoreCrash, 'restore', 'ACTIVE_HEALTHY', nextPauseCrash);
    } else {
      expect((await api.post(`/api/platform/projects/${ref}/restore`)).status).toBe(200);
      await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    }
    await expectEverythingBack();
    // Killed before its archive was deleted, the restore leaves it to the next pause, which clears it first.
    expect(archivesLeft()).toHaveLength(restoreCrash === 'restore-recorded' ? 1 : 0);
    if (!restoreCrash && nextPauseCrash) {
      await platform!.stop('SIGTERM');
      await start(nextPauseCrash);
    }
  });
});
