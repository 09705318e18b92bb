/**
 * Background work is durable: a job whose process is killed mid-run is finished after a restart (or,
 * on Postgres, by another node), a clean stop hands running jobs back, failures are retried with
 * back-off and then kept, with their error, for the operator to see and retry.
 *
 * Jobs are caught mid-run without any test hook: on the embedded engine the data directory starts
 * without its project template, so provisioning waits seconds for the template to be built; on
 * Postgres the test holds the advisory lock that project creation takes on the server.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkerDatabase } from '../../src/engines/embedded/worker-database.ts';
import { startChildPlatform, type ChildPlatform } from '../support/child-platform.ts';
import { ApiClient, signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import { startPlatform, TEST_POSTGRES_URL } from '../support/platform.ts';
import { seedDataDir } from '../support/seed.ts';

interface JobView {
  id: string;
  name: string;
  state: string;
  data: Record<string, unknown> | null;
  retry_count: number;
  retry_limit: number;
  error: string | null;
  started_at: string | null;
  start_after: string;
}

/** Waits until the operator's job list shows a job of `name` that `matches`; fails at once on a state it can no longer leave for that. */
async function waitForJob(api: ApiClient, name: string, matches: (job: JobView) => boolean, timeoutMs = 60_000): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const response = await api.get<{ jobs: JobView[] }>(`/api/platform/admin/jobs?name=${name}`);
    if (response.status !== 200) throw new Error(`the job list answered ${response.status}: ${JSON.stringify(response.body)}`);
    const found = response.body.jobs.find(matches);
    if (found) return found;
    last = JSON.stringify(response.body.jobs);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${name} job as expected; last: ${last}`);
}

async function createProject(api: ApiClient): Promise<string> {
  const slug = (await api.post('/api/organizations', { name: 'Jobs' })).body.slug;
  const created = await api.post('/api/projects', { name: 'durable', organization_slug: slug, db_pass: 'a-long-db-password' });
  expect(created.status).toBe(200);
  return created.body.ref;
}

/** The test seed (a migrated platform database and a project template), copied once for this file. */
let seedCopy: Promise<string> | undefined;
function seeded(): Promise<string> {
  seedCopy ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'plinth-jobs-seed-'));
    await seedDataDir(dir);
    return dir;
  })();
  return seedCopy;
}
afterAll(async () => {
  if (seedCopy) await rm(await seedCopy, { recursive: true, force: true });
});

/** A seeded embedded data directory without its project template: provisioning waits seconds for it to be built. */
async function dataDirWithoutTemplate(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-jobs-'));
  await cp(path.join(await seeded(), 'platform'), path.join(dataDir, 'platform'), { recursive: true });
  return dataDir;
}

/** The template is a cache of the engine, nothing the job depends on: restoring it spares a restart the rebuild. */
async function restoreTemplate(dataDir: string): Promise<void> {
  await cp(path.join(await seeded(), 'templates'), path.join(dataDir, 'templates'), { recursive: true, force: true });
}

/** The provisioning jobs' states as stored, read while no platform runs on the directory. */
async function storedProvisionStates(dataDir: string): Promise<string[]> {
  const db = await WorkerDatabase.open(path.join(dataDir, 'platform'));
  try {
    const { rows } = await db.query<{ state: string }>(`select state::text as state from pgboss.job where name = 'project-provision'`);
    return rows.map((row) => row.state);
  } finally {
    await db.close();
  }
}

describe('embedded platform: jobs outlive their process', () => {
  let dataDir = '';
  let platform: ChildPlatform | undefined;
  afterAll(async () => {
    await platform?.stop('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const start = (email: string) =>
    // Short leases: a killed run's job is taken up again after 5 s, not the default 20.
    startChildPlatform({ PLINTH_ENGINE: 'embedded', PLINTH_DATA_DIR: dataDir, PLINTH_OPERATORS: email, PLINTH_JOB_STOP_GRACE_S: '1', PLINTH_JOB_LEASE_S: '5' });

  it('a clean stop hands a running job back, and the next start finishes it', { timeout: 180_000 }, async () => {
    dataDir = await dataDirWithoutTemplate();
    const email = uniqueEmail('operator');
    platform = await start(email);
    const { api } = await signUp(platform.url, email);
    const ref = await createProject(api);
    await waitForJob(api, 'project-provision', (job) => job.state === 'active');

    const stopped = await platform.stop('SIGTERM');
    expect(stopped.code, platform.output()).toBe(0);
    // Back in the queue, ready to run: not failed (a stop is no failure), not left active.
    expect(await storedProvisionStates(dataDir)).toEqual(['created']);

    await restoreTemplate(dataDir);
    platform = await start(email);
    const again = new ApiClient(platform.url, api.token);
    await waitForStatus(again, ref, 'ACTIVE_HEALTHY');
    expect((await again.get(`/api/projects/${ref}/live`)).body).toEqual({ live: true });
    const done = await waitForJob(again, 'project-provision', (job) => job.state === 'completed');
    expect(done).toMatchObject({ data: { ref }, retry_count: 1, error: null });
    await platform.stop('SIGTERM');
    platform = undefined;
  });

  it('a job killed mid-run (kill -9 of the process) is finished after restart', { timeout: 180_000 }, async () => {
    await rm(dataDir, { recursive: true, force: true });
    dataDir = await dataDirWithoutTemplate();
    const email = uniqueEmail('operator');
    platform = await start(email);
    const { api } = await signUp(platform.url, email);
    const ref = await createProject(api);
    await waitForJob(api, 'project-provision', (job) => job.state === 'active');

    const killed = await platform.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    expect(await storedProvisionStates(dataDir)).toEqual(['active']);

    await restoreTemplate(dataDir);
    platform = await start(email);
    const again = new ApiClient(platform.url, api.token);
    await waitForStatus(again, ref, 'ACTIVE_HEALTHY');
    expect((await again.get(`/api/projects/${ref}/live`)).body).toEqual({ live: true });
    // The cut-off run counts as an attempt: a job that kills its process every time ends up failed.
    const done = await waitForJob(again, 'project-provision', (job) => job.state === 'completed');
    expect(done).toMatchObject({ data: { ref }, retry_count: 1 });
  });
});

describe('postgres: another node finishes the job of a node that died', () => {
  /** The advisory lock project creation takes on a server (engines/postgres/postgres-engine.ts, CLUSTER_ROLES_LOCK_KEY). */
  const CLUSTER_ROLES_LOCK_KEY = 7_151_331;
  const platformDatabase = `plinth_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(TEST_POSTGRES_URL), { pathname: `/${platformDatabase}` }).toString();
  let dataDir = '';
  let nodeA: ChildPlatform | undefined;
  let nodeB: Awaited<ReturnType<typeof startPlatform>> | undefined;
  afterAll(async () => {
    await nodeA?.stop('SIGKILL');
    await nodeB?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${platformDatabase} with (force)`);
    await admin.end();
  });

  it('node A is killed while provisioning; node B retries the job once its lease lapses', { timeout: 180_000 }, async () => {
    const email = uniqueEmail('operator');
    const shared = {
      PLINTH_ENGINE: 'postgres',
      PLINTH_DATABASE_URL: databaseUrl,
      PLINTH_PROJECT_SERVERS: TEST_POSTGRES_URL,
      PLINTH_SECRET: randomBytes(32).toString('hex'),
      PLINTH_OPERATORS: email,
      PLINTH_JOB_LEASE_S: '5',
    };
    const locker = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await locker.connect();
    try {
      await locker.query('select pg_advisory_lock($1)', [CLUSTER_ROLES_LOCK_KEY]);
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-node-a-'));
      nodeA = await startChildPlatform({ ...shared, PLINTH_DATA_DIR: dataDir });
      const { api } = await signUp(nodeA.url, email);
      const ref = await createProject(api);
      await waitForJob(api, 'project-provision', (job) => job.state === 'active');
      expect((await api.get(`/api/projects/${ref}/status`)).body.status).toBe('COMING_UP');
      await nodeA.stop('SIGKILL');
      nodeA = undefined;
      await locker.query('select pg_advisory_unlock($1)', [CLUSTER_ROLES_LOCK_KEY]);

      nodeB = await startPlatform({ engine: 'postgres', env: shared });
      const onB = new ApiClient(nodeB.url, api.token);
      await waitForStatus(onB, ref, 'ACTIVE_HEALTHY');
      expect((await onB.get(`/api/projects/${ref}/live`)).body).toEqual({ live: true });
      const done = await waitForJob(onB, 'project-provision', (job) => job.state === 'completed');
      expect(done).toMatchObject({ data: { ref }, retry_count: 1 });
    } finally {
      await locker.end();
    }
  });
});

describe('postgres: retries with back-off, then a failed job the operator sees and retries', () => {
  const operator = uniqueEmail('operator');
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  beforeAll(async () => {
    // A project server nobody listens on: every provisioning attempt fails at once.
    platform = await startPlatform({ engine: 'postgres', env: { PLINTH_OPERATORS: operator, PLINTH_PROJECT_SERVERS: 'postgres://postgres@127.0.0.1:1/postgres' } });
  });
  afterAll(async () => platform?.stop());

  it('provisioning is retried with growing delays, fails for good, and an operator runs it again', { timeout: 120_000 }, async () => {
    const { api } = await signUp(platform.url, operator);
    const member = (await signUp(platform.url)).api;
    const createdAt = Date.now();
    const ref = await createProject(api);

    // Each failure waits longer before the next attempt (retry delay 1 s, doubling, with jitter).
    const first = await waitForJob(api, 'project-provision', (job) => job.state === 'retry' && job.retry_count === 0);
    expect(first.error).toContain('No project database server is reachable');
    expect(Date.parse(first.start_after) - Date.parse(first.started_at!)).toBeGreaterThanOrEqual(1000);
    const status = (await api.get(`/api/projects/${ref}/status`)).body;
    expect(status).toMatchObject({ status: 'COMING_UP', error: expect.stringContaining('(retrying)') });
    const second = await waitForJob(api, 'project-provision', (job) => job.state === 'retry' && job.retry_count === 1);
    expect(Date.parse(second.start_after) - Date.parse(second.started_at!)).toBeGreaterThanOrEqual(2000);

    const failed = await waitForJob(api, 'project-provision', (job) => job.state === 'failed');
    expect(failed).toMatchObject({ data: { ref }, retry_count: 2, retry_limit: 2, error: expect.stringContaining('No project database server is reachable') });
    expect(Date.now() - createdAt).toBeGreaterThanOrEqual(3000);
    await waitForStatus(api, ref, 'UNKNOWN');
    expect((await api.get(`/api/projects/${ref}/status`)).body.error).toContain('Provisioning failed');
    expect((await api.get('/api/platform/admin/jobs?state=failed')).body).toMatchObject({ total: 1, jobs: [{ id: failed.id }] });

    // Only operators see jobs or retry them.
    expect((await member.get('/api/platform/admin/jobs')).body.code).toBe('forbidden');
    expect((await member.post(`/api/platform/admin/jobs/${failed.id}/retry`)).status).toBe(403);

    const retried = await api.post(`/api/platform/admin/jobs/${failed.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: failed.id, retry_limit: 3 });
    expect(['retry', 'active', 'failed']).toContain(retried.body.state);
    const failedAgain = await waitForJob(api, 'project-provision', (job) => job.state === 'failed' && job.retry_count === 3);
    expect(failedAgain.error).toContain('No project database server is reachable');

    const unknownId = '00000000-0000-4000-8000-000000000000';
    expect((await api.post(`/api/platform/admin/jobs/${unknownId}/retry`)).body.code).toBe('job_not_found');
  });
});

