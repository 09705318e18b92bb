// supabase-js against /p/{ref}/rest/v1 on both engines: writes, RPC, RLS with a signed-up user,
// roles and keys, paused projects, limits, and the edge log every request leaves.
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForStatus } from '../support/client.ts';
import { ENGINES } from '../support/platform.ts';
import { startRestHarness, type RestHarness } from './harness.ts';

const sign = (secret: string, claims: Record<string, unknown>, expiresIn = '1h') =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresIn).sign(new TextEncoder().encode(secret));

describe.each(ENGINES)('REST writes, RPC and security on the %s engine', (engine) => {
  let h: RestHarness;
  let sb: SupabaseClient;
  let admin: SupabaseClient;
  beforeAll(async () => {
    h = await startRestHarness(engine);
    sb = h.client();
    admin = h.client(h.serviceKey);
  });
  afterAll(async () => h?.platform.stop());

  it('inserts one row, many rows, with defaults, and returns what was asked', async () => {
    const minimal = await sb.from('tags').insert({ name: 'alpha' });
    expect(minimal).toMatchObject({ status: 201, data: null, error: null });
    const one = await sb.from('tags').insert({ name: 'beta' }).select('id, name').single();
    expect(one.status).toBe(201);
    expect(one.data).toMatchObject({ name: 'beta' });
    const many = await sb.from('posts').insert([{ title: 'One', views: 1 }, { title: 'Two' }], { defaultToNull: false }).select('title, views, tags, author:authors!author_id(name)');
    expect(many.error).toBeNull();
    expect(many.data).toEqual([{ title: 'One', views: 1, tags: [], author: null }, { title: 'Two', views: 0, tags: [], author: null }]);
    const counted = await sb.from('comments').insert([{ post_id: 1, body: 'a' }, { post_id: 1, body: 'b' }], { count: 'exact' });
    expect(counted.count).toBe(2);
    const typed = await sb.from('posts').insert({ title: 'Typed', meta: { a: [1, 2] }, tags: ['x', 'y'], mood: 'sad', during: '[1,3)' }).select('meta, tags, mood, during').single();
    expect(typed.data).toEqual({ meta: { a: [1, 2] }, tags: ['x', 'y'], mood: 'sad', during: '[1,3)' });
  });

  it('upserts with merge or ignore, on the primary key or on_conflict', async () => {
    const merged = await sb.from('tags').upsert({ id: 1, name: 'mathematics' }).select('id, name');
    expect(merged.data).toEqual([{ id: 1, name: 'mathematics' }]);
    const ignored = await sb.from('tags').upsert({ id: 1, name: 'ignored' }, { ignoreDuplicates: true }).select();
    expect(ignored.data).toEqual([]);
    const byName = await sb.from('tags').upsert([{ name: 'history' }, { name: 'brand new' }], { onConflict: 'name' }).select('name');
    expect(byName.data!.map((r) => r.name).sort()).toEqual(['brand new', 'history']);
  });

  it('updates and deletes with filters, counts and representation', async () => {
    const updated = await sb.from('posts').update({ views: 7 }, { count: 'exact' }).eq('title', 'One').select('title, views');
    expect(updated).toMatchObject({ status: 200, count: 1, data: [{ title: 'One', views: 7 }] });
    const minimal = await sb.from('posts').update({ views: 8 }).eq('title', 'One');
    expect(minimal.status).toBe(204);
    const deleted = await sb.from('posts').delete().in('title', ['One', 'Two']).select('title');
    expect(deleted.data!.map((r) => r.title).sort()).toEqual(['One', 'Two']);
    expect((await sb.from('posts').select('id').eq('title', 'One')).data).toEqual([]);
  });

  it('rolls back on max-affected, single-object violations and tx=rollback', async () => {
    // supabase-js types maxAffected() for PostgREST 13 schemas only; the wire format is the same.
    type WithMaxAffected = { maxAffected(rows: number): PromiseLike<{ status: number; error: unknown }> };
    const tooMany = await (sb.from('posts').update({ views: 1 }).gt('id', 0) as unknown as WithMaxAffected).maxAffected(1);
    expect(tooMany.status).toBe(400);
    expect(tooMany.error).toMatchObject({ code: 'PGRST124' });
    const notSingle = await sb.from('posts').update({ views: 2 }).gt('id', 0).select().single();
    expect(notSingle.status).toBe(406);
    expect((await sb.from('posts').select('views').eq('id', 1).single()).data).toEqual({ views: 100 });
    const rolledBack = await sb.from('tags').insert({ name: 'ephemeral' }).select('name').rollback();
    expect(rolledBack.data).toEqual([{ name: 'ephemeral' }]);
    expect((await sb.from('tags').select().eq('name', 'ephemeral')).data).toEqual([]);
  });

  it('reports constraint violations and bad bodies as PostgREST does', async () => {
    const duplicate = await sb.from('tags').insert({ name: 'cs' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: '23505', details: 'Key (name)=(cs) already exists.' });
    const orphan = await sb.from('comments').insert({ post_id: 999, body: 'x' });
    expect(orphan.status).toBe(409);
    expect(orphan.error).toMatchObject({ code: '23503' });
    expect((await sb.from('tags').insert({})).error).toMatchObject({ code: '23502' });
    const unknown = await sb.from('tags').insert({ nope: 1 });
    expect(unknown.error).toMatchObject({ code: 'PGRST204' });
    const broken = await fetch(`${h.url}/rest/v1/tags`, { method: 'POST', headers: { apikey: h.anonKey, 'content-type': 'application/json' }, body: '{"name": ' });
    expect(broken.status).toBe(400);
    expect((await broken.json()).code).toBe('PGRST102');
    const injected = await sb.from('tags').insert({ name: "x'); drop table tags; --" }).select('name').single();
    expect(injected.data).toEqual({ name: "x'); drop table tags; --" });
    expect((await sb.from('tags').select().eq('name', "x'); drop table tags; --")).data).toHaveLength(1);
  });

  it('calls functions by POST, GET and HEAD with every return shape', async () => {
    expect((await sb.rpc('add', { a: 2, b: 3 })).data).toBe(5);
    expect((await sb.rpc('add', { a: 2 }, { get: true })).data).toBe(3);
    const byAuthor = await sb.rpc('posts_by_author', { author: 1 }).select('title, author:authors!author_id(name)').gt('views', 60);
    expect(byAuthor.data).toEqual([{ title: 'Notes on the engine', author: { name: 'Ada' } }]);
    const counted = await sb.rpc('posts_by_author', { author: 1 }, { count: 'exact' }).select('id').limit(1);
    expect(counted).toMatchObject({ count: 2, status: 206 });
    expect((await sb.rpc('author_stats').eq('author_id', 2)).data).toEqual([{ author_id: 2, post_count: 1 }]);
    expect((await sb.rpc('first_post').select('id, title')).data).toEqual({ id: 1, title: 'Notes on the engine' });
    expect((await sb.rpc('echo', { any: ['thing', 1] })).data).toEqual({ any: ['thing', 1] });
    expect((await sb.rpc('tag_names', undefined, { get: true })).data).toContain('cs');
    expect((await sb.rpc('sum_all', { nums: [1, 2, 3] }, { get: true })).data).toBe(6);
    const nothing = await sb.rpc('touch');
    expect(nothing).toMatchObject({ status: 204, data: null, error: null });
    const head = await sb.rpc('tag_names', undefined, { head: true, count: 'exact' });
    expect(head).toMatchObject({ data: null, count: head.count });
    const teapot = await fetch(`${h.url}/rest/v1/rpc/teapot`, { method: 'POST', headers: { apikey: h.anonKey } });
    expect(teapot.status).toBe(418);
    expect(teapot.headers.get('x-brew')).toBe('earl grey');
    const pay = await sb.rpc('pay');
    expect(pay.status).toBe(402);
    expect(pay.error).toMatchObject({ code: 'PT402', message: 'Payment Required', details: 'Quota exceeded' });
    const missing = await sb.rpc('nope', { x: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'PGRST202' });
    const readOnly = await sb.rpc('add_tag', { name: 'via get' }, { get: true });
    expect(readOnly.status).toBe(405);
    expect(readOnly.error).toMatchObject({ code: '25006' });
    expect((await sb.rpc('add_tag', { name: 'via post' })).data).toMatchObject({ name: 'via post' });
  });

  it('sets the request context: role, claims, method, path and headers', async () => {
    const res = await fetch(`${h.url}/rest/v1/rpc/whoami`, { headers: { apikey: h.anonKey, 'x-test': 'hello' } });
    expect(await res.json()).toEqual({ role: 'anon', sub: null, method: 'GET', path: '/rpc/whoami', agent: 'hello' });
    expect((await admin.rpc('whoami')).data).toMatchObject({ role: 'service_role' });
  });

  it('applies RLS to a user signed up through the project auth', async () => {
    const alice = h.client();
    const signed = await alice.auth.signUp({ email: `alice.${engine}@example.com`, password: 'correct-horse-battery' });
    expect(signed.error).toBeNull();
    expect(signed.data.session?.access_token).toBeTruthy();
    const bob = h.client();
    await bob.auth.signUp({ email: `bob.${engine}@example.com`, password: 'correct-horse-battery' });
    expect((await alice.from('todos').insert({ task: 'write tests' }).select('task, user_id').single()).data).toMatchObject({ task: 'write tests', user_id: signed.data.user!.id });
    await bob.from('todos').insert({ task: 'review' });
    expect((await alice.from('todos').select('task')).data).toEqual([{ task: 'write tests' }]);
    expect((await bob.from('todos').select('task')).data).toEqual([{ task: 'review' }]);
    expect((await sb.from('todos').select('task')).data).toEqual([]);
    expect((await admin.from('todos').select('task')).data).toHaveLength(2);
    const forged = await alice.from('todos').insert({ task: 'as bob', user_id: (await bob.auth.getUser()).data.user!.id });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({ code: '42501' });
    expect((await alice.rpc('whoami')).data).toMatchObject({ role: 'authenticated', sub: signed.data.user!.id });
  });

  it('tells roles apart and rejects forged, expired and foreign tokens', async () => {
    const anon = await sb.from('secrets').select();
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: '42501' });
    expect((await admin.from('secrets').select('value')).data).toEqual([{ value: 'the cake is a lie' }]);
    const forged = h.client(await sign('not-the-project-secret-at-all-000000', { role: 'service_role' }));
    const rejected = await forged.from('secrets').select();
    expect(rejected.status).toBe(401);
    expect(rejected.error).toMatchObject({ code: 'PGRST301' });
    const expired = await fetch(`${h.url}/rest/v1/posts`, { headers: { apikey: h.anonKey, authorization: `Bearer ${await sign(h.jwtSecret, { role: 'service_role' }, '-1m')}` } });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ code: 'PGRST301', message: 'JWT expired' });
    const garbage = await fetch(`${h.url}/rest/v1/posts`, { headers: { authorization: 'Bearer not.a-jwt' } });
    expect(garbage.status).toBe(401);
    const superuser = await fetch(`${h.url}/rest/v1/posts`, { headers: { authorization: `Bearer ${await sign(h.jwtSecret, { role: 'postgres' })}` } });
    expect(superuser.status).toBe(403);
    const noKey = await fetch(`${h.url}/rest/v1/posts?select=id&id=eq.1`);
    expect(await noKey.json()).toEqual([{ id: 1 }]);
    const other = await h.createProject('Other project');
    const foreign = await h.client(other.serviceKey).from('posts').select();
    expect(foreign.status).toBe(401);
    // The other project's own key works on its own API, which has no posts table: databases are apart.
    const ownDb = await h.client(other.serviceKey, `${h.platform.url}/p/${other.ref}`).from('posts').select();
    expect(ownDb.status).toBe(404);
  });

  it('refuses a paused or unknown project without opening its database', async () => {
    const paused = await h.createProject('Paused project');
    expect((await h.api.post(`/api/projects/${paused.ref}/pause`)).status).toBe(200);
    await waitForStatus(h.api, paused.ref, 'INACTIVE');
    const res = await h.client(paused.anonKey, `${h.platform.url}/p/${paused.ref}`).from('anything').select().retry(false);
    expect(res.status).toBe(503);
    expect(res.error).toMatchObject({ code: 'project_paused' });
    const row = await h.platform.control.db.query<{ status: string }>('select status from projects where ref = $1', [paused.ref]);
    expect(row.rows[0].status).toBe('INACTIVE');
    const unknown = await fetch(`${h.platform.url}/p/abcdefghijabcdefghij/rest/v1/posts`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'project_not_found', details: null, hint: null });
  });

  it('accepts large bodies up to the limit and refuses bigger ones with 413', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ post_id: 2, body: `bulk ${i} ${'x'.repeat(100)}` }));
    const bulk = await sb.from('comments').insert(rows, { count: 'exact' });
    expect(bulk).toMatchObject({ status: 201, count: 2000 });
    const huge = await fetch(`${h.url}/rest/v1/comments`, {
      method: 'POST', headers: { apikey: h.anonKey, 'content-type': 'application/json' }, body: `[{"post_id": 2, "body": "${'x'.repeat(51 * 1024 * 1024)}"}]`,
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'body_too_large' });
  });

  it('answers CORS preflights', async () => {
    const res = await fetch(`${h.url}/rest/v1/posts`, { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, prefer' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(res.headers.get('access-control-allow-headers')).toBe('apikey, prefer');
  });

  it('writes an edge log entry for every request, without keys', async () => {
    await fetch(`${h.url}/rest/v1/authors?select=name`, { headers: { apikey: h.anonKey, 'user-agent': 'edge-test/1.0' } });
    await h.platform.control.logs.flush();
    const { rows } = await h.platform.control.db.query<{ event_message: string; metadata: Record<string, unknown> }>(
      `select event_message, metadata from edge_logs where project_ref = $1 and metadata->'request'->'headers'->>'user_agent' = 'edge-test/1.0'`, [h.ref]);
    expect(rows).toHaveLength(1);
    expect(rows[0].event_message).toBe('GET /rest/v1/authors 200');
    expect(rows[0].metadata).toMatchObject({
      project_ref: h.ref,
      role: 'anon',
      request: { method: 'GET', path: '/rest/v1/authors', search: '?select=name', headers: { user_agent: 'edge-test/1.0' } },
      response: { status_code: 200 },
    });
    expect(typeof (rows[0].metadata.response as { origin_time: unknown }).origin_time).toBe('number');
    const all = await h.platform.control.db.query<{ n: number; leaked: number }>(
      `select count(*)::int as n, count(*) filter (where metadata::text like '%eyJ%')::int as leaked from edge_logs where project_ref = $1`, [h.ref]);
    expect(all.rows[0].n).toBeGreaterThan(20);
    expect(all.rows[0].leaked).toBe(0);
  });
});
