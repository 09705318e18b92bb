/**
 * PostgreSQL major upgrades (issue 17) on the postgres engine: a fleet of the CI server (15) and a
 * second server of the newest npm-installed major (18, test/support/second-server.ts). The second
 * server is down while the project is created, so placement (which skips servers that do not answer)
 * puts it on 15; eligibility then names no target. Started again, it is offered. First an upgrade
 * that fails after the data was loaded (injected through the in-process test hook) must drop the
 * half-made database there and leave the project on 15 with its data, and one whose database uses an
 * extension the new server lacks (adminpack, gone in 17) must stop at the checks; then the real
 * upgrade, after what a crash mid-way leaves (a half-made database on 18, the old logins off), moves
 * rows, a function, an extension and the owner's password hash to 18, records the new server and
 * version, and drops the old database; a retry after a crash that came after that drop adopts the
 * new database.
 *
 * The second server is reached through its Unix socket, where its pg_hba trusts local logins, so the
 * owner's password is checked by logging in over TCP on 15 and comparing the stored hash on 18.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { projectRowByRef } from '../../src/control/project-rows.ts';
import { upgradeTestHooks } from '../../src/control/upgrades.ts';
import { signUp, waitForStatus, type ApiClient } from '../support/client.ts';
import { startPlatform, TEST_POSTGRES_URL } from '../support/platform.ts';
import { startSecondServer, type TestServer } from '../support/second-server.ts';

interface UpgradeStatus {
  target_version: number;
  status: 0 | 1 | 2;
  progress: string;
  error: string | null;
}

const DB_PASSWORD = 'a-long-db-password';

/** `fn` on a session to `database` of the server at `serverUrl`, as its superuser (or `user`). */
async function onServer<T>(serverUrl: string, database: string, fn: (client: pg.Client) => Promise<T>, user?: { name: string; password?: string }): Promise<T> {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  if (user) {
    url.username = user.name;
    url.password = user.password ?? '';
  }
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const databaseExists = (serverUrl: string, name: string) =>
  onServer(serverUrl, 'postgres', async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rows.length === 1);
const ownerHash = (serverUrl: string, ref: string) =>
  onServer(serverUrl, 'postgres', async (c) => (await c.query('select rolpassword from pg_authid where rolname = $1', [`project_${ref}_owner`])).rows[0]?.rolpassword as string | undefined);
const serverMajor = (serverUrl: string) =>
  onServer(serverUrl, 'postgres', async (c) => Math.floor(Number((await c.query("select current_setting('server_version_num') as n")).rows[0].n) / 10000));

describe('major upgrades on the postgres engine: to a server of a newer major in the fleet', () => {
  let second: TestServer;
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let ref: string;
  let anonKey: string;
  let oldMajor: number;
  let newMajor: number;

  const sql = async (query: string) => {
    const response = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as Record<string, unknown>[];
  };
  const rest = (table: string) => fetch(`${platform.url}/p/${ref}/rest/v1/${table}?select=count`, { headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } });
  const status = async () => (await owner.get(`/api/platform/projects/${ref}/upgrade/status`)).body.databaseUpgradeStatus as UpgradeStatus | null;
  const eligibility = async () => (await owner.get(`/api/v1/projects/${ref}/upgrade/eligibility`)).body;
  const row = async () => (await projectRowByRef(platform.control.db, ref))!;

  const watchUpgrade = async () => {
    const seen = new Set<number>();
    const deadline = Date.now() + 150_000;
    for (;;) {
      const current = await status();
      if (current) seen.add(Number.parseInt(current.progress, 10));
      if (current && current.status !== 0) return { final: current, seen: [...seen].sort((a, b) => a - b) };
      if (Date.now() > deadline) throw new Error(`upgrade did not finish; last: ${JSON.stringify(current)}`);
      await sleep(50);
    }
  };

  beforeAll(async () => {
    second = await startSecondServer();
    [oldMajor, newMajor] = [await serverMajor(TEST_POSTGRES_URL), await serverMajor(second.url)];
    // Down while the project is made: placement skips it, so the project lands on the CI server.
    await second.stop();
    platform = await startPlatform({ engine: 'postgres', env: { PLINTH_PROJECT_SERVERS: `${TEST_POSTGRES_URL},${second.url}` } });
    owner = (await signUp(platform.url)).api;
    const slug = (await owner.post('/api/organizations', { name: 'Fleet upgrades' })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'pg-upgrade', organization_slug: slug, db_pass: DB_PASSWORD })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    anonKey = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService.defaultApiKey;
    await sql(`
      create extension if not exists citext with schema extensions;
      create table public.items (id int primary key, name extensions.citext not null);
      insert into public.items select i, 'Item ' || i from generate_series(1, 400) as i;
      grant select on public.items to anon;
      create function public.add_one(i int) returns int language sql immutable as 'select i + 1';
    `);
  }, 180_000);

  afterEach(() => {
    upgradeTestHooks.beforeStep = undefined;
  });

  afterAll(async () => {
    await platform?.stop();
    await second?.remove();
    if (ref) {
      // The project may have stayed on the CI server (a failed run): its database and roles go.
      await onServer(TEST_POSTGRES_URL, 'postgres', async (c) => {
        await c.query(`drop database if exists "project_${ref}" with (force)`);
        await c.query(`drop role if exists "project_${ref}_platform"`);
        await c.query(`drop role if exists "project_${ref}_owner"`);
      }).catch(() => undefined);
    }
  }, 60_000);

  it('is on the CI server, with no target while no server of a newer major answers', async () => {
    expect(newMajor).toBeGreaterThan(oldMajor);
    expect((await row()).db_server).toBe(TEST_POSTGRES_URL);
    expect(await eligibility()).toMatchObject({
      eligible: false,
      target_upgrade_versions: [],
      requires_manual_intervention: "No server of a newer PostgreSQL major is in this installation's fleet (PLINTH_PROJECT_SERVERS).",
    });
  });

  it('offers the newer major once its server answers', async () => {
    await second.start();
    // The engine keeps the fleet's majors for 10 s.
    const deadline = Date.now() + 20_000;
    let answer = await eligibility();
    while (!answer.eligible && Date.now() < deadline) {
      await sleep(500);
      answer = await eligibility();
    }
    expect(answer).toMatchObject({ eligible: true, requires_manual_intervention: null });
    expect(answer.target_upgrade_versions.map((t: { postgres_version: string }) => t.postgres_version)).toEqual([String(newMajor)]);
    expect(answer.current_app_version).toMatch(new RegExp(`^plinth-postgres-${oldMajor}\\.`));
  }, 30_000);

  it('rolls a failed upgrade back: the half-made database dropped, the project on the old server with its data', async () => {
    const hashBefore = await ownerHash(TEST_POSTGRES_URL, ref);
    let loadedOnTarget: boolean | null = null;
    upgradeTestHooks.beforeStep = async (index) => {
      if (index !== 5) return;
      loadedOnTarget = await databaseExists(second.url, `project_${ref}`);
      throw new Error('Injected failure while migrating');
    };
    const started = await owner.post(`/api/platform/projects/${ref}/upgrade`, { target_version: newMajor });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { final } = await watchUpgrade();
    expect(final).toMatchObject({ status: 1, target_version: newMajor, progress: '5_execute_database_migration', error: 'Injected failure while migrating' });
    expect(loadedOnTarget).toBe(true);

    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    expect(await databaseExists(second.url, `project_${ref}`)).toBe(false);
    expect(await ownerHash(second.url, ref)).toBeUndefined();
    const project = await row();
    expect(project.db_server).toBe(TEST_POSTGRES_URL);
    expect(project.postgres_version).toMatch(new RegExp(`^${oldMajor}\\.`));
    expect(await sql('select count(*)::int as n, sum(public.add_one(id))::int as s from public.items')).toEqual([{ n: 400, s: 80_600 }]);
    const read = await rest('items');
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual([{ count: 400 }]);
    // The owner logs in again with the project's password (its login was off while the dump was taken).
    expect(await ownerHash(TEST_POSTGRES_URL, ref)).toBe(hashBefore);
    const n = await onServer(TEST_POSTGRES_URL, `project_${ref}`, async (c) => (await c.query('select count(*)::int as n from public.items')).rows[0].n, {
      name: `project_${ref}_owner`, password: DB_PASSWORD,
    });
    expect(n).toBe(400);
  }, 180_000);

  it('stops at the pre-upgrade checks when the new server lacks an extension the database uses', async () => {
    // adminpack ships with 15 and was removed in 17: on the project's database as the server's superuser.
    const inProject = (statement: string) => onServer(TEST_POSTGRES_URL, `project_${ref}`, (c) => c.query(statement));
    await inProject('create extension adminpack');
    try {
      expect((await owner.post(`/api/v1/projects/${ref}/upgrade`, { target_version: String(newMajor) })).status).toBe(200);
      const { final } = await watchUpgrade();
      expect(final).toMatchObject({
        status: 1,
        progress: '2_execute_pre_upgrade_checks',
        error: `The PostgreSQL ${newMajor} server does not have the extension adminpack, which the database uses.`,
      });
      await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
      expect(await databaseExists(second.url, `project_${ref}`)).toBe(false);
      expect((await row()).db_server).toBe(TEST_POSTGRES_URL);
      expect(await sql('select count(*)::int as n from public.items')).toEqual([{ n: 400 }]);
    } finally {
      await inProject('drop extension adminpack');
    }
  }, 180_000);

  it('upgrades: the database moves to the newer server with its rows, function, extension and password', async () => {
    const hashBefore = await ownerHash(TEST_POSTGRES_URL, ref);
    expect(hashBefore).toMatch(/^SCRAM-SHA-256\$|^md5/);
    // What an attempt cut off by a crash after step 3 leaves: a half-made database on the new server,
    // the old database's logins off. The next attempt tidies both first.
    await onServer(second.url, 'postgres', (c) => c.query(`create database "project_${ref}"`));
    await onServer(second.url, `project_${ref}`, (c) => c.query('create table public.stray (id int)'));
    await onServer(TEST_POSTGRES_URL, 'postgres', (c) => c.query(`alter role "project_${ref}_owner" nologin; alter role "project_${ref}_platform" nologin`));
    const started = await owner.post(`/api/v1/projects/${ref}/upgrade`, { target_version: String(newMajor) });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { final, seen } = await watchUpgrade();
    expect(final).toMatchObject({ status: 2, target_version: newMajor, progress: '7_optimize_database', error: null });
    expect(seen.at(-1)).toBe(7);

    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    const project = await row();
    expect(project.db_server).toBe(second.url);
    expect(project.postgres_version).toMatch(new RegExp(`^${newMajor}\\.`));
    expect((await owner.get(`/api/platform/projects/${ref}/infrastructure`)).body.postgres_version).toMatch(new RegExp(`^${newMajor}\\.`));
    expect(await sql('select current_setting(\'server_version_num\')::int / 10000 as major')).toEqual([{ major: newMajor }]);
    expect(await sql('select count(*)::int as n, sum(public.add_one(id))::int as s from public.items')).toEqual([{ n: 400, s: 80_600 }]);
    expect(await sql(`select count(*)::int as n from public.items where name = 'ITEM 7'`)).toEqual([{ n: 1 }]);
    const read = await rest('items');
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual([{ count: 400 }]);

    // The owner's password hash came along; the old database and roles are gone.
    expect(await ownerHash(second.url, ref)).toBe(hashBefore);
    const direct = await onServer(second.url, `project_${ref}`, async (c) => (await c.query('select count(*)::int as n from public.items')).rows[0].n, {
      name: `project_${ref}_owner`,
    });
    expect(direct).toBe(400);
    expect(await sql(`select to_regclass('public.stray') is null as gone`)).toEqual([{ gone: true }]);
    expect(await databaseExists(TEST_POSTGRES_URL, `project_${ref}`)).toBe(false);
    expect(await ownerHash(TEST_POSTGRES_URL, ref)).toBeUndefined();
    // Nothing newer in the fleet now.
    expect(await eligibility()).toMatchObject({ eligible: false, target_upgrade_versions: [] });
    // A crash after the old database was dropped but before the row was updated: the retry adopts the new one.
    const engine = platform.control.engine;
    expect(await engine.upgradeMajor!({ ref, server: TEST_POSTGRES_URL }, newMajor, async () => {
      throw new Error('no step should run');
    })).toEqual({ version: project.postgres_version, location: { ref, server: second.url } });
  }, 180_000);
});