describe('embedded: what the job table holds of a secret', () => {
  const operator = uniqueEmail('operator');
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  beforeAll(async () => {
    platform = await startPlatform({ engine: 'embedded', env: { PLINTH_OPERATORS: operator } });
  });
  afterAll(async () => platform?.stop());

  it('a requested JWT secret reaches the job encrypted, and the operator sees only that there is one', async () => {
    const { api } = await signUp(platform.url, operator);
    const ref = await createProject(api);
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    const secret = `my-own-jwt-secret-${randomBytes(16).toString('hex')}`;
    expect((await api.post(`/api/platform/projects/${ref}/config/secrets/update-jwt-secret`, { jwt_secret: secret })).status).toBe(200);
    const rotated = await waitForJob(api, 'project-jwt-rotate', (job) => job.state === 'completed');
    expect(rotated.data).toMatchObject({ ref, requestedSecretEncrypted: '[encrypted]' });
    expect((await api.get(`/api/props/project/${ref}/settings`)).body.project.jwt_secret).toBe(secret);

    const stored = await platform.control.db.query<{ data: string }>(`select data::text as data from pgboss.job where name = 'project-jwt-rotate'`);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].data).not.toContain(secret);
    // A completed job is not retried.
    expect((await api.post(`/api/platform/admin/jobs/${rotated.id}/retry`)).body.code).toBe('job_not_retryable');
  });
});
