/**
 * Settings > Infrastructure, upgrade eligibility, resource warnings and liveness (issue 17) on the
 * local engine, with projects made on PostgreSQL 17 (PLINTH_POSTGRES_MAJOR=17) while 18 is
 * installed beside it. Liveness is broken for real: the project's cluster is killed with a
 * configuration it cannot start with, so /live and postgrestStatus must say so, and recover once the
 * configuration is mended. On the embedded and postgres engines: liveness, the page's figures and
 * the plain "not available" eligibility.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedPostgres } from '../../src/engines/local/binaries.ts';
import { signUp, waitForStatus, type ApiClient } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

const MB = 1024 * 1024;
const hasBothMajors = [17, 18].every((major) => installedPostgres().some((b) => b.major === major));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met; last: ${JSON.stringify(value)}`);
    await sleep(200);
  }
}

describe.skipIf(!hasBothMajors)('infrastructure on the local engine', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let ref: string;

  beforeAll(async () => {
    platform = await startPlatform({ engine: 'local', env: { PLINTH_POSTGRES_MAJOR: '17' } });
    owner = (await signUp(platform.url)).api;
    const slug = (await owner.post('/api/organizations', { name: 'Infra' })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'infra', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  }, 60_000);

  it('offers the installed 18 to a project on 17, in the Management API and on the page', async () => {
    const eligibility = await owner.get(`/api/v1/projects/${ref}/upgrade/eligibility`);
    expect(eligibility.status).toBe(200);
    expect(eligibility.body).toMatchObject({
      eligible: true,
      current_app_version: expect.stringMatching(/^plinth-postgres-17\.\d+$/),
      latest_app_version: expect.stringMatching(/^plinth-postgres-18\.\d+$/),
      target_upgrade_versions: [{ postgres_version: '18', release_channel: 'ga', app_version: expect.stringMatching(/^plinth-postgres-18\./) }],
      requires_manual_intervention: null,
    });

    const page = await owner.get(`/api/platform/projects/${ref}/infrastructure`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ engine: 'local', postgres_version: expect.stringMatching(/^17\./), disk_included_bytes: 500 * MB });
    expect(page.body.disk_used_bytes).toBeGreaterThan(1 * MB);
    expect(page.body.connections.max).toBeGreaterThan(0);
    expect(JSON.stringify(page.body)).not.toContain('a-long-db-password');

    // Another user's project is not there to read.
    const stranger = (await signUp(platform.url)).api;
    expect((await stranger.get(`/api/platform/projects/${ref}/infrastructure`)).status).toBe(404);
    expect((await stranger.get(`/api/v1/projects/${ref}/upgrade/eligibility`)).status).toBe(404);
  });

  it('warns when the database passes 80 % of the Free plan disk, only to members', async () => {
    // Rows just under 2 kB are stored uncompressed, four to a page: about 430 MB of the 500 MB included.
    const fill = await owner.post(`/api/platform/pg-meta/${ref}/query`, {
      query: `create unlogged table filler as select repeat('x', 1900) as pad from generate_series(1, 210000)`,
    });
    expect(fill.status, JSON.stringify(fill.body)).toBe(200);

    const page = await owner.get(`/api/platform/projects/${ref}/infrastructure`);
    expect(page.body.disk_used_bytes).toBeGreaterThan(0.8 * 500 * MB);
    expect(page.body.disk_used_bytes).toBeLessThan(0.95 * 500 * MB);

    const warnings = await owner.get('/api/platform/projects-resource-warnings');
    expect(warnings.status).toBe(200);
    expect(warnings.body).toEqual([
      expect.objectContaining({ project: ref, is_readonly_mode_enabled: false, disk_space_exhaustion: 'warning', cpu_exhaustion: null }),
    ]);
    const stranger = (await signUp(platform.url)).api;
    expect((await stranger.get('/api/platform/projects-resource-warnings')).body).toEqual([]);

    await owner.post(`/api/platform/pg-meta/${ref}/query`, { query: 'drop table filler' });
  }, 120_000);

  it('reads the database for /live and postgrestStatus: OFFLINE while its cluster cannot start, ONLINE again after', async () => {
    const project = await owner.get(`/api/platform/projects/${ref}`);
    expect(project.body).toMatchObject({ kpsVersion: 'kps-v3.8.6', postgrestStatus: 'ONLINE' });
    expect((await owner.get(`/api/platform/projects/${ref}/live`)).body).toEqual({ live: true });

    // A setting PostgreSQL refuses to start with, then the server killed: it cannot come back.
    const dataDir = path.join(platform.dataDir, 'projects', ref, 'db');
    const autoConf = path.join(dataDir, 'postgresql.auto.conf');
    const original = readFileSync(autoConf, 'utf8');
    appendFileSync(autoConf, "\nmax_connections = 'not-a-number'\n");
    const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');

    await until(async () => (await owner.get(`/api/platform/projects/${ref}/live`)).body, (body) => body.live === false);
    const offline = await owner.get(`/api/platform/projects/${ref}`);
    expect(offline.body).toMatchObject({ status: 'ACTIVE_HEALTHY', postgrestStatus: 'OFFLINE' });

    writeFileSync(autoConf, original);
    await until(async () => (await owner.get(`/api/platform/projects/${ref}/live`)).body, (body) => body.live === true);
    const online = await owner.get(`/api/platform/projects/${ref}`);
    expect(online.body).toMatchObject({ status: 'ACTIVE_HEALTHY', postgrestStatus: 'ONLINE' });
    const query = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query: 'select 1 as one' });
    expect(query.body).toEqual([{ one: 1 }]);
  }, 150_000);
});

describe.each(['embedded', 'postgres'] as const)('infrastructure on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let ref: string;

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    owner = (await signUp(platform.url)).api;
    const slug = (await owner.post('/api/organizations', { name: 'Infra' })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'infra', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  }, 60_000);

  it('answers liveness, measures the disk and says plainly that majors cannot change here', async () => {
    expect((await owner.get(`/api/platform/projects/${ref}/live`)).body).toEqual({ live: true });
    expect((await owner.get(`/api/platform/projects/${ref}`)).body).toMatchObject({ kpsVersion: 'kps-v3.8.6', postgrestStatus: 'ONLINE' });

    const page = await owner.get(`/api/platform/projects/${ref}/infrastructure`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ engine, disk_included_bytes: 500 * MB, postgres_version: expect.stringMatching(/^\d+\.\d+/) });
    expect(page.body.disk_used_bytes).toBeGreaterThan(1 * MB);
    // PGlite is one in-process session: no connections to count.
    if (engine === 'embedded') expect(page.body.connections).toBeNull();
    else expect(page.body.connections.max).toBeGreaterThan(0);

    const eligibility = await owner.get(`/api/v1/projects/${ref}/upgrade/eligibility`);
    expect(eligibility.body).toMatchObject({
      eligible: false,
      target_upgrade_versions: [],
      // Postgres: the test fleet is the CI server alone, so no newer major is there to move to.
      requires_manual_intervention: engine === 'postgres'
        ? "No server of a newer PostgreSQL major is in this installation's fleet (PLINTH_PROJECT_SERVERS)."
        : `Upgrading between PostgreSQL majors is not available on the ${engine} engine yet.`,
    });
    expect((await owner.get('/api/platform/projects-resource-warnings')).body).toEqual([]);
  }, 60_000);
});
