// Realtime Postgres changes: latency from commit to delivery at a steady insert rate, with many
// subscribers, on the embedded and the local engine (the budget in ARCHITECTURE.md: p99 < 100 ms
// at 500 inserts/s to 100 subscribers).
//
// - The platform runs as its own process; this process is the app: SUBSCRIBERS sockets (raw `ws`,
//   vsn 2.0.0, the frames realtime-js sends; decoding kept to one JSON.parse per message so the
//   client's own cost stays small beside the server's), each joined as a different user (role
//   authenticated, its own sub), so RLS is checked per subscriber, on a table whose policy lets
//   every user see every row.
// - Rows are inserted one per request through the REST API (service key) at RATE per second for
//   SECONDS; latency is the time a subscriber receives the change minus its commit_timestamp
//   (the transaction's time: for a one-row insert, its commit within a millisecond or two).
// - Reports p50/p99/max over every (row, subscriber) delivery, and how many were missed.
//
// ENGINES (embedded,local), SUBSCRIBERS (100), INSERT_RATE (500), INSERT_SECONDS (10).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { startChildPlatform } from '../apps/platform/test/support/child-platform.ts';
import { benchProject } from './support/rest-vs-bare.ts';

const ENGINES = (process.env.ENGINES ?? 'embedded,local').split(',');
const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 100);
const RATE = Number(process.env.INSERT_RATE ?? 500);
const SECONDS = Number(process.env.INSERT_SECONDS ?? 10);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** commit_timestamp has microseconds; Date.parse keeps milliseconds, the rest is added by hand. */
function commitTime(stamp: string): number {
  const micros = /\.(\d{3})(\d{3})Z$/.exec(stamp);
  return Date.parse(stamp.replace(/\.(\d{3})\d*Z$/, '.$1Z')) + (micros ? Number(micros[2]) / 1000 : 0);
}

async function measure(engine: string): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-realtime-'));
  const child = await startChildPlatform({ PLINTH_DATA_DIR: dataDir, PLINTH_ENGINE: engine, PLINTH_IDLE_STOP_S: '0', ...(process.env.CPU_PROFILE_DIR && { NODE_OPTIONS: `--import ${new URL('./support/cpu-profile.mjs', import.meta.url).pathname}` }) });
  const sockets: WebSocket[] = [];
  try {
    const { api, ref } = await benchProject(child);
    const settings = (await api.get(`/api/props/project/${ref}/settings`)).body;
    const url = `${child.url}/p/${ref}`;
    const anonKey = settings.autoApiService.defaultApiKey as string;
    const serviceKey = settings.autoApiService.serviceApiKey as string;
    const secret = new TextEncoder().encode(settings.project.jwt_secret as string);
    const setup = await api.post(`/api/platform/pg-meta/${ref}/query`, {
      query: `create table public.bench_changes (id bigint generated always as identity primary key, body text not null);
              alter table public.bench_changes enable row level security;
              create policy "everyone reads" on public.bench_changes for select to authenticated using (true);
              alter publication supabase_realtime add table public.bench_changes;`,
    });
    if (setup.status !== 200) throw new Error(`set-up failed: ${JSON.stringify(setup.body)}`);

    const latencies: number[] = [];
    let delivered = 0;
    const wsUrl = `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`;
    await Promise.all(Array.from({ length: SUBSCRIBERS }, async (_, i) => {
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ role: 'authenticated', aud: 'authenticated', sub: randomUUID() })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + 3600).sign(secret);
      const socket = new WebSocket(wsUrl);
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.on('message', (data: Buffer) => {
          const text = data.toString();
          if (text.includes('"postgres_changes"') && text.includes('"commit_timestamp"')) {
            const [, , , , payload] = JSON.parse(text) as [unknown, unknown, string, string, { data: { commit_timestamp: string } }];
            latencies.push(Date.now() - commitTime(payload.data.commit_timestamp));
            delivered++;
          } else if (text.includes('Subscribed to PostgreSQL')) {
            resolve();
          } else if (text.includes('"error"')) {
            reject(new Error(text));
          }
        });
        socket.once('open', () => socket.send(JSON.stringify(['1', '1', `realtime:bench-${i}`, 'phx_join', {
          config: { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false }, postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'bench_changes' }], private: false },
          access_token: token,
        }])));
      });
    }));

    const headers = { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json', prefer: 'return=minimal' };
    const total = RATE * SECONDS;
    const started = Date.now();
    const inflight: Promise<unknown>[] = [];
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / RATE;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      inflight.push(fetch(`${url}/rest/v1/bench_changes`, { method: 'POST', headers, body: JSON.stringify({ body: `row ${n}` }) }).then((r) => r.arrayBuffer()));
    }
    await Promise.all(inflight);
    const sentSeconds = (Date.now() - started) / 1000;
    // Let the last deliveries arrive (or be counted as missed).
    const expected = total * SUBSCRIBERS;
    for (let waited = 0; delivered < expected && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(`${engine}: ${total} inserts in ${sentSeconds.toFixed(1)} s (${(total / sentSeconds).toFixed(0)}/s) to ${SUBSCRIBERS} subscribers: ` +
      `${delivered} of ${expected} delivered; latency p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`);
  } finally {
    for (const socket of sockets) socket.terminate();
    await child.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

for (const engine of ENGINES) await measure(engine);
