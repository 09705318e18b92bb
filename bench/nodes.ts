// One node vs two nodes behind a round-robin proxy (apps/platform/test/support/nodes.ts), on this
// machine: REST reads and storage downloads per second (closed-loop keep-alive load from a worker
// thread), the platform-database round trips each request costs (transactions counted by Postgres
// in pg_stat_database, less the same idle window's background work: job polling, leases), and the
// cost of the one cross-node path on a request's way, a realtime broadcast relayed through the
// cluster bus (LISTEN/NOTIFY), against the same broadcast between two clients of one node.
import { createClient, type RealtimeChannel } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { signUp, waitForStatus } from '../apps/platform/test/support/client.ts';
import { startNodes, type NodeFleet } from '../apps/platform/test/support/nodes.ts';
import { loadFromWorker } from './support/http-load.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const SECONDS = Number(process.env.SECONDS ?? 8);
const BROADCASTS = Number(process.env.BROADCASTS ?? 100);
/** Idle backends report their counts to the statistics at most every 10 s (PGSTAT_IDLE_INTERVAL). */
const STATS_SETTLE_MS = 11_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Setup { ref: string; serviceKey: string; anonKey: string }

async function setUp(fleet: NodeFleet): Promise<Setup> {
  const { api } = await signUp(fleet.url);
  const slug = (await api.post('/api/organizations', { name: 'Bench Co', plan: 'free' })).body.slug as string;
  const ref = (await api.post('/api/projects', { name: 'bench', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref as string;
  await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
  const settings = (await api.get(`/api/props/project/${ref}/settings`)).body;
  const made = await api.post(`/api/platform/pg-meta/${ref}/query`, {
    query: `create table public.items (id int primary key, name text not null, price numeric not null);
            insert into public.items select g, 'item ' || g, g * 1.5 from generate_series(1, 1000) g;`,
  });
  if (made.status !== 200) throw new Error(`table: ${JSON.stringify(made.body)}`);
  const serviceKey = settings.autoApiService.serviceApiKey as string;
  const headers = { apikey: serviceKey, authorization: `Bearer ${serviceKey}` };
  const url = `${fleet.url}/p/${ref}`;
  const bucket = await fetch(`${url}/storage/v1/bucket`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ id: 'bench', name: 'bench' }) });
  if (bucket.status !== 200) throw new Error(`bucket: ${await bucket.text()}`);
  const upload = await fetch(`${url}/storage/v1/object/bench/blob.bin`, { method: 'POST', headers: { ...headers, 'content-type': 'application/octet-stream' }, body: new Uint8Array(64 * 1024).fill(7) });
  if (upload.status !== 200) throw new Error(`upload: ${await upload.text()}`);
  return { ref, serviceKey, anonKey: settings.autoApiService.defaultApiKey as string };
}

/** Transactions the platform database has counted so far (every autocommit statement is one). */
async function platformTransactions(fleet: NodeFleet): Promise<number> {
  const client = new pg.Client({ connectionString: fleet.platformDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()');
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

/** Requests/s of `urls` through `base`, and platform-database transactions per request beyond `idlePerMs`. */
async function measure(fleet: NodeFleet, urls: string[], headers: Record<string, string>, idlePerMs: number): Promise<{ rate: number; roundTrips: number }> {
  await loadFromWorker({ urls, headers, connections: CONNECTIONS, ms: 1500 }); // warm caches and connections
  await sleep(STATS_SETTLE_MS);
  const before = await platformTransactions(fleet);
  const started = Date.now();
  const done = await loadFromWorker({ urls, headers, connections: CONNECTIONS, ms: SECONDS * 1000 });
  await sleep(STATS_SETTLE_MS);
  const elapsed = Date.now() - started;
  const counted = (await platformTransactions(fleet)) - before - idlePerMs * elapsed;
  return { rate: done / SECONDS, roundTrips: counted / done };
}

/** The platform database's background transactions per ms with no requests (job polling, leases, the bench's own counting). */
async function idleRate(fleet: NodeFleet): Promise<number> {
  await sleep(STATS_SETTLE_MS);
  const before = await platformTransactions(fleet);
  const started = Date.now();
  await sleep(SECONDS * 1000 + STATS_SETTLE_MS);
  return ((await platformTransactions(fleet)) - before) / (Date.now() - started);
}

function client(url: string, key: string) {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'] },
  });
}

function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => channel.subscribe((status) => (status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(new Error(status)))));
}

