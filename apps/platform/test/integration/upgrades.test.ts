/**
 * PostgreSQL major upgrades (issue 17) on the local engine, a project made on 17 while 18 is
 * installed beside it: first an upgrade that fails at "update database extensions" (injected
 * through the in-process test hook, which no HTTP request reaches) and must roll back to the old
 * cluster with the data intact, then the directories a crash mid-swap leaves, put right by the next
 * attempt, then the real upgrade 17 -> 18, with rows, a user role (its
 * password hash and membership), a function and an extension surviving, the steps reported as they
 * run, the data plane refused while it runs and back after, and the new version recorded.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { upgradeTestHooks } from '../../src/control/upgrades.ts';
import { installedPostgres } from '../../src/engines/local/binaries.ts';
import type { LocalEngine } from '../../src/engines/local/local-engine.ts';
import { signUp, waitForStatus, type ApiClient } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

const hasBothMajors = [17, 18].every((major) => installedPostgres().some((b) => b.major === major));

interface UpgradeStatus {
  initiated_at: string;
  latest_status_at: string;
  target_version: number;
  status: 0 | 1 | 2;
  progress: string;
  error: string | null;
}

describe.skipIf(!hasBothMajors)('major upgrades on the local engine', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let ref: string;
  let anonKey: string;

  const sql = async (query: string) => {
    const response = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as Record<string, unknown>[];
  };
  const rest = (table: string) => fetch(`${platform.url}/p/${ref}/rest/v1/${table}?order=id`, { headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } });
  const status = async () => (await owner.get(`/api/platform/projects/${ref}/upgrade/status`)).body.databaseUpgradeStatus as UpgradeStatus | null;
  const dataDir = () => path.join(platform.dataDir, 'projects', ref, 'db');

  /** Every role as the superuser sees it, password hashes included (the test runs as the platform's OS user, which the socket trusts). */
  const roles = async () => {
    const client = new pg.Client({ host: path.join(platform.dataDir, 'projects', ref), port: 5432, user: 'supabase_admin', database: 'postgres' });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, rolbypassrls, rolpassword,
                array(select b.rolname from pg_auth_members m join pg_authid b on b.oid = m.roleid where m.member = a.oid order by 1) as member_of,
                array(select unnest(s.setconfig) from pg_db_role_setting s where s.setrole = a.oid order by 1) as settings
           from pg_authid a where rolname !~ '^pg_' order by rolname`,
      );
      return rows;
    } finally {
      await client.end();
    }
  };

  /** Polls the upgrade until it finishes, keeping every step index it saw. */
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
    platform = await startPlatform({ engine: 'local', env: { PLINTH_POSTGRES_MAJOR: '17' } });
    owner = (await signUp(platform.url)).api;
    const slug = (await owner.post('/api/organizations', { name: 'Upgrades' })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'upgrades', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    anonKey = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService.defaultApiKey;
    await sql(`
      create extension if not exists citext with schema extensions;
      create table public.items (id int primary key, name extensions.citext not null, made timestamptz not null default now());
      insert into public.items (id, name) select i, 'Item ' || i from generate_series(1, 500) as i;
      create function public.add_one(i int) returns int language sql immutable as 'select i + 1';
      create role app_group nologin;
      create role app_reader login password 'reader-password-1' in role app_group;
      alter role app_reader set statement_timeout = '7s';
      grant select on public.items to app_reader;
    `);
  }, 180_000);

  afterEach(() => {
    upgradeTestHooks.beforeStep = undefined;
  });

  afterAll(async () => {
    await platform?.stop();
  }, 60_000);

  it('refuses what eligibility does not offer, and members who may not pause', async () => {
    const older = await owner.post(`/api/v1/projects/${ref}/upgrade`, { target_version: '16' });
    expect(older.status).toBe(400);
    expect(older.body.message).toContain('PostgreSQL 16 is not a version this project can upgrade to');
    const stranger = (await signUp(platform.url)).api;
    expect((await stranger.post(`/api/v1/projects/${ref}/upgrade`, { target_version: '18' })).status).toBe(404);
    expect((await stranger.get(`/api/platform/projects/${ref}/upgrade/status`)).status).toBe(404);
    expect(await status()).toBeNull();
  });

  it('rolls a failed upgrade back to the old database, online with its data', async () => {
    const rolesBefore = await roles();
    upgradeTestHooks.beforeStep = (index) => {
      if (index === 6) throw new Error('Injected failure while updating extensions');
    };
    const started = await owner.post(`/api/platform/projects/${ref}/upgrade`, { target_version: 18 });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.tracking_id).toMatch(/^\d+$/);

    const { final, seen } = await watchUpgrade();
    expect(final).toMatchObject({ status: 1, target_version: 18, progress: '6_update_database_extensions', error: 'Injected failure while updating extensions' });
    expect(seen.at(-1)).toBe(6);

    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    expect(readFileSync(path.join(dataDir(), 'PG_VERSION'), 'utf8').trim()).toBe('17');
    expect(existsSync(path.join(platform.dataDir, 'projects', ref, 'upgrade'))).toBe(false);
    expect((await owner.get(`/api/platform/projects/${ref}/infrastructure`)).body.postgres_version).toMatch(/^17\./);
    expect(await sql('select count(*)::int as n, sum(public.add_one(id))::int as s from public.items')).toEqual([{ n: 500, s: 125_750 }]);
    expect((await rest('items')).status).toBe(200);
    expect(await roles()).toEqual(rolesBefore);
    // Still eligible: the failed attempt left nothing in the way.
    expect((await owner.get(`/api/v1/projects/${ref}/upgrade/eligibility`)).body.eligible).toBe(true);
  }, 180_000);

  it('undoes what an attempt cut off in the middle of its swap left, before anything else', async () => {
    // What a kill -9 between the swap's renames and the new cluster's check leaves: the old cluster
    // as db-old, an unconfirmed "new" one as db, and a half-made upgrade/ directory.
    const projectDir = path.join(platform.dataDir, 'projects', ref);
    await (platform.control.engine as LocalEngine).scaleToZero({ ref, server: null });
    renameSync(path.join(projectDir, 'db'), path.join(projectDir, 'db-old'));
    mkdirSync(path.join(projectDir, 'db'));
    writeFileSync(path.join(projectDir, 'db', 'PG_VERSION'), '18\n');
    mkdirSync(path.join(projectDir, 'upgrade', 'db'), { recursive: true });
    upgradeTestHooks.beforeStep = (index) => {
      if (index === 0) throw new Error('Stopped before preparing the new server');
    };
    expect((await owner.post(`/api/v1/projects/${ref}/upgrade`, { target_version: '18' })).status).toBe(200);

    const { final } = await watchUpgrade();
    expect(final).toMatchObject({ status: 1, progress: '0_prepare_new_server', error: 'Stopped before preparing the new server' });
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    expect(readFileSync(path.join(dataDir(), 'PG_VERSION'), 'utf8').trim()).toBe('17');
    for (const left of ['upgrade', 'db-old']) expect(existsSync(path.join(projectDir, left))).toBe(false);
    expect(await sql('select count(*)::int as n from public.items')).toEqual([{ n: 500 }]);
  }, 120_000);

  it('upgrades 17 -> 18 with rows, roles, functions and extensions intact, the API offline meanwhile', async () => {
    const rolesBefore = await roles();
    const before = await sql(`select id, name::text, made from public.items order by id`);
    let refusedMidway: number | null = null;
    upgradeTestHooks.beforeStep = async (index) => {
      // Once API services are down (step 4 begins after step 3 ended them), the data plane refuses.
      if (index === 4) refusedMidway = (await rest('items')).status;
    };
    const started = await owner.post(`/api/v1/projects/${ref}/upgrade`, { target_version: '18' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await owner.get(`/api/platform/projects/${ref}/status`)).body.status).toBe('UPGRADING');

    const { final, seen } = await watchUpgrade();
    expect(final).toMatchObject({ status: 2, target_version: 18, progress: '7_optimize_database', error: null });
    expect(seen.length).toBeGreaterThan(1);
    expect(new Date(final.initiated_at).getTime()).toBeLessThanOrEqual(new Date(final.latest_status_at).getTime());
    expect(refusedMidway).toBe(503);

    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    expect(readFileSync(path.join(dataDir(), 'PG_VERSION'), 'utf8').trim()).toBe('18');
    for (const left of ['upgrade', 'db-old', 'db-old.remove']) expect(existsSync(path.join(platform.dataDir, 'projects', ref, left))).toBe(false);
    expect((await owner.get(`/api/platform/projects/${ref}/infrastructure`)).body.postgres_version).toMatch(/^18\./);
    expect(await sql('select current_setting(\'server_version_num\')::int / 10000 as major')).toEqual([{ major: 18 }]);
    const eligibility = (await owner.get(`/api/v1/projects/${ref}/upgrade/eligibility`)).body;
    expect(eligibility).toMatchObject({ eligible: false, current_app_version: expect.stringMatching(/^plinth-postgres-18\./), target_upgrade_versions: [] });

    // The data, the function, the extension (citext still compares without case) and the role.
    expect(await sql(`select id, name::text, made from public.items order by id`)).toEqual(before);
    expect(await sql(`select public.add_one(41) as v, (select count(*)::int from public.items where name = 'ITEM 7') as ci`)).toEqual([{ v: 42, ci: 1 }]);
    expect(await sql(`select extname from pg_extension where extname = 'citext'`)).toEqual([{ extname: 'citext' }]);
    expect(await roles()).toEqual(rolesBefore);
    expect(await sql(`select has_table_privilege('app_reader', 'public.items', 'select') as can`)).toEqual([{ can: true }]);

    // The API is back.
    const items = await rest('items');
    expect(items.status).toBe(200);
    expect(((await items.json()) as unknown[]).length).toBe(500);
  }, 180_000);
});
