/**
 * Read-only mode (issue 17) on every engine, as the project's clients and its
 * owner meet it. The disk quota is made tiny with PLINTH_DISK_QUOTA_BYTES (the operator's setting
 * for every plan that has a quota), the database is filled past it through the SQL editor, and the
 * check the `disk-quota-check` job runs is called directly (the schedule is a minute): REST writes
 * are refused with the clear read-only message while reads work, auth sign-ups, storage uploads and
 * pooler writes are refused too, the resource warning and Settings > Infrastructure say read-only;
 * the owner deletes rows and runs VACUUM FULL in the SQL editor, the next check lifts it and writes
 * work again.
 * Then a plan change (to Enterprise, whose quota is custom) lifts it through the job it queues.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDiskQuotas } from '../../src/control/read-only-mode.ts';
import { connected } from '../pooler/support.ts';
import { NoWebSocket } from '../rest/harness.ts';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
import { startPlatform, type EngineName } from '../support/platform.ts';

type RealtimeTransport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];
const MB = 1024 * 1024;
const QUOTA_BYTES = 64 * MB;
const DB_PASSWORD = 'a-long-db-password';
const READ_ONLY_MESSAGE = /^The project is in read-only mode because its database exceeds the disk quota of its plan\./;

describe.each<EngineName>(['local', 'embedded', 'postgres'])('read-only mode on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let operator: ApiClient;
  let slug: string;
  let ref: string;
  let anonKey: string;
  let serviceKey: string;
  const operatorEmail = uniqueEmail('operator');

  const client = (key: string): SupabaseClient =>
    createClient(`${platform.url}/p/${ref}`, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoWebSocket as unknown as RealtimeTransport },
    });
  const sql = async (query: string) => {
    const response = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const rest = (path: string, init: RequestInit = {}) =>
    fetch(`${platform.url}/p/${ref}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json', ...init.headers },
    });
  const insertNote = (id: number) => rest('notes', { method: 'POST', body: JSON.stringify({ id, body: `note ${id}` }) });
  /** Rows just under 2 kB are stored uncompressed, four to a page: about 80 MB. */
  const fill = () => sql(`insert into filler select repeat('x', 1900) from generate_series(1, 40000)`);
  /** A statement through the connection pooler (transaction mode), as psql or an ORM sends it. */
  const pooled = async (query: string) => {
    const pooler = await connected(platform.pooler.ports.transaction!, ref, DB_PASSWORD);
    try {
      return await pooler.query(query);
    } finally {
      await pooler.end();
    }
  };
  const warningOf = async () => ((await owner.get('/api/platform/projects-resource-warnings')).body as { project: string }[]).find((w) => w.project === ref);

  beforeAll(async () => {
    platform = await startPlatform({ engine, env: { PLINTH_DISK_QUOTA_BYTES: String(QUOTA_BYTES), PLINTH_OPERATORS: operatorEmail } });
    ({ api: owner } = await signUp(platform.url));
    ({ api: operator } = await signUp(platform.url, operatorEmail));
    slug = (await owner.post('/api/organizations', { name: `Read-only ${engine}`, plan: 'free' })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'full disk', organization_slug: slug, db_pass: DB_PASSWORD })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    const settings = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService;
    anonKey = settings.defaultApiKey;
    serviceKey = settings.serviceApiKey;
    await sql('create table public.notes (id int primary key, body text not null); create table public.filler (pad text)');
    expect((await insertNote(1)).status).toBe(201);
    expect((await client(serviceKey).storage.createBucket('docs')).error).toBeNull();
  }, 180_000);
  afterAll(async () => platform?.stop());

  it('stays writable under the quota: the check changes nothing', async () => {
    const page = await owner.get(`/api/platform/projects/${ref}/infrastructure`);
    expect(page.body).toMatchObject({ disk_included_bytes: QUOTA_BYTES, read_only_since: null });
    expect(page.body.disk_used_bytes).toBeLessThan(QUOTA_BYTES);
    expect(await checkDiskQuotas(platform.control, { ref })).toEqual({ entered: [], left: [] });
    expect(await warningOf()).toBeUndefined();
  });

  it('enters read-only mode over the quota: writes refused with a clear error, reads still answered', { timeout: 120_000 }, async () => {
    await fill();
    await platform.control.jobs.idle(); // no queued check switching the mode at the same time
    await checkDiskQuotas(platform.control);

    const refused = await insertNote(2);
    expect(refused.status).toBe(405);
    const body = await refused.json();
    expect(body).toMatchObject({ code: '25006', details: expect.stringMatching(/read-only transaction/) });
    expect(body.message).toMatch(READ_ONLY_MESSAGE);
    expect(body.hint).toMatch(/SQL editor/);

    const read = await rest('notes?select=id,body');
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual([{ id: 1, body: 'note 1' }]);

    await expect(pooled(`insert into notes values (9, 'through the pooler')`)).rejects.toMatchObject({ code: '25006' });
    expect((await pooled('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);

    const signUpResult = await client(anonKey).auth.signUp({ email: uniqueEmail('late'), password: 'correct-horse-battery' });
    expect(signUpResult.error?.status).toBe(403);
    expect(signUpResult.error?.message).toMatch(READ_ONLY_MESSAGE);

    const upload = await client(serviceKey).storage.from('docs').upload('a.txt', new Blob(['hello'], { type: 'text/plain' }));
    expect(upload.error?.message).toMatch(READ_ONLY_MESSAGE);

    expect(await warningOf()).toMatchObject({ is_readonly_mode_enabled: true, disk_space_exhaustion: 'critical' });
    const page = await owner.get(`/api/platform/projects/${ref}/infrastructure`);
    expect(page.body.read_only_since).toEqual(expect.any(String));
    expect(page.body.disk_used_bytes).toBeGreaterThan(QUOTA_BYTES);

    const audit = await owner.get(`/api/platform/organizations/${slug}/audit`);
    expect(JSON.stringify(audit.body)).toContain('project.read_only.enter');
  });

  it('lets the owner free space in the SQL editor, then leaves read-only mode by itself', { timeout: 120_000 }, async () => {
    // The editor's writes run read-write; VACUUM FULL runs in a read-only session anyway. Each run
    // queues a check of the project, and on the embedded engine a check that switches the mode
    // reopens its worker: the queue is drained between runs, so no switch lands mid-statement.
    await platform.control.jobs.idle();
    await sql('delete from filler');
    await platform.control.jobs.idle();
    await sql('vacuum full filler');
    expect(await sql('select count(*)::int as n from filler')).toEqual([{ n: 0 }]);

    // Each editor run on a read-only project queued a check of it: run what is queued, then check once more
    // (nothing left to do when the queued one already lifted it).
    await platform.control.jobs.idle();
    await checkDiskQuotas(platform.control, { ref });
    expect((await insertNote(2)).status).toBe(201);
    expect((await pooled(`insert into notes values (9, 'through the pooler')`)).rowCount).toBe(1);
    expect((await client(serviceKey).storage.from('docs').upload('a.txt', new Blob(['hello'], { type: 'text/plain' }))).error).toBeNull();
    expect((await client(anonKey).auth.signUp({ email: uniqueEmail('again'), password: 'correct-horse-battery' })).error).toBeNull();
    expect(await warningOf()).toBeUndefined();
    expect((await owner.get(`/api/platform/projects/${ref}/infrastructure`)).body.read_only_since).toBeNull();
    const audit = await owner.get(`/api/platform/organizations/${slug}/audit`);
    expect(JSON.stringify(audit.body)).toContain('project.read_only.leave');
  });

  it('leaves read-only mode when the plan changes to one without that quota', { timeout: 120_000 }, async () => {
    await fill();
    await platform.control.jobs.idle(); // no queued check switching the mode at the same time
    await checkDiskQuotas(platform.control, { ref });
    expect((await insertNote(3)).status).toBe(405);

    // Enterprise's disk is custom: nothing to enforce. The change queues a check of the organisation.
    expect((await operator.patch(`/api/platform/admin/organizations/${slug}`, { plan: 'enterprise' })).status).toBe(200);
    await platform.control.jobs.idle();
    expect((await insertNote(3)).status).toBe(201);
    expect((await owner.get(`/api/platform/projects/${ref}/infrastructure`)).body).toMatchObject({ read_only_since: null, disk_included_bytes: null });
  });
});
