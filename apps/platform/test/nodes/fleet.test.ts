/**
 * Two platform nodes (child processes on the postgres engine, one platform database, files on an S3
 * server) behind a round-robin proxy, as behind a load balancer (support/nodes.ts). supabase-js
 * works through the proxy while consecutive requests land on different nodes; a node killed with
 * kill -9 in the middle of provisioning leaves the project to the other node; a node told SIGTERM
 * reports itself unready at once, stops accepting, and finishes the request it was serving.
 */
import net from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import { startNodes, type NodeFleet } from '../support/nodes.ts';
import { TEST_POSTGRES_URL } from '../support/platform.ts';
import { collect, subscribed } from '../realtime/harness.ts';

/** The advisory lock project creation takes on a project server (engines/postgres/postgres-engine.ts). */
const CLUSTER_ROLES_LOCK_KEY = 7_151_331;
/** How long a node told SIGTERM keeps answering (unready) before it stops accepting. */
const SHUTDOWN_DELAY_S = 3;

type ClientOptions = NonNullable<Parameters<typeof createClient>[2]>;
const client = (url: string, key: string): SupabaseClient =>
  createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as NonNullable<ClientOptions['realtime']>['transport'] },
  });

const ECHO_NODE = `Deno.serve(async (req) => new Response(JSON.stringify({ got: await req.json() }), { headers: { 'content-type': 'application/json' } }));`;

