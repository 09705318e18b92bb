/**
 * Presence through supabase-js: sync, join and leave between clients; a socket that drops keeps its
 * presence for a while and a client that comes back with the same key replaces it; and a client whose
 * connection is cut reconnects by itself, rejoins and receives again.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, realtimeClient, startRealtimeHarness, statuses, subscribed, type RealtimeHarness, type TestProject } from './harness.ts';

/** A TCP relay to the platform whose connections the test can cut, as a network failure would. */
async function startCuttableProxy(target: URL): Promise<{ url: string; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cut: () => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    }),
  };
}

describe('realtime presence', () => {
  let h: RealtimeHarness;
  let project: TestProject;
  const clients: ReturnType<typeof realtimeClient>[] = [];
  const client = (url = project.url) => {
    const c = realtimeClient(url, project.anonKey);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    h = await startRealtimeHarness('embedded');
    project = h.project;
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    await h?.stop();
  }, 60_000);

  it('syncs state, joins and leaves between clients', async () => {
    const alice = client().channel('lobby', { config: { presence: { key: 'alice' } } });
    const bob = client().channel('lobby', { config: { presence: { key: 'bob' } } });
    const bobJoins = collect(bob, 'presence', { event: 'join' });
    const bobLeaves = collect(bob, 'presence', { event: 'leave' });
    const aliceJoins = collect(alice, 'presence', { event: 'join' });
    await subscribed(alice);
    expect(await alice.track({ mood: 'happy' })).toBe('ok');
    await subscribed(bob);
    // Bob's first state already holds Alice, who joined before him.
    const [first] = await bobJoins.next(1);
    expect(first).toMatchObject({ key: 'alice', newPresences: [{ mood: 'happy' }] });
    expect(first.newPresences[0].presence_ref).toEqual(expect.any(String));
    await bob.track({ mood: 'curious' });
    const seenByAlice = await aliceJoins.next(2);
    expect(seenByAlice.map((j) => j.key)).toEqual(['alice', 'bob']);
    expect(Object.keys(alice.presenceState()).sort()).toEqual(['alice', 'bob']);
    // A re-track replaces the meta; an untrack leaves.
    await alice.track({ mood: 'busy' });
    await bobJoins.next(3);
    expect(bob.presenceState().alice).toEqual([expect.objectContaining({ mood: 'busy' })]);
    await alice.untrack();
    const leaves = await bobLeaves.next(2);
    expect(leaves.at(-1)).toMatchObject({ key: 'alice', leftPresences: [{ mood: 'busy' }] });
    expect(Object.keys(bob.presenceState())).toEqual(['bob']);
    // Leaving the channel removes the presence at once.
    await alice.track({ mood: 'back' });
    await bobJoins.next(4);
    await alice.unsubscribe();
    await bobLeaves.next(3);
    expect(Object.keys(bob.presenceState())).toEqual(['bob']);
  });

  it('holds a dropped socket\'s presence and lets the same key replace it', async () => {
    const watcher = client().channel('hall', { config: { presence: { key: 'watcher' } } });
    const joins = collect(watcher, 'presence', { event: 'join' });
    const leaves = collect(watcher, 'presence', { event: 'leave' });
    await subscribed(watcher);
    const first = client();
    const carol = first.channel('hall', { config: { presence: { key: 'carol' } } });
    await subscribed(carol);
    await carol.track({ device: 'phone' });
    await joins.next(1);
    // The socket goes away without leaving its channels: carol stays shown (for 30 s)...
    await first.realtime.disconnect();
    const again = client().channel('hall', { config: { presence: { key: 'watcher-2' } } });
    const synced = collect(again, 'presence', { event: 'sync' });
    await subscribed(again);
    await synced.next(1);
    expect(again.presenceState().carol).toEqual([expect.objectContaining({ device: 'phone' })]);
    // ...until carol comes back: her new presence replaces the held one instead of adding a second.
    const back = client().channel('hall', { config: { presence: { key: 'carol' } } });
    await subscribed(back);
    await back.track({ device: 'laptop' });
    const [left] = await leaves.next(1);
    expect(left).toMatchObject({ key: 'carol', leftPresences: [{ device: 'phone' }] });
    await joins.next(2);
    expect(watcher.presenceState().carol).toEqual([expect.objectContaining({ device: 'laptop' })]);
  });

  it('reconnects and rejoins after the connection is cut', async () => {
    const proxy = await startCuttableProxy(new URL(h.platform.url));
    try {
      const url = `${proxy.url}/p/${project.ref}`;
      const listener = client(url).channel('radio');
      const got = collect(listener, 'broadcast', { event: 'song' });
      const states = statuses(listener);
      await states.next('SUBSCRIBED');
      const sender = client().channel('radio');
      await subscribed(sender);
      await sender.send({ type: 'broadcast', event: 'song', payload: { n: 1 } });
      await got.next(1);
      proxy.cut();
      await states.next('CHANNEL_ERROR');
      // realtime-js reconnects by itself (after 1 s) and the channel joins again.
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (states.list.filter((s) => s === 'SUBSCRIBED').length >= 2) {
            clearInterval(timer);
            resolve();
          }
        }, 20);
      });
      await sender.send({ type: 'broadcast', event: 'song', payload: { n: 2 } });
      expect((await got.next(2)).map((m) => m.payload.n)).toEqual([1, 2]);
    } finally {
      await proxy.close();
    }
  });
});
