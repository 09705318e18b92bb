// What logging costs REST: /p/{ref}/rest/v1 with the platform's LogWriter (every request leaves an
// edge_logs entry, redacted, batched into the platform database) against the same platform with a
// writer whose write() does nothing, swapped in on ctx.logs. Budget: < 10 % of REST throughput.
//
// Two figures per case, from the same paired rounds (the sides alternate, as in bench/rest-throughput.ts):
// - requests/s logged vs unlogged: what the budget names, but on a shared 2-core machine one round
//   can swing by tens of per cent either way;
// - CPU per request, logged vs unlogged: this process (HTTP, REST, writer, PGlite threads) plus, on
//   the Postgres engine, the server backends of the platform and project databases. Throughput of a
//   CPU-bound server is its inverse, and it is far steadier under other load, so it is the figure to trust.
// The load runs in a child process (so its CPU is not counted) over keep-alive connections.
import { readFileSync } from 'node:fs';
import { locationOf, projectRowByRef } from '../apps/platform/src/control/project-rows.ts';
import { LogWriter, writeEdgeLog } from '../apps/platform/src/data-plane/logs/index.ts';
import type { Database } from '../apps/platform/src/engines/types.ts';
import { signUp, waitForStatus } from '../apps/platform/test/support/client.ts';
import { ENGINES, startPlatform, type EngineName } from '../apps/platform/test/support/platform.ts';
import { loadFromChild } from './support/http-load.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 16);
const ROUNDS = Number(process.env.ROUNDS ?? 16);
const ROWS = 10_000;
/** ENGINE=embedded or ENGINE=postgres measures one engine only. */
const engines = process.env.ENGINE ? [process.env.ENGINE as EngineName] : ENGINES;

/** Logging off: the same class, so the request path is unchanged but for the write itself. */
class SilentLogWriter extends LogWriter {
  override write(): void {}
}

function load(urls: string[], headers: Record<string, string>, ms: number): Promise<number> {
  return loadFromChild({ urls, headers, connections: CONNECTIONS, ms });
}

/** CPU seconds of Postgres backends (user + system, from /proc; clock ticks of 10 ms). */
function backendCpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* the backend ended */
    }
  }
  return ticks / 100;
}

/**
 * The writer's own CPU per entry on the request thread (build the entry, buffer, redact, serialise),
 * against a database that takes each batch and does nothing.
 */
