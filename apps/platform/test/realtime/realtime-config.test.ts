/**
 * The realtime settings members change (private_only, through the studio's and the Management
 * API's `config/realtime`) as a client feels them, and the inspector's token: a short-lived JWT
 * that listens as the chosen user, RLS included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeClient, sql, startRealtimeHarness, statuses, subscribed, type RealtimeHarness, type TestProject } from './harness.ts';

describe('realtime settings and the inspector token (embedded engine)', () => {
  let h: RealtimeHarness;
  let project: TestProject;
  const clients: ReturnType<typeof realtimeClient>[] = [];

  beforeAll(async () => {
    h = await startRealtimeHarness('embedded');
    project = h.project;
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    await h?.stop();
  }, 60_000);

  it('reads the plan limits and refuses public channels while private_only is on', async () => {
    const read = await h.api.get(`/api/platform/projects/${project.ref}/config/realtime`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ private_only: false, max_concurrent_users: 500, max_messages_per_month: 5_000_000, max_payload_size_in_kb: 3072 });

    const on = await h.api.patch(`/api/v1/projects/${project.ref}/config/realtime`, { private_only: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.private_only).toBe(true);
    const client = realtimeClient(project.url, project.anonKey);
    clients.push(client);
    const refused = client.channel('public-room');
    const seen = statuses(refused);
    await seen.next('CHANNEL_ERROR');
    expect(seen.errors.join(' ')).toMatch(/PrivateOnly/);
    await client.removeAllChannels();

    expect((await h.api.patch(`/api/platform/projects/${project.ref}/config/realtime`, { private_only: false })).status).toBe(200);
    await subscribed(client.channel('public-room-again'));
    expect((await h.api.patch(`/api/platform/projects/${project.ref}/config/realtime`, { private_only: 'yes' })).status).toBe(400);
  });

  it('mints an inspector token that listens as the chosen user, with RLS applied', async () => {
    await sql(project, `
      create table public.inbox (id int primary key, owner uuid not null, body text);
      alter table public.inbox enable row level security;
      create policy "own messages" on public.inbox for select to authenticated using (owner = auth.uid());
      grant select on public.inbox to authenticated;
      alter publication supabase_realtime add table public.inbox;
    `);
    const dana = '55555555-5555-4555-8555-555555555555';
    const minted = await h.api.post(`/api/platform/projects/${project.ref}/realtime/inspector-token`, { role: 'authenticated', user_id: dana });
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    expect(minted.body).toMatchObject({ apikey: project.anonKey, api_url: project.url });
    expect((await h.api.post(`/api/platform/projects/${project.ref}/realtime/inspector-token`, { role: 'postgres' })).status).toBe(400);

    const inspector = realtimeClient(minted.body.api_url, minted.body.apikey);
    clients.push(inspector);
    await inspector.realtime.setAuth(minted.body.access_token);
    const rows: number[] = [];
    let arrived = () => {};
    const secondArrived = new Promise<void>((resolve) => { arrived = resolve; });
    const channel = inspector.channel('inspect')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'inbox' }, (change) => {
        rows.push((change.new as { id: number }).id);
        if (rows.length === 2) arrived();
      });
    await subscribed(channel);
    await sql(project, `insert into public.inbox values (1, '${dana}', 'hers'), (2, gen_random_uuid(), 'not hers'), (3, '${dana}', 'hers too')`);
    await secondArrived;
    expect(rows).toEqual([1, 3]);
  });
});
