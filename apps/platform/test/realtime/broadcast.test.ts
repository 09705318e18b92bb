/**
 * Broadcast through supabase-js (realtime-js over a real websocket): between clients with `self`
 * and `ack` on both serializer versions, from the REST API (send() without a socket, httpSend()),
 * from the database (realtime.send, realtime.broadcast_changes), and never across projects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, realtimeClient, sql, startRealtimeHarness, subscribed, type RealtimeHarness, type TestProject } from './harness.ts';

describe.each(['embedded', 'local'] as const)('realtime broadcast on %s', (engine) => {
  let h: RealtimeHarness;
  let project: TestProject;
  const clients: ReturnType<typeof realtimeClient>[] = [];
  const client = (key = project.anonKey, vsn?: '1.0.0' | '2.0.0') => {
    const c = realtimeClient(project.url, key, { vsn });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    h = await startRealtimeHarness(engine);
    project = h.project;
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    await h?.stop();
  }, 60_000);

  it.each(['2.0.0', '1.0.0'] as const)('relays a broadcast to other clients, to the sender with self, acknowledged with ack (vsn %s)', async (vsn) => {
    const sender = client(project.anonKey, vsn).channel(`room-${vsn}`, { config: { broadcast: { self: true, ack: true } } });
    const listener = client(project.anonKey, vsn).channel(`room-${vsn}`);
    const mine = collect(sender, 'broadcast', { event: 'cursor' });
    const theirs = collect(listener, 'broadcast', { event: 'cursor' });
    await Promise.all([subscribed(sender), subscribed(listener)]);
    expect(await sender.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, text: 'héllo ✓' } })).toBe('ok');
    const [received] = await theirs.next();
    expect(received).toMatchObject({ type: 'broadcast', event: 'cursor', payload: { x: 1, text: 'héllo ✓' } });
    expect((await mine.next())[0]).toMatchObject({ event: 'cursor', payload: { x: 1 } });
  });

  it('does not echo to the sender without self', async () => {
    const sender = client().channel('quiet');
    const listener = client().channel('quiet');
    const mine = collect(sender, 'broadcast', { event: '*' });
    const theirs = collect(listener, 'broadcast', { event: '*' });
    await Promise.all([subscribed(sender), subscribed(listener)]);
    await sender.send({ type: 'broadcast', event: 'a', payload: { n: 1 } });
    await sender.send({ type: 'broadcast', event: 'b', payload: { n: 2 } });
    const got = await theirs.next(2);
    expect(got.map((m) => m.event)).toEqual(['a', 'b']);
    expect(mine.items).toEqual([]);
  });

  it('delivers REST broadcasts: send() before joining, the batch endpoint and httpSend()', async () => {
    const listener = client().channel('news');
    const got = collect(listener, 'broadcast', { event: '*' });
    await subscribed(listener);
    // A channel that never joined sends through POST /api/broadcast.
    const unjoined = client().channel('news');
    expect(await unjoined.send({ type: 'broadcast', event: 'fallback', payload: { via: 'send' } })).toBe('ok');
    await expect(unjoined.httpSend('explicit', { via: 'httpSend' })).resolves.toEqual({ success: true });
    const response = await fetch(`${project.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: project.serviceKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'news', event: 'batch', payload: { via: 'fetch' } }] }),
    });
    expect(response.status).toBe(202);
    const events = await got.next(3);
    expect(events.map((m) => [m.event, m.payload.via]).sort()).toEqual([['batch', 'fetch'], ['explicit', 'httpSend'], ['fallback', 'send']]);
  });

  it('refuses REST broadcasts without a valid key or with a bad body', async () => {
    const post = (headers: Record<string, string>, body: unknown) => fetch(`${project.url}/realtime/v1/api/broadcast`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await post({}, { messages: [{ topic: 't', event: 'e', payload: {} }] })).status).toBe(401);
    expect((await post({ apikey: 'forged.key.here' }, { messages: [{ topic: 't', event: 'e', payload: {} }] })).status).toBe(401);
    const bad = await post({ apikey: project.anonKey }, { messages: 'nope' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).code).toBe('realtime_invalid_broadcast');
  });

  it('delivers realtime.send and realtime.broadcast_changes from the database', async () => {
    const listener = client().channel('from-db');
    const got = collect(listener, 'broadcast', { event: '*' });
    await subscribed(listener);
    await sql(project, `select realtime.send('{"hello": "db"}'::jsonb, 'greeting', 'from-db', false)`);
    const [first] = await got.next();
    expect(first).toMatchObject({ event: 'greeting', payload: { hello: 'db' } });
    expect(first.payload.id).toMatch(/^[0-9a-f-]{36}$/);
    // The SQL editor runs a lone select as a read first: realtime.send makes it run again as a write.
    const editor = await h.api.post(`/api/platform/pg-meta/${project.ref}/query`, { query: `select realtime.send('{"from": "editor"}'::jsonb, 'greeting', 'from-db', false)` });
    expect(editor.status).toBe(200);
    expect((await got.next(2))[1].payload).toMatchObject({ from: 'editor' });
    await sql(project, `
      create table public.notes (id int primary key, body text);
      create function public.notes_broadcast() returns trigger security definer language plpgsql as $$
      begin
        perform realtime.broadcast_changes('from-db', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
        return null;
      end $$;
      create trigger notes_broadcast after insert or update on public.notes for each row execute function public.notes_broadcast();
      create policy "service broadcasts" on realtime.messages for insert to postgres with check (true);
      insert into public.notes values (1, 'first');`);
    // broadcast_changes sends on a private channel by default, so the public channel hears nothing of it...
    const privateListener = client(project.serviceKey).channel('from-db', { config: { private: true } });
    const privateGot = collect(privateListener, 'broadcast', { event: 'UPDATE' });
    await subscribed(privateListener);
    await sql(project, `update public.notes set body = 'second' where id = 1`);
    const [change] = await privateGot.next();
    expect(change.payload).toMatchObject({ operation: 'UPDATE', table: 'notes', schema: 'public', record: { id: 1, body: 'second' }, old_record: { id: 1, body: 'first' } });
    expect(got.items.map((m) => m.event)).toEqual(['greeting', 'greeting']);
  });

  it('keeps topics inside their project', async () => {
    const other = await h.createProject('Other');
    const mine = client().channel('shared-name');
    const elsewhere = realtimeClient(other.url, other.anonKey);
    clients.push(elsewhere);
    const theirs = elsewhere.channel('shared-name');
    const leaked = collect(theirs, 'broadcast', { event: '*' });
    const echo = collect(mine, 'broadcast', { event: '*' });
    const probe = client().channel('shared-name');
    await Promise.all([subscribed(mine), subscribed(theirs), subscribed(probe)]);
    await probe.send({ type: 'broadcast', event: 'secret', payload: { n: 1 } });
    await echo.next();
    // The other project's channel heard nothing, and a key of one project opens no socket on the other.
    expect(leaked.items).toEqual([]);
    const wrongKey = await fetch(`${other.url}/realtime/v1/api/broadcast`, { method: 'POST', headers: { apikey: project.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ topic: 'shared-name', event: 'x', payload: {} }] }) });
    expect(wrongKey.status).toBe(401);
  });
});
