/**
 * Two platform nodes on one Postgres platform database (the postgres engine), as behind a load
 * balancer: a broadcast, a REST broadcast, a database broadcast and presence made through one node
 * reach clients of the other, through the cluster bus (LISTEN/NOTIFY), big messages included;
 * a plan's connection limit counts both nodes' sockets from the first one over it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startPlatform as startNode, type RunningPlatform } from '../../src/platform.ts';
import { TEST_POSTGRES_URL } from '../support/platform.ts';
import { collect, projectOf, RawSocket, realtimeClient, sql, startRealtimeHarness, subscribed, type RealtimeHarness, type TestProject } from './harness.ts';

describe('realtime across two nodes', () => {
  let h: RealtimeHarness;
  let second: RunningPlatform;
  let project: TestProject;
  let onSecond: TestProject;
  const clients: ReturnType<typeof realtimeClient>[] = [];
  const client = (target: TestProject) => {
    const c = realtimeClient(target.url, target.anonKey);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    h = await startRealtimeHarness('postgres');
    project = h.project;
    const { config } = h.platform.control;
    // The same platform database and data directory (its secret key): a second node of the same platform.
    second = await startNode(loadConfig({
      PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', PLINTH_ENGINE: 'postgres', PLINTH_DATA_DIR: config.dataDir,
      PLINTH_DATABASE_URL: config.databaseUrl, PLINTH_PROJECT_SERVERS: TEST_POSTGRES_URL,
    }));
    onSecond = { ...(await projectOf(h.platform, h.api, project.ref)), url: `${second.url}/p/${project.ref}` };
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    await second?.stop();
    await h?.stop();
  }, 60_000);

  it('relays broadcasts between nodes, both ways, big ones too', async () => {
    const one = client(project).channel('relay');
    const two = client(onSecond).channel('relay');
    const gotOnTwo = collect(two, 'broadcast', { event: '*' });
    const gotOnOne = collect(one, 'broadcast', { event: '*' });
    await Promise.all([subscribed(one), subscribed(two)]);
    await one.send({ type: 'broadcast', event: 'ping', payload: { from: 'one' } });
    expect((await gotOnTwo.next(1))[0]).toMatchObject({ event: 'ping', payload: { from: 'one' } });
    const big = 'z'.repeat(20_000);
    await two.send({ type: 'broadcast', event: 'big', payload: { big } });
    expect((await gotOnOne.next(1))[0].payload.big).toBe(big);
    const rest = await fetch(`${onSecond.url}/realtime/v1/api/broadcast`, {
      method: 'POST', headers: { apikey: project.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'relay', event: 'rest', payload: { via: 'second' } }] }),
    });
    expect(rest.status).toBe(202);
    expect((await gotOnOne.next(2))[1]).toMatchObject({ event: 'rest', payload: { via: 'second' } });
    // A database broadcast is claimed by one node and reaches the other's clients all the same.
    await sql(project, `select realtime.send('{"from": "db"}'::jsonb, 'db', 'relay', false)`);
    expect((await gotOnOne.next(3))[2].event).toBe('db');
    expect((await gotOnTwo.next(3)).map((m) => m.event)).toEqual(['ping', 'rest', 'db']);
  });

  it('converges presence across nodes', async () => {
    const one = client(project).channel('floor', { config: { presence: { key: 'one' } } });
    const two = client(onSecond).channel('floor', { config: { presence: { key: 'two' } } });
    const joinsOnTwo = collect(two, 'presence', { event: 'join' });
    const leavesOnTwo = collect(two, 'presence', { event: 'leave' });
    const joinsOnOne = collect(one, 'presence', { event: 'join' });
    await Promise.all([subscribed(one), subscribed(two)]);
    await one.track({ node: 1 });
    expect((await joinsOnTwo.next(1))[0]).toMatchObject({ key: 'one', newPresences: [{ node: 1 }] });
    await two.track({ node: 2 });
    await joinsOnOne.next(2);
    expect(Object.keys(one.presenceState()).sort()).toEqual(['one', 'two']);
    // A client joining later on the second node gets the first node's presences in its state.
    const late = client(onSecond).channel('floor', { config: { presence: { key: 'late' } } });
    const synced = collect(late, 'presence', { event: 'sync' });
    await subscribed(late);
    await synced.next(1);
    expect(Object.keys(late.presenceState()).sort()).toEqual(['one', 'two']);
    await one.untrack();
    expect((await leavesOnTwo.next(1))[0]).toMatchObject({ key: 'one', leftPresences: [{ node: 1 }] });
  });

  it("refuses joins on a socket over the plan's connections at once, whichever node holds the others", async () => {
    const free = await h.createProject('Crowd', 'free');
    const freeOnSecond = { ...free, url: `${second.url}/p/${free.ref}` };
    // Free allows 200: 100 on each node, opened together, then the 201st on the second node.
    const sockets = await Promise.all(Array.from({ length: 200 }, (_, i) => RawSocket.open(i % 2 ? freeOnSecond : free, { apikey: free.anonKey })));
    try {
      const extra = await RawSocket.open(freeOnSecond, { apikey: free.anonKey });
      sockets.push(extra);
      expect((await extra.call('realtime:crowd', 'phx_join', { config: {} })).response.reason).toBe('ConnectionRateLimitReached: Too many connected users');
      expect((await sockets[1].call('realtime:crowd', 'phx_join', { config: {} })).status).toBe('ok');
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