/** Median and p95 ms from a broadcast sent on `from` to its arrival on `to`, one at a time. */
async function broadcastLatency(from: string, to: string, setup: Setup, topic: string): Promise<{ median: number; p95: number }> {
  const sender = client(`${from}/p/${setup.ref}`, setup.anonKey).channel(topic);
  const receiverClient = client(`${to}/p/${setup.ref}`, setup.anonKey);
  const receiver = receiverClient.channel(topic);
  let arrived: (() => void) | undefined;
  receiver.on('broadcast', { event: 'ping' }, () => arrived?.());
  await Promise.all([subscribed(sender), subscribed(receiver)]);
  const times: number[] = [];
  for (let i = 0; i < BROADCASTS + 10; i++) {
    const got = new Promise<void>((resolve) => { arrived = resolve; });
    const sentAt = performance.now();
    await sender.send({ type: 'broadcast', event: 'ping', payload: { i } });
    await got;
    if (i >= 10) times.push(performance.now() - sentAt);
  }
  await sender.unsubscribe();
  await receiver.unsubscribe();
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
}

const rows: string[] = [];
const results: Record<string, { rest: number; storage: number; restTrips: number; storageTrips: number; restDirect?: number }> = {};
for (const count of [1, 2]) {
  const fleet = await startNodes({ count, s3: true });
  try {
    const setup = await setUp(fleet);
    const headers = { apikey: setup.serviceKey, authorization: `Bearer ${setup.serviceKey}` };
    const idle = await idleRate(fleet);
    const restUrl = (base: string) => `${base}/p/${setup.ref}/rest/v1/items?select=id,name,price&id=lt.21`;
    const storageUrl = (base: string) => `${base}/p/${setup.ref}/storage/v1/object/bench/blob.bin`;
    const rest = await measure(fleet, [restUrl(fleet.url)], headers, idle);
    const storage = await measure(fleet, [storageUrl(fleet.url)], headers, idle);
    results[count] = { rest: rest.rate, storage: storage.rate, restTrips: rest.roundTrips, storageTrips: storage.roundTrips };
    rows.push(`${count} node${count > 1 ? 's' : ' '} via proxy | REST 20 rows ${rest.rate.toFixed(0).padStart(5)} req/s, ${rest.roundTrips.toFixed(2)} platform-DB round trips/req | storage 64 KB ${storage.rate.toFixed(0).padStart(5)} req/s, ${storage.roundTrips.toFixed(2)} round trips/req | idle ${(idle * 1000).toFixed(1)} platform-DB transactions/s`);
    // Without the proxy (a JavaScript process on the same two cores): the load itself goes round the nodes.
    const direct = await loadFromWorker({ urls: fleet.nodeUrls.map(restUrl), headers, connections: CONNECTIONS, ms: SECONDS * 1000 });
    results[count].restDirect = direct / SECONDS;
    rows.push(`${count} node${count > 1 ? 's' : ' '} direct    | REST 20 rows ${(direct / SECONDS).toFixed(0).padStart(5)} req/s (no proxy; the load alternates between the nodes)`);
    if (count === 2) {
      const same = await broadcastLatency(fleet.nodeUrls[0], fleet.nodeUrls[0], setup, 'same-node');
      const cross = await broadcastLatency(fleet.nodeUrls[0], fleet.nodeUrls[1], setup, 'cross-node');
      rows.push(`realtime broadcast, one node: median ${same.median.toFixed(1)} ms, p95 ${same.p95.toFixed(1)} ms; across nodes (cluster bus): median ${cross.median.toFixed(1)} ms, p95 ${cross.p95.toFixed(1)} ms (+${(cross.median - same.median).toFixed(1)} ms)`);
    }
  } finally {
    await fleet.stop();
  }
}
console.log(`\nbench:nodes (${CONNECTIONS} connections, ${SECONDS} s per case, S3 = s3rver, project DBs on 127.0.0.1:5432)`);
for (const row of rows) console.log(row);
console.log(`two nodes / one node: REST ${(results[2].rest / results[1].rest).toFixed(2)}x through the proxy, ${(results[2].restDirect! / results[1].restDirect!).toFixed(2)}x direct; storage ${(results[2].storage / results[1].storage).toFixed(2)}x`);
process.exit(0);
