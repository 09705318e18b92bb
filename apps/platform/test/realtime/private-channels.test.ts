/**
 * Private channels authorised by RLS policies on realtime.messages (SELECT to receive, INSERT to
 * send, realtime.topic() naming the channel), the project's "allow public channels" setting, and
 * the channel's token: refreshed on an open socket, and closing the channel when it expires.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDirectoryFor } from '../../src/data-plane/gateway/index.ts';
import { collect, realtimeClient, sql, startRealtimeHarness, statuses, subscribed, userToken, type RealtimeHarness, type TestProject } from './harness.ts';

describe('realtime private channels', () => {
  let h: RealtimeHarness;
  let project: TestProject;
  const clients: ReturnType<typeof realtimeClient>[] = [];
  /** A client acting as a user (their token, as a signed-in app's client passes it), or anon. */
  const client = async (token?: string) => {
    const holder = { token: token ?? project.anonKey };
    const c = realtimeClient(project.url, project.anonKey, { accessToken: async () => holder.token });
    clients.push(c);
    Object.defineProperty(c, 'useToken', { value: async (next: string) => { holder.token = next; await c.realtime.setAuth(); } });
    return c as typeof c & { useToken(next: string): Promise<void> };
  };
  const teamMember = (sub = crypto.randomUUID()) => userToken(project, { sub, user_metadata: { team: 'blue' } });

  beforeAll(async () => {
    h = await startRealtimeHarness('embedded');
    project = h.project;
    await sql(project, `
      create policy "team reads its room" on realtime.messages for select to authenticated
        using (realtime.topic() = 'team-blue' and (auth.jwt() -> 'user_metadata' ->> 'team') = 'blue');
      create policy "team writes its room" on realtime.messages for insert to authenticated
        with check (realtime.topic() = 'team-blue' and extension = 'broadcast' and (auth.jwt() -> 'user_metadata' ->> 'team') = 'blue');
      create policy "anyone reads the notice board" on realtime.messages for select to anon, authenticated
        using (realtime.topic() = 'notices');`);
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    await h?.stop();
  }, 60_000);

  it('lets a user whose policies allow it join, send and receive', async () => {
    const a = (await client(await teamMember())).channel('team-blue', { config: { private: true, broadcast: { ack: true } } });
    const b = (await client(await teamMember())).channel('team-blue', { config: { private: true } });
    const got = collect(b, 'broadcast', { event: 'plan' });
    await Promise.all([subscribed(a), subscribed(b)]);
    expect(await a.send({ type: 'broadcast', event: 'plan', payload: { step: 1 } })).toBe('ok');
    expect((await got.next(1))[0].payload).toEqual({ step: 1 });
  });

  it('refuses joins the SELECT policy does not allow', async () => {
    const outsider = (await client(await userToken(project, { user_metadata: { team: 'red' } }))).channel('team-blue', { config: { private: true } });
    await expect(subscribed(outsider)).rejects.toThrow('CHANNEL_ERROR: Unauthorized: You do not have permissions to read from this Channel topic: team-blue');
    const anon = (await client()).channel('team-blue', { config: { private: true } });
    await expect(subscribed(anon)).rejects.toThrow(/Unauthorized/);
  });

  it('refuses sends the INSERT policy does not allow', async () => {
    const reader = (await client()).channel('notices', { config: { private: true, broadcast: { ack: true } } });
    await subscribed(reader);
    expect(await reader.send({ type: 'broadcast', event: 'graffiti', payload: {} })).toBe('error');
    // A REST broadcast the policy refuses is skipped; the service role's goes through.
    const got = collect(reader, 'broadcast', { event: '*' });
    const post = (key: string, event: string) => fetch(`${project.url}/realtime/v1/api/broadcast`, {
      method: 'POST', headers: { apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'notices', event, payload: {}, private: true }] }),
    });
    expect((await post(project.anonKey, 'refused')).status).toBe(202);
    expect((await post(project.serviceKey, 'official')).status).toBe(202);
    expect((await got.next(1)).map((m) => m.event)).toEqual(['official']);
  });

  it('applies a refreshed token on the open socket, and closes the channel when a token expires', async () => {
    const user = crypto.randomUUID();
    const c = await client(await teamMember(user));
    const channel = c.channel('team-blue', { config: { private: true, broadcast: { ack: true } } });
    const states = statuses(channel);
    await states.next('SUBSCRIBED');
    // A new token for the same user (as a session refresh gives) keeps the channel working.
    await c.useToken(await userToken(project, { sub: user, user_metadata: { team: 'blue' } }, 2));
    expect(await channel.send({ type: 'broadcast', event: 'still-here', payload: {} })).toBe('ok');
    const system = collect(channel, 'system', {});
    // That token lives two seconds: then the server closes the channel, which does not rejoin.
    await states.next('CLOSED');
    expect(system.items.at(-1)).toMatchObject({ extension: 'system', status: 'error', message: expect.stringMatching(/^Token has expired \d+ seconds ago$/) });
    expect(states.list).toEqual(['SUBSCRIBED', 'CLOSED']);
  });

  it('refuses public channels when the project allows only private ones', async () => {
    await h.platform.control.db.query(`update projects set realtime_config = '{"private_only": true}' where ref = $1`, [project.ref]);
    projectDirectoryFor(h.platform.control).invalidate(project.ref);
    try {
      const open = (await client()).channel('open-room');
      await expect(subscribed(open)).rejects.toThrow('CHANNEL_ERROR: PrivateOnly: This project only allows private channels');
      const board = (await client()).channel('notices', { config: { private: true } });
      await subscribed(board);
    } finally {
      await h.platform.control.db.query(`update projects set realtime_config = '{}' where ref = $1`, [project.ref]);
      projectDirectoryFor(h.platform.control).invalidate(project.ref);
    }
  });
});
