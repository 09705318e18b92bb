/**
 * Pause frees a project and restore brings it back, as its users see it, on every engine: the paused
 * database lives only as a verified archive in the object store (the cluster's or worker's directory
 * is gone; on a Postgres server the database is dropped), and the restored project has every row,
 * its auth user, its stored file and its keys, with the archive gone again. A damaged archive fails
 * the restore and is kept; nothing of it becomes the project's data.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRowByRef } from '../../src/control/project-rows.ts';
import { NoWebSocket } from '../rest/harness.ts';
import { ApiClient, signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import { ENGINES, startPlatform, TEST_POSTGRES_URL } from '../support/platform.ts';
import { startSecondServer, type TestServer } from '../support/second-server.ts';

type RealtimeTransport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];
const PASSWORD = 'pause-day-password';

async function databaseExists(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    return (await admin.query('select 1 from pg_database where datname = $1', [name])).rows.length === 1;
  } finally {
    await admin.end();
  }
}

describe.each(ENGINES)('pause and restore on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let ref: string;
  let anonKey: string;
  const alice = uniqueEmail('alice');

  const client = (): SupabaseClient =>
    createClient(`${platform.url}/p/${ref}`, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoWebSocket as unknown as RealtimeTransport },
    });
  const query = async (sql: string) => {
    const response = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query: sql });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const row = async () => (await projectRowByRef(platform.control.db, ref))!;
  const pause = async () => {
    expect((await owner.post(`/api/platform/projects/${ref}/pause`)).status).toBe(200);
    await waitForStatus(owner, ref, 'INACTIVE');
  };

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    ({ api: owner } = await signUp(platform.url));
    const slug = (await owner.post('/api/organizations', { name: `Pause ${engine}` })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'sleeper', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    anonKey = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService.defaultApiKey;
    await query(`create table public.notes (id int primary key, body text not null);
                 insert into public.notes select g, 'note ' || g from generate_series(1, 500) g;
                 create function public.shout(t text) returns text language sql as $$ select upper(t) $$;`);
    // A role of the project's own (a shared Postgres server gives projects no CREATEROLE).
    if (engine !== 'postgres') await query('create role reporter nologin; grant select on public.notes to reporter');
    expect((await client().auth.signUp({ email: alice, password: PASSWORD })).error).toBeNull();
    const service = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService.serviceApiKey;
    const admin = createClient(`${platform.url}/p/${ref}`, service, { auth: { persistSession: false }, realtime: { transport: NoWebSocket as unknown as RealtimeTransport } });
    expect((await admin.storage.createBucket('docs', { public: false })).error).toBeNull();
    expect((await admin.storage.from('docs').upload('plan.txt', new Blob(['the plan']), { contentType: 'text/plain' })).error).toBeNull();
  }, 180_000);
  afterAll(async () => platform?.stop());

  it('pause archives the database into the object store and frees it; restore brings back every row, user, file and key', { timeout: 180_000 }, async () => {
    const before = await row();
    await pause();

    // The archive is recorded, and it is the only copy left.
    const paused = await row();
    expect(paused.archive_key).toMatch(new RegExp(`^_archives/${ref}/.+\\.${engine === 'postgres' ? 'sql' : 'tar'}\\.gz$`));
    expect(Number(paused.archive_bytes)).toBeGreaterThan(1000);
    const stored = await platform.control.objects.head(paused.archive_key!);
    expect(stored?.size).toBe(Number(paused.archive_bytes));
    if (engine === 'postgres') expect(await databaseExists(`project_${ref}`)).toBe(false);
    else expect(existsSync(path.join(platform.dataDir, 'projects', ref))).toBe(false);
    // A paused project answers no request.
    const refused = await fetch(`${platform.url}/p/${ref}/rest/v1/notes`, { headers: { apikey: anonKey } });
    expect(refused.status, await refused.text()).toBe(503);

    expect((await owner.post(`/api/platform/projects/${ref}/restore`)).status).toBe(200);
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');

    const restored = await row();
    expect(restored.archive_key).toBeNull();
    expect(restored.db_server).toBe(before.db_server);
    expect(await platform.control.objects.head(paused.archive_key!)).toBeNull();
    expect(await query(`select count(*)::int as n, sum(id)::int as total from public.notes`)).toEqual([{ n: 500, total: 125250 }]);
    expect(await query(`select public.shout('ok') as s`)).toEqual([{ s: 'OK' }]);
    if (engine !== 'postgres') expect(await query(`select has_table_privilege('reporter', 'public.notes', 'select') as granted`)).toEqual([{ granted: true }]);
    // The same keys, the same user, the same file.
    expect((await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService.defaultApiKey).toBe(anonKey);
    const signedIn = client();
    expect((await signedIn.auth.signInWithPassword({ email: alice, password: PASSWORD })).error).toBeNull();
    const service = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService.serviceApiKey;
    const admin = createClient(`${platform.url}/p/${ref}`, service, { auth: { persistSession: false }, realtime: { transport: NoWebSocket as unknown as RealtimeTransport } });
    const file = await admin.storage.from('docs').download('plan.txt');
    expect(file.error).toBeNull();
    expect(await file.data!.text()).toBe('the plan');
    const read = await fetch(`${platform.url}/p/${ref}/rest/v1/notes?id=eq.7&select=body`, { headers: { apikey: anonKey } });
    expect(await read.json()).toEqual([{ body: 'note 7' }]);
  });

  // Engine-independent but for the extraction, which local shares with embedded; each retry of a restore waits longer.
  it.skipIf(engine === 'embedded')('a damaged archive fails the restore (RESTORATION_FAILED, the archive kept), and a good one restores afterwards', { timeout: 180_000 }, async () => {
    await pause();
    const paused = await row();
    const original = await platform.control.objects.get(paused.archive_key!);
    const bytes = Buffer.concat(await original!.body.toArray());
    const damaged = Buffer.from(bytes);
    damaged[damaged.length >> 1] ^= 0xff;
    await platform.control.objects.put(paused.archive_key!, Readable.from([damaged]), { contentType: 'application/gzip' });

    await owner.post(`/api/platform/projects/${ref}/restore`);
    await waitForStatus(owner, ref, 'RESTORATION_FAILED');
    const failed = await owner.get(`/api/platform/projects/${ref}/status`);
    expect(JSON.stringify(failed.body)).toMatch(/damaged|invalid|incorrect|unexpected/i);
    expect((await row()).archive_key).toBe(paused.archive_key);

    // The operator puts the good bytes back (from their own copy) and restores again.
    await platform.control.objects.put(paused.archive_key!, Readable.from([bytes]), { contentType: 'application/gzip' });
    expect((await owner.post(`/api/platform/projects/${ref}/restore`)).status).toBe(200);
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    expect(await query('select count(*)::int as n from public.notes')).toEqual([{ n: 500 }]);
  });
});

describe('postgres engine: a paused project whose server is gone is restored onto another server of the fleet', () => {
  let second: TestServer;
  let platform: Awaited<ReturnType<typeof startPlatform>>;

  beforeAll(async () => {
    second = await startSecondServer();
    // The new server holds no project yet and comes first, so placement (fewest projects, first on a tie) puts the project there.
    platform = await startPlatform({ engine: 'postgres', env: { PLINTH_PROJECT_SERVERS: `${second.url},${TEST_POSTGRES_URL}` } });
  }, 180_000);
  afterAll(async () => {
    await platform?.stop();
    await second?.remove();
  });

  it('pauses on one server, restores onto the other with its rows, keys and password', { timeout: 180_000 }, async () => {
    const { api: owner } = await signUp(platform.url);
    const slug = (await owner.post('/api/organizations', { name: 'Fleet' })).body.slug;
    const ref = (await owner.post('/api/projects', { name: 'mover', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    expect((await projectRowByRef(platform.control.db, ref))!.db_server).toBe(second.url);
    const made = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query: `create table public.crates (id int primary key); insert into public.crates select generate_series(1, 300);` });
    expect(made.status).toBe(200);
    const anonKey = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService.defaultApiKey;

    expect((await owner.post(`/api/platform/projects/${ref}/pause`)).status).toBe(200);
    await waitForStatus(owner, ref, 'INACTIVE');
    // The server goes away while the project sleeps (retired, or lost).
    await second.stop();

    expect((await owner.post(`/api/platform/projects/${ref}/restore`)).status).toBe(200);
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    expect((await projectRowByRef(platform.control.db, ref))!.db_server).toBe(TEST_POSTGRES_URL);
    expect(await databaseExists(`project_${ref}`)).toBe(true);
    const read = await fetch(`${platform.url}/p/${ref}/rest/v1/crates?select=count`, { headers: { apikey: anonKey } });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual([{ count: 300 }]);
    // The owner's login works there with the project's own password.
    const direct = new pg.Client({ connectionString: TEST_POSTGRES_URL.replace('postgres@', `project_${ref}_owner:a-long-db-password@`).replace(/\/postgres$/, `/project_${ref}`) });
    await direct.connect();
    expect((await direct.query('select count(*)::int as n from public.crates')).rows).toEqual([{ n: 300 }]);
    await direct.end();
  });
});