describe('two nodes behind a round-robin proxy', () => {
  let fleet: NodeFleet;
  let api: ApiClient;
  let platformDb: pg.Client;

  const createProject = async (on: ApiClient, name: string) => {
    const slug = (await on.post('/api/organizations', { name: `${name} Co`, plan: 'free' })).body.slug as string;
    const created = await on.post('/api/projects', { name, organization_slug: slug, db_pass: 'a-long-db-password' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.ref as string;
  };
  const keysOf = async (ref: string) => {
    const settings = (await api.get(`/api/props/project/${ref}/settings`)).body;
    return { anon: settings.autoApiService.defaultApiKey as string, service: settings.autoApiService.serviceApiKey as string };
  };
  const provisionJob = async (ref: string) =>
    (await platformDb.query<{ state: string; retry_count: number }>(
      "select state, retry_count from pgboss.job where name = 'project-provision' and data->>'ref' = $1", [ref],
    )).rows[0];

  beforeAll(async () => {
    // A long grace period, so a stop that waited for it (rather than for the request) would show.
    fleet = await startNodes({ count: 2, s3: true, env: { PLINTH_SHUTDOWN_DELAY_S: String(SHUTDOWN_DELAY_S), PLINTH_SHUTDOWN_GRACE_S: '60' } });
    platformDb = new pg.Client({ connectionString: fleet.platformDatabaseUrl });
    await platformDb.connect();
    ({ api } = await signUp(fleet.url));
  }, 120_000);

  afterAll(async () => {
    await platformDb?.end();
    await fleet?.stop();
  }, 60_000);

  it('serves auth, REST, storage, realtime and functions through the proxy, from both nodes', { timeout: 120_000 }, async () => {
    // Consecutive requests alternate between the nodes, and a dashboard session from one holds on the other.
    const nodes = await Promise.all([0, 1].map(async () => (await fetch(`${fleet.url}/api/profile`, { headers: { authorization: `Bearer ${api.token}` } }))));
    expect(nodes.map((r) => r.status)).toEqual([200, 200]);
    expect(nodes.map((r) => r.headers.get('x-fleet-node')).sort()).toEqual(['0', '1']);

    const ref = await createProject(api, 'Fleet');
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    const keys = await keysOf(ref);
    const url = `${fleet.url}/p/${ref}`;
    const made = await api.post(`/api/platform/pg-meta/${ref}/query`, {
      query: `create table public.notes (id serial primary key, owner uuid not null default auth.uid(), body text not null);
              alter table public.notes enable row level security;
              create policy own on public.notes for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());`,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);

    // Auth: signed up on one node, signed in on the next; each node accepts the other's tokens.
    const alice = client(url, keys.anon);
    const email = uniqueEmail('alice');
    expect((await alice.auth.signUp({ email, password: 'correct-horse-battery' })).error).toBeNull();
    const signedIn = await alice.auth.signInWithPassword({ email, password: 'correct-horse-battery' });
    expect(signedIn.error).toBeNull();
    for (const body of ['one', 'two', 'three']) expect((await alice.from('notes').insert({ body })).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const read = await alice.from('notes').select('body, owner').order('id');
      expect(read.data).toEqual(['one', 'two', 'three'].map((body) => ({ body, owner: signedIn.data.user!.id })));
    }
    expect((await client(url, keys.anon).from('notes').select('body')).data).toEqual([]);

    // Storage on S3: uploaded through one node, read through both.
    const admin = client(url, keys.service);
    expect((await admin.storage.createBucket('docs')).error).toBeNull();
    const text = 'shared by every node '.repeat(1000);
    expect((await admin.storage.from('docs').upload('plan.txt', new Blob([text], { type: 'text/plain' }))).error).toBeNull();
    for (let i = 0; i < 2; i++) {
      const { data, error } = await admin.storage.from('docs').download('plan.txt');
      expect(error).toBeNull();
      expect(await data!.text()).toBe(text);
    }

    // Realtime: two clients whose websockets land on different nodes hear each other.
    const before = fleet.upgrades.length;
    const one = client(url, keys.anon).channel('room');
    const heardOnOne = collect(one, 'broadcast', { event: '*' });
    await subscribed(one);
    const two = client(url, keys.anon).channel('room');
    const heardOnTwo = collect(two, 'broadcast', { event: '*' });
    await subscribed(two);
    expect(new Set(fleet.upgrades.slice(before)).size).toBe(2);
    await one.send({ type: 'broadcast', event: 'hello', payload: { from: 'one' } });
    expect((await heardOnTwo.next(1))[0]).toMatchObject({ event: 'hello', payload: { from: 'one' } });
    await two.send({ type: 'broadcast', event: 'hello', payload: { from: 'two' } });
    expect((await heardOnOne.next(1))[0]).toMatchObject({ event: 'hello', payload: { from: 'two' } });
    await Promise.all([one.unsubscribe(), two.unsubscribe()]);

    // Functions: deployed through one node, invoked on both (the code comes from the object store).
    const form = new FormData();
    form.append('metadata', JSON.stringify({ entrypoint_path: 'supabase/functions/echo/index.ts', name: 'echo', verify_jwt: false }));
    form.append('file', new Blob([ECHO_NODE]), 'supabase/functions/echo/index.ts');
    const deployed = await fetch(`${fleet.url}/api/v1/projects/${ref}/functions/deploy?slug=echo`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
    expect(deployed.status, await deployed.clone().text()).toBe(201);
    for (let i = 0; i < 2; i++) {
      const { data, error } = await admin.functions.invoke('echo', { body: { i } });
      expect(error).toBeNull();
      expect(data).toEqual({ got: { i } });
    }
  });

  it('SIGTERM: ready turns 503 at once, new connections are refused, the request in flight finishes', { timeout: 90_000 }, async () => {
    const ref = (await platformDb.query<{ ref: string }>('select ref from projects limit 1')).rows[0].ref;
    const nodeUrl = fleet.nodeUrls[1];
    expect((await fetch(`${nodeUrl}/api/health/ready`)).status).toBe(200);
    expect(await (await fetch(`${nodeUrl}/api/health/live`)).json()).toEqual({ status: 'ok' });

    const onNode = new ApiClient(nodeUrl, api.token);
    let isSlowSettled = false;
    const slow = onNode.post(`/api/platform/pg-meta/${ref}/query`, { query: "select 'finished' as outcome from pg_sleep(6)" }).finally(() => { isSlowSettled = true; });
    const server = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await server.connect();
    try {
      // In flight: its statement is running in the project's database.
      for (;;) {
        const { rows } = await server.query("select 1 from pg_stat_activity where datname = $1 and wait_event = 'PgSleep'", [`project_${ref}`]);
        if (rows.length > 0) break;
        if (isSlowSettled) throw new Error(`the slow request ended before it was seen running: ${JSON.stringify(await slow)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await server.end();
    }
    fleet.setInRotation(1, false);
    const exited = fleet.node(1).stop('SIGTERM');
    let ready: Response;
    do ready = await fetch(`${nodeUrl}/api/health/ready`);
    while (ready.status === 200);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', shuttingDown: true });
    expect((await fetch(`${nodeUrl}/api/health/live`)).status).toBe(200);

    // After the delay it stops accepting connections, while the slow request is still served.
    const { port } = new URL(nodeUrl);
    for (;;) {
      const refused = await new Promise<boolean>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1');
        socket.once('connect', () => { socket.destroy(); resolve(false); });
        socket.once('error', () => resolve(true));
      });
      if (refused) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = await slow;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual([{ outcome: 'finished' }]);
    const answeredAt = Date.now();
    expect(await exited).toEqual({ code: 0, signal: null });
    // It stopped once that request was answered (jobs handed back), not at the end of the grace period.
    expect(Date.now() - answeredAt).toBeLessThan(20_000);
    // The other node serves on: the proxy sends everything there.
    expect((await fetch(`${fleet.url}/api/health/ready`)).status).toBe(200);
    await fleet.kill(1, { restart: true });
  });

  it('kill -9 in the middle of provisioning: the other node finishes the project', { timeout: 150_000 }, async () => {
    const onFirst = new ApiClient(fleet.nodeUrls[0], api.token);
    // Provisioning waits on this lock, so node 0 is surely in the middle of it when it dies.
    const locker = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await locker.connect();
    let ref = '';
    try {
      await locker.query('select pg_advisory_lock($1)', [CLUSTER_ROLES_LOCK_KEY]);
      ref = await createProject(onFirst, 'Orphan');
      for (;;) {
        if ((await provisionJob(ref))?.state === 'active') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await onFirst.get(`/api/projects/${ref}/status`)).body.status).toBe('COMING_UP');
      await fleet.kill(0);
    } finally {
      await locker.end();
    }
    // Through the proxy, which now only knows node 1: its queue retries the job once the lease lapses.
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY', 120_000);
    expect(await provisionJob(ref)).toEqual({ state: 'completed', retry_count: 1 });
    const keys = await keysOf(ref);
    const rest = await fetch(`${fleet.url}/p/${ref}/rest/v1/`, { headers: { apikey: keys.service, authorization: `Bearer ${keys.service}` } });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('x-fleet-node')).toBe('1');
  });
});
