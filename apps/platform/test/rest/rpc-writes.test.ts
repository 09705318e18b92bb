// supabase-js against /p/{ref}/rest/v1 on both engines, the last mile of PostgREST's RPC and writes:
// whole-body parameters, overloads, PGRST202's wording, counts on functions, the status of upserts,
// per-row defaults, and query plans answered only when the project enables them.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/platform.ts';
import { startRestHarness, type RestHarness } from './harness.ts';

describe.each(ENGINES)('REST functions and writes, the last mile, on the %s engine', (engine) => {
  let h: RestHarness;
  let sb: SupabaseClient;
  const post = (path: string, body: BodyInit, contentType: string) =>
    fetch(`${h.url}/rest/v1/${path}`, { method: 'POST', headers: { apikey: h.anonKey, 'content-type': contentType }, body });
  beforeAll(async () => {
    h = await startRestHarness(engine);
    sb = h.client();
  });
  afterAll(async () => h?.platform.stop());

  it('gives a function with one unnamed parameter the whole body, by Content-Type', async () => {
    // supabase-js's shape for an unnamed parameter names it "": the body itself is the argument, as in PostgREST.
    expect((await sb.rpc('unnamed_text', { '': 'hello' })).data).toBe('{"":"hello"}');
    const text = await post('rpc/unnamed_text', 'plain words, not JSON', 'text/plain; charset=utf-8');
    expect(text.status).toBe(200);
    expect(await text.json()).toBe('plain words, not JSON');
    const binary = await post('rpc/unnamed_bytea', new Uint8Array([0, 1, 0x7f, 0xfe, 0xff]), 'application/octet-stream');
    expect(await binary.json()).toBe('00017ffeff');
    // Among overloads the unnamed json parameter is the fallback when no other matches by name.
    expect((await sb.rpc('fallback')).data).toBe('none');
    expect((await sb.rpc('fallback', { x: 1, y: 2 })).data).toBe(3);
    expect((await sb.rpc('fallback', { A: 1, B: [2] })).data).toEqual({ A: 1, B: [2] });
    const missing = await post('rpc/add', 'text', 'text/plain');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.add in the schema cache',
      details: 'Searched for the function public.add with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });

  it('answers 300 PGRST203 when overloads cannot be told apart, listed as PostgREST orders them', async () => {
    const ambiguous = await sb.rpc('overloaded', { x: 'a' });
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toEqual({
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.overloaded(x => integer), public.overloaded(x => text), public.overloaded(x => text, y => integer)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    expect((await sb.rpc('overloaded', { x: 'a', y: 2 })).data).toBe('text, integer');
  });

  it('words PGRST202 as PostgREST, hinting at a close function or parameter list', async () => {
    const misspelt = await sb.rpc('posts_by_autor', { author: 1 });
    expect(misspelt.status).toBe(404);
    expect(misspelt.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.posts_by_autor(author) in the schema cache',
      details: 'Searched for the function public.posts_by_autor with parameter author or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.posts_by_author',
    });
    const wrongParameter = await sb.rpc('add', { a: 1, c: 2 });
    expect(wrongParameter.error).toMatchObject({
      message: 'Could not find the function public.add(a, c) in the schema cache',
      details: 'Searched for the function public.add with parameters a, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add(a, b)',
    });
    const byGet = await sb.rpc('add', { a: 1, c: 2 }, { get: true });
    expect(byGet.error?.details).toBe('Searched for the function public.add with parameters a, c, but no matches were found in the schema cache.');
    expect((await sb.rpc('zzzz_nothing_like_it')).error?.hint).toBeNull();
  });

  it('returns the total in Content-Range for Prefer: count=exact, running the function once', async () => {
    const admin = h.client(h.serviceKey);
    const tags = (await admin.from('tags').select('id', { count: 'exact', head: true })).count;
    expect(tags).toBeGreaterThan(0);
    const head = await sb.rpc('tag_names', undefined, { head: true, count: 'exact' });
    expect(head).toMatchObject({ status: 200, count: tags, data: null });
    const page = await sb.rpc('tag_names', undefined, { get: true, count: 'exact' }).range(0, 0);
    expect(page).toMatchObject({ status: 206, count: tags, data: ['cs'] });
    expect(await sb.rpc('add', { a: 1 }, { count: 'exact' })).toMatchObject({ status: 200, count: 1, data: 2 });
    // tags.name is unique: a second run of this volatile function would fail with 23505.
    const once = await sb.rpc('add_tag', { name: 'counted once' }, { count: 'exact' }).select('name');
    expect(once).toMatchObject({ error: null, count: 1, data: { name: 'counted once' } });
  });

  it('answers 200 to a merge upsert that inserted no row, 201 when one was inserted', async () => {
    const updated = await sb.from('tags').upsert({ id: 1, name: 'math' }).select('id, name');
    expect(updated).toMatchObject({ status: 200, data: [{ id: 1, name: 'math' }] });
    expect((await sb.from('tags').upsert([{ id: 2, name: 'history' }, { id: 3, name: 'cs' }])).status).toBe(200);
    const inserted = await sb.from('tags').upsert([{ id: 1, name: 'math' }, { id: 900, name: 'upserted' }]).select('id');
    expect(inserted).toMatchObject({ status: 201, data: [{ id: 1 }, { id: 900 }] });
    expect((await sb.from('tags').upsert({ name: 'by name' }, { onConflict: 'name' })).status).toBe(201);
    expect((await sb.from('tags').upsert({ name: 'by name' }, { onConflict: 'name' })).status).toBe(200);
    // PostgREST keeps 201 for ignore-duplicates, and ignores the resolution where there is no conflict target.
    expect((await sb.from('tags').upsert({ id: 1, name: 'math' }, { ignoreDuplicates: true }).select())).toMatchObject({ status: 201, data: [] });
    const noKey = await sb.from('page_views').upsert({ path: '/home' }).select('path, hits');
    expect(noKey).toMatchObject({ status: 201, data: [{ path: '/home', hits: 1 }] });
  });

  it('evaluates defaults per row in a bulk insert with Prefer: missing=default', async () => {
    // The last object names every column, so each default below is taken per row by the request, not the table.
    const fixed = '00000000-0000-4000-8000-000000000001';
    const { data, error, status } = await sb.from('tickets')
      .insert([{ label: 'a' }, { label: 'b', note: 'own note' }, { label: 'c', id: 100, code: fixed, serial_no: 50 }], { defaultToNull: false })
      .select('id, code, serial_no, label, note');
    expect(error).toBeNull();
    expect(status).toBe(201);
    const rows = data as { id: number; code: string; serial_no: number; label: string; note: string | null }[];
    expect(rows.map((r) => [r.id, r.serial_no, r.label, r.note])).toEqual([[1, 1, 'a', 'from the domain'], [2, 2, 'b', 'own note'], [100, 50, 'c', 'from the domain']]);
    expect(new Set(rows.map((r) => r.code)).size).toBe(3);
    expect(rows[2].code).toBe(fixed);
    // Without missing=default a key missing from one object is null for that row, as PostgREST sends it.
    const nulls = await sb.from('tickets').insert([{ label: 'd' }, { label: 'e', note: 'x' }]).select('label, note');
    expect(nulls.data).toEqual([{ label: 'd', note: null }, { label: 'e', note: 'x' }]);
  });

  it('answers query plans only when the project enables them', async () => {
    const config = `/api/projects/${h.ref}/config/postgrest`;
    expect((await h.api.get(config)).body.db_plan_enabled).toBe(false);
    const refused = await sb.from('posts').select('id').eq('id', 1).explain();
    expect(refused.status).toBe(406);
    expect(refused.error).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"' });
    expect((await h.api.patch(config, { db_plan_enabled: true })).body).toMatchObject({ db_plan_enabled: true });
    const plan = await sb.from('posts').select('id').eq('id', 1).explain();
    expect(plan.status).toBe(200);
    expect(String(plan.data)).toMatch(/Scan/);
    const rpcPlan = await sb.rpc('tag_names', undefined, { get: true }).explain({ format: 'json' });
    expect(Array.isArray(rpcPlan.data)).toBe(true);
    await h.api.patch(config, { db_plan_enabled: false });
    expect((await sb.from('posts').select('id').explain()).status).toBe(406);
  });
});
