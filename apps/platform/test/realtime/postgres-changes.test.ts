/**
 * Postgres changes through supabase-js on each engine: INSERT / UPDATE / DELETE of published tables
 * with every filter, old_record by replica identity, RLS per subscriber (two users see only their
 * own rows), commit order with nothing of a rolled-back transaction, a refreshed and an expired
 * token, and the refusals of a table outside the publication or a bad filter.
 */
import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, realtimeClient, sql, startRealtimeHarness, subscribed, userToken, type RealtimeHarness, type TestProject } from './harness.ts';

type Change = RealtimePostgresChangesPayload<Record<string, any>>;

/** Registers a postgres_changes binding (before subscribing) and collects what it receives. */
function changes(channel: RealtimeChannel, filter: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; schema: string; table?: string; filter?: string }) {
  const items: Change[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  channel.on('postgres_changes' as never, filter as never, (payload: Change) => {
    items.push(payload);
    for (const w of waiting.filter((w) => items.length >= w.count)) w.resolve();
  });
  return {
    items,
    next: (count = items.length + 1) => new Promise<Change[]>((resolve) => {
      if (items.length >= count) return resolve(items);
      waiting.push({ count, resolve: () => resolve(items) });
    }),
  };
}

describe.each(['embedded', 'local'] as const)('realtime Postgres changes on %s', (engine) => {
  let h: RealtimeHarness;
  let project: TestProject;
  const clients: ReturnType<typeof realtimeClient>[] = [];
  const client = (key = project.serviceKey) => {
    const c = realtimeClient(project.url, key);
    clients.push(c);
    return c;
  };
  let channelCount = 0;
  const channel = (key?: string) => client(key).channel(`changes-${channelCount++}`);

  beforeAll(async () => {
    h = await startRealtimeHarness(engine);
    project = h.project;
    await sql(project, `
      create table public.todos (id bigint generated always as identity primary key, task text not null, done boolean not null default false, owner uuid, priority int not null default 0);
      create table public.notes (id int primary key, body text);
      create table public.secret (id int primary key, body text);
      alter table public.notes replica identity full;
      alter table public.todos enable row level security;
      create policy "own todos" on public.todos for select to authenticated using (owner = auth.uid());
      grant select on public.todos, public.notes to anon, authenticated;
      alter publication supabase_realtime add table public.todos, public.notes;
    `);
  }, 180_000);

  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    await h?.stop();
  }, 60_000);

  it('delivers INSERT, UPDATE and DELETE with the join reply listing the bindings, in commit order', async () => {
    const ch = channel();
    const all = changes(ch, { event: '*', schema: 'public', table: 'notes' });
    const inserts = changes(ch, { event: 'INSERT', schema: 'public', table: 'notes' });
    await subscribed(ch);
    await sql(project, `insert into public.notes values (1, 'one'), (2, 'two')`);
    await sql(project, `begin; update public.notes set body = 'uno' where id = 1; delete from public.notes where id = 2; commit;`);
    await sql(project, `begin; insert into public.notes values (99, 'never'); rollback;`);
    await sql(project, `insert into public.notes values (3, 'three')`);
    const got = await all.next(5);
    expect(got.map((c) => [c.eventType, (c.new as { id?: number }).id ?? (c.old as { id?: number }).id])).toEqual([
      ['INSERT', 1], ['INSERT', 2], ['UPDATE', 1], ['DELETE', 2], ['INSERT', 3],
    ]);
    expect(got[2]).toMatchObject({ schema: 'public', table: 'notes', new: { id: 1, body: 'uno' }, old: { id: 1, body: 'one' } });
    // REPLICA IDENTITY FULL: the deleted row whole.
    expect(got[3].old).toEqual({ id: 2, body: 'two' });
    expect(typeof got[0].commit_timestamp).toBe('string');
    expect((await inserts.next(3)).map((c) => (c.new as { id: number }).id)).toEqual([1, 2, 3]);
  });

  it('delivers a change larger than a notification carries (8000 bytes)', async () => {
    const ch = channel();
    const seen = changes(ch, { event: 'INSERT', schema: 'public', table: 'notes' });
    await subscribed(ch);
    await sql(project, `insert into public.notes values (500, repeat('x', 20000))`);
    const [change] = await seen.next(1);
    expect((change.new as { body: string }).body).toHaveLength(20000);
  });

  it('applies each filter: eq, neq, lt, lte, gt, gte, in', async () => {
    const ch = channel();
    const cases = {
      eq: changes(ch, { event: 'INSERT', schema: 'public', table: 'todos', filter: 'priority=eq.2' }),
      neq: changes(ch, { event: 'INSERT', schema: 'public', table: 'todos', filter: 'priority=neq.2' }),
      lt: changes(ch, { event: 'INSERT', schema: 'public', table: 'todos', filter: 'priority=lt.2' }),
      lte: changes(ch, { event: 'INSERT', schema: 'public', table: 'todos', filter: 'priority=lte.2' }),
      gt: changes(ch, { event: 'INSERT', schema: 'public', table: 'todos', filter: 'priority=gt.2' }),
      gte: changes(ch, { event: 'INSERT', schema: 'public', table: 'todos', filter: 'priority=gte.2' }),
      in: changes(ch, { event: 'INSERT', schema: 'public', table: 'todos', filter: 'task=in.(b,"c")' }),
    };
    const all = changes(ch, { event: 'INSERT', schema: 'public', table: 'todos' });
    await subscribed(ch);
    await sql(project, `insert into public.todos (task, priority) values ('a', 1), ('b', 2), ('c', 3)`);
    await all.next(3);
    // Changes reach every binding of a channel in one pass: by now each has what it will get.
    const tasks = (items: Change[]) => items.map((c) => (c.new as { task: string }).task);
    expect(tasks(cases.eq.items)).toEqual(['b']);
    expect(tasks(cases.neq.items)).toEqual(['a', 'c']);
    expect(tasks(cases.lt.items)).toEqual(['a']);
    expect(tasks(cases.lte.items)).toEqual(['a', 'b']);
    expect(tasks(cases.gt.items)).toEqual(['c']);
    expect(tasks(cases.gte.items)).toEqual(['b', 'c']);
    expect(tasks(cases.in.items)).toEqual(['b', 'c']);
  });

  it('lets RLS decide per subscriber: each user sees only their own rows', async () => {
    const alice = '11111111-1111-4111-8111-111111111111';
    const bob = '22222222-2222-4222-8222-222222222222';
    const as = async (sub: string) => {
      const c = client(project.anonKey);
      await c.realtime.setAuth(await userToken(project, { sub }));
      return c.channel(`rls-${sub}`);
    };
    const asAlice = await as(alice);
    const asBob = await as(bob);
    const asAnon = channel(project.anonKey);
    const aliceSees = changes(asAlice, { event: '*', schema: 'public', table: 'todos' });
    const bobSees = changes(asBob, { event: '*', schema: 'public', table: 'todos' });
    const anonSees = changes(asAnon, { event: '*', schema: 'public', table: 'todos' });
    await Promise.all([subscribed(asAlice), subscribed(asBob), subscribed(asAnon)]);
    await sql(project, `insert into public.todos (task, owner) values ('alice 1', '${alice}'), ('bob 1', '${bob}'), ('alice 2', '${alice}')`);
    await sql(project, `update public.todos set done = true where task = 'bob 1'`);
    const seenByAlice = await aliceSees.next(2);
    const seenByBob = await bobSees.next(2);
    expect(seenByAlice.map((c) => (c.new as { task: string }).task)).toEqual(['alice 1', 'alice 2']);
    expect(seenByBob.map((c) => [c.eventType, (c.new as { task: string }).task])).toEqual([['INSERT', 'bob 1'], ['UPDATE', 'bob 1']]);
    // A later change to Alice's rows still reaches her, so nothing for Bob was merely late.
    await sql(project, `update public.todos set done = true where task = 'alice 2'`);
    await aliceSees.next(3);
    expect(bobSees.items).toHaveLength(2);
    expect(anonSees.items).toEqual([]);
  });

  it('uses a refreshed token on an open channel, and stops delivering once the token expired', async () => {
    const carol = '33333333-3333-4333-8333-333333333333';
    const c = client(project.anonKey);
    await c.realtime.setAuth(await userToken(project, { sub: '44444444-4444-4444-8444-444444444444' }));
    const ch = c.channel('refresh');
    const seen = changes(ch, { event: 'INSERT', schema: 'public', table: 'todos' });
    await subscribed(ch);
    await sql(project, `insert into public.todos (task, owner) values ('carol before', '${carol}')`);
    const expiresAt = Date.now() + 5000;
    await c.realtime.setAuth(await userToken(project, { sub: carol }, 5));
    // The new token travels as an access_token message with no reply: insert until one arrives.
    const firstAfter = seen.next(1);
    let n = 0;
    const poll = setInterval(() => void sql(project, `insert into public.todos (task, owner) values ('carol after ${n++}', '${carol}')`), 100);
    await firstAfter.finally(() => clearInterval(poll));
    expect(seen.items.every((x) => (x.new as { task: string }).task.startsWith('carol after'))).toBe(true);
    // The token's own expiry is what the test waits for.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 300));
    const deliveredBefore = seen.items.length;
    await sql(project, `insert into public.todos (task, owner) values ('carol expired', '${carol}')`);
    // A service-role subscriber's delivery of a later row shows the expired one had its chance.
    const watcher = channel();
    const watched = changes(watcher, { event: 'INSERT', schema: 'public', table: 'todos' });
    await subscribed(watcher);
    await sql(project, `insert into public.todos (task) values ('marker')`);
    await watched.next(1);
    expect(seen.items.slice(deliveredBefore)).toEqual([]);
  });

  it('refuses a table outside the publication and a bad filter with the system message realtime-js reports', async () => {
    for (const binding of [{ table: 'secret' }, { table: 'todos', filter: 'priority=like.1' }]) {
      const ch = channel();
      ch.on('postgres_changes' as never, { event: '*', schema: 'public', ...binding } as never, () => undefined);
      const system = collect<{ extension: string; status: string; message: string }>(ch, 'system', {});
      // As Supabase does: the channel joins (broadcast and presence still work); the system message tells.
      await subscribed(ch);
      const [message] = await system.next();
      expect(message).toMatchObject({ extension: 'postgres_changes', status: 'error' });
      expect(message.message).toMatch(/Unable to subscribe to changes with given parameters/);
    }
  });

  it('follows a table added to the publication after the feed started (schema-wide binding)', async () => {
    const ch = channel();
    const seen = changes(ch, { event: 'INSERT', schema: 'public' });
    await subscribed(ch);
    await sql(project, `create table public.late (id int primary key, label text); alter publication supabase_realtime add table public.late;`);
    await sql(project, `insert into public.late values (1, 'late')`);
    const got = await seen.next(1);
    expect(got[0]).toMatchObject({ table: 'late', new: { id: 1, label: 'late' } });
  });
});
