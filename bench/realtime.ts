// Realtime broadcast: fan-out to SOCKETS sockets joined to one channel, and memory per idle socket.
//
// - The platform runs as its own process (ENGINE, embedded by default; an Enterprise organisation so the plan's
//   connection limit does not apply); this process holds the sockets (raw `ws`, vsn 2.0.0, so
//   broadcasts arrive as binary kind-4 frames, what realtime-js receives) and decodes every frame.
// - Memory: the platform's settled RSS before and after SOCKETS more sockets connected and joined
//   (after the fan-out, so start-up's allocations are behind), divided by SOCKETS.
// - Paced: one sender broadcasts RATE messages per second for SECONDS; latency is receipt time minus
//   the send time carried in the payload, over every (message, socket) delivery: p50/p99/max.
// - Burst: BURST messages sent at once; deliveries per second until the last one arrived.
// - Database: DB_MESSAGES realtime.send calls one after another through the SQL endpoint (in a DO
//   block: a lone select would run first on the editor's read snapshot, seconds on embedded); the time
//   from before the request to each socket's receipt (the request itself included).
// Both ends share this machine's cores, so the client's decoding competes with the server.
//
// ENGINE (embedded), SOCKETS (1000), RATE (50), SECONDS (5), BURST (200), DB_MESSAGES (30).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { signUp, waitForStatus } from '../apps/platform/test/support/client.ts';
import { startChildPlatform } from '../apps/platform/test/support/child-platform.ts';
import { childPid, cpuMsOf, settledRss } from './support/proc-stats.ts';

const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const RATE = Number(process.env.RATE ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 5);
const BURST = Number(process.env.BURST ?? 200);
const DB_MESSAGES = Number(process.env.DB_MESSAGES ?? 30);
const ENGINE = process.env.ENGINE ?? 'embedded';
const TOPIC = 'realtime:fanout';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A kind-4 frame's JSON payload (realtime-js's Serializer reads it the same way). */
function payloadOf(frame: Buffer): { t: number; n: number } {
  const offset = 5 + frame[1] + frame[2] + frame[3];
  return JSON.parse(frame.toString('utf8', offset)) as { t: number; n: number };
}

async function joinedSocket(url: string, onBroadcast: (frame: Buffer) => void): Promise<WebSocket> {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const joined = new Promise<void>((resolve, reject) => {
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return onBroadcast(data);
      const [, ref, , event, payload] = JSON.parse(data.toString()) as [unknown, string, string, string, { status: string; response: unknown }];
      if (event === 'phx_reply' && ref === 'join') return payload.status === 'ok' ? resolve() : reject(new Error(JSON.stringify(payload.response)));
    });
  });
  ws.send(JSON.stringify(['join', 'join', TOPIC, 'phx_join', { config: { broadcast: { self: false } } }]));
  await joined;
  return ws;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-realtime-'));
  const child = await startChildPlatform({ PLINTH_DATA_DIR: dataDir, PLINTH_ENGINE: ENGINE });
  const sockets: WebSocket[] = [];
  try {
    const pid = childPid('apps/platform/src/main.ts');
    const { api } = await signUp(child.url);
    const slug = (await api.post('/api/organizations', { name: 'Bench', plan: 'enterprise' })).body.slug;
    const { body: project } = await api.post('/api/projects', { name: 'bench', organization_slug: slug, db_pass: 'bench-password' });
    await waitForStatus(api, project.ref, 'ACTIVE_HEALTHY');
    const anonKey = (await api.get(`/api/props/project/${project.ref}/settings`)).body.autoApiService.defaultApiKey as string;
    const url = `${child.url.replace(/^http/, 'ws')}/p/${project.ref}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`;

    let latencies: number[] = [];
    let delivered = 0;
    let onDelivery = () => {};
    const received = (frame: Buffer) => {
      latencies.push(Date.now() - payloadOf(frame).t);
      delivered++;
      onDelivery();
    };
    const openSockets = async (count: number) => {
      for (let i = 0; i < count; i += 100) {
        sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, count - i) }, () => joinedSocket(url, received)))));
      }
    };
    await openSockets(SOCKETS);

    const sender = await joinedSocket(url, () => {});
    sockets.push(sender);
    const send = (n: number) => sender.send(JSON.stringify(['join', null, TOPIC, 'broadcast', { type: 'broadcast', event: 'tick', payload: { t: Date.now(), n } }]));
    const allDelivered = (expected: number) => new Promise<void>((resolve) => {
      onDelivery = () => {
        if (delivered >= expected) resolve();
      };
      if (delivered >= expected) resolve();
    });

    // Paced.
    const total = RATE * SECONDS;
    const pacedDone = allDelivered(total * SOCKETS);
    const started = Date.now();
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / RATE;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      send(n);
    }
    await pacedDone;
    const sorted = latencies.sort((a, b) => a - b);
    console.log(`paced: ${RATE} msg/s x ${SOCKETS} sockets = ${RATE * SOCKETS} deliveries/s for ${SECONDS} s: latency p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, max ${sorted.at(-1)} ms`);

    // Burst.
    const serverCpu = cpuMsOf(pid);
    const clientCpu = process.cpuUsage();
    latencies = [];
    delivered = 0;
    const burstDone = allDelivered(BURST * SOCKETS);
    const burstStart = Date.now();
    for (let n = 0; n < BURST; n++) send(n);
    await burstDone;
    const seconds = (Date.now() - burstStart) / 1000;
    const clientUsed = process.cpuUsage(clientCpu);
    console.log(`cpu during burst: server ${Math.round(cpuMsOf(pid) - serverCpu)} ms, client ${Math.round((clientUsed.user + clientUsed.system) / 1000)} ms`);
    const burstSorted = latencies.sort((a, b) => a - b);
    console.log(`burst: ${BURST} messages to ${SOCKETS} sockets in ${seconds.toFixed(2)} s: ${Math.round((BURST * SOCKETS) / seconds)} deliveries/s (${Math.round(BURST / seconds)} msgs/s), latency p50 ${percentile(burstSorted, 50)} ms, p99 ${percentile(burstSorted, 99)} ms`);

    // From the database: realtime.send through the SQL endpoint, one at a time, received by every socket.
    latencies = [];
    delivered = 0;
    for (let n = 0; n < DB_MESSAGES; n++) {
      const done = allDelivered((n + 1) * SOCKETS);
      const { status } = await api.post(`/api/platform/pg-meta/${project.ref}/query`, { query: `do $$ begin perform realtime.send(jsonb_build_object('t', ${Date.now()}, 'n', ${n}), 'tick', 'fanout', false); end $$` });
      if (status !== 200) throw new Error(`realtime.send answered ${status}`);
      await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error(`database message ${n} was not delivered to every socket within 10 s`)), 10_000))]);
    }
    const dbSorted = latencies.sort((a, b) => a - b);
    console.log(`database: ${DB_MESSAGES} realtime.send calls (SQL endpoint) to ${SOCKETS} sockets: send-to-receive p50 ${percentile(dbSorted, 50)} ms, p99 ${percentile(dbSorted, 99)} ms`);

    // Memory: the platform's RSS with SOCKETS more idle joined sockets, past start-up's noise.
    const before = await settledRss(pid);
    await openSockets(SOCKETS);
    const after = await settledRss(pid);
    console.log(`memory: ${mb(before)} -> ${mb(after)} with ${SOCKETS} more joined idle sockets: ${((after - before) / SOCKETS / 1024).toFixed(1)} KB per socket`);
  } finally {
    for (const ws of sockets) ws.terminate();
    await child.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