async function writerMicrosPerEntry(): Promise<number> {
  const nothing = async () => ({ rows: [], fields: [], affectedRows: 0 });
  const discard = { query: nothing, queryPrepared: nothing } as unknown as Database;
  const writer = new LogWriter(discard, { maxBuffered: 1_000_000 });
  const headers = { apikey: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2ln', authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2ln', 'user-agent': 'node', 'x-client-info': 'supabase-js-node/2.0.0', accept: '*/*' };
  const entries = 100_000;
  const started = performance.now();
  for (let i = 0; i < entries; i++) {
    writeEdgeLog(writer, {
      projectRef: 'abcdefghijklmnopqrst', method: 'GET', path: '/rest/v1/bench_items', search: `id=eq.${i}&select=id,name,price`, headers,
      remoteAddress: '127.0.0.1', status: 200, originTimeMs: 1.234, role: 'anon',
    });
    if (i % 200 === 199) await writer.flush();
  }
  await writer.close();
  return ((performance.now() - started) * 1000) / entries;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

console.log(`writer CPU per edge entry (write + redact + serialise, database discarded): ${(await writerMicrosPerEntry()).toFixed(1)} µs`);

for (const engine of engines) {
  const platform = await startPlatform({ engine });
  const logging = platform.control.logs;
  const silent = new SilentLogWriter(platform.control.db);
  try {
    const { api } = await signUp(platform.url);
    const slug = (await api.post('/api/organizations', { name: 'Bench', plan: 'pro' })).body.slug;
    const { body: project } = await api.post('/api/projects', { name: 'bench', organization_slug: slug, db_pass: 'bench-password' });
    await waitForStatus(api, project.ref, 'ACTIVE_HEALTHY');
    const anonKey: string = (await api.get(`/api/props/project/${project.ref}/settings`)).body.autoApiService.defaultApiKey;
    const db = await platform.control.engine.project(locationOf((await projectRowByRef(platform.control.db, project.ref))!));
    await db.exec(`create table bench_items (id integer primary key, name text not null, price numeric(10,2), tags text[]);
      insert into bench_items (id, name, price, tags) select g, 'item ' || g, g * 1.5, array['a', 'b'] from generate_series(1, ${ROWS}) g; analyze bench_items;`);
    const databases = engine === 'postgres' ? [new URL(platform.control.config.databaseUrl!).pathname.slice(1), `project_${project.ref}`] : [];
    const backendPids = async () => databases.length === 0 ? [] : (await platform.control.db.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = any($1::text[])', [databases])).rows.map((r) => r.pid);
    const restUrl = `${platform.url}/p/${project.ref}/rest/v1/bench_items`;
    const cases = [
      { name: 'pk read', urls: Array.from({ length: 200 }, (_, i) => `${restUrl}?id=eq.${1 + ((i * 7919) % ROWS)}&select=id,name,price`) },
      { name: '100-row page', urls: [`${restUrl}?order=id&limit=100`] },
    ];
    // What a supabase-js app sends: both key headers, and a client-info header the edge log keeps.
    const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'x-client-info': 'supabase-js-node/2.0.0' };
    /** One side of a round: requests/s and CPU µs per request (the writer's backlog is flushed, and paid, inside it). */
    const side = async (writer: LogWriter, urls: string[], ms: number) => {
      platform.control.logs = writer;
      const pids = await backendPids();
      const cpuBefore = process.cpuUsage();
      const backendBefore = backendCpuSeconds(pids);
      const started = performance.now();
      const done = await load(urls, headers, ms);
      await logging.flush();
      const elapsedMs = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMicros = cpu.user + cpu.system + (backendCpuSeconds(pids) - backendBefore) * 1e6;
      return { rate: done / (elapsedMs / 1000), cpuPerRequest: cpuMicros / done };
    };
    for (const c of cases) {
      await side(logging, c.urls, 1000); // warm-up: JIT, schema cache, pools, both sides
      await side(silent, c.urls, 1000);
      const count = async () => Number((await platform.control.db.query<{ n: number }>('select count(*)::int as n from edge_logs')).rows[0].n);
      const before = await count();
      const rounds: { on: Awaited<ReturnType<typeof side>>; off: Awaited<ReturnType<typeof side>> }[] = [];
      const ms = (SECONDS * 1000) / ROUNDS;
      for (let round = 0; round < ROUNDS; round++) {
        if (round % 2 === 0) {
          const off = await side(silent, c.urls, ms);
          rounds.push({ off, on: await side(logging, c.urls, ms) });
        } else {
          const on = await side(logging, c.urls, ms);
          rounds.push({ on, off: await side(silent, c.urls, ms) });
        }
      }
      const written = (await count()) - before;
      const dropped = (await platform.control.db.query<{ n: string | number }>('select coalesce(sum(dropped), 0) as n from log_dropped_entries')).rows[0].n;
      const rateCost = 1 - median(rounds.map((r) => r.on.rate / r.off.rate));
      const cpuCost = 1 - median(rounds.map((r) => r.off.cpuPerRequest / r.on.cpuPerRequest));
      console.log(`logging cost, ${c.name} (${engine}):`
        + ` CPU per request ${mean(rounds.map((r) => r.on.cpuPerRequest)).toFixed(0)} µs logged vs ${mean(rounds.map((r) => r.off.cpuPerRequest)).toFixed(0)} µs = ${(cpuCost * 100).toFixed(1)} % of throughput;`
        + ` measured ${mean(rounds.map((r) => r.on.rate)).toFixed(0)} vs ${mean(rounds.map((r) => r.off.rate)).toFixed(0)} req/s = ${(rateCost * 100).toFixed(1)} %`
        + ` (medians of ${ROUNDS} paired rounds); ${written} entries written, ${dropped} dropped`);
    }
  } finally {
    platform.control.logs = logging;
    await platform.stop();
  }
}
