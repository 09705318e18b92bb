// REST with logging on and off on one platform, shared by bench:logging (what logging costs REST)
// and bench:logs (the ingest rate under REST load). Logging off is the same LogWriter class whose
// write() does nothing, swapped in on ctx.logs, so the request path is unchanged but for the write.
// The load runs in a child process (so its CPU is not counted as the server's) over keep-alive
// connections; CPU per request counts this process (HTTP, REST, writer, PGlite threads) plus, on the
// Postgres engine, the server backends of the platform and project databases.
import { readFileSync } from 'node:fs';
import { locationOf, projectRowByRef } from '../../apps/platform/src/control/project-rows.ts';
import { LogWriter } from '../../apps/platform/src/data-plane/logs/index.ts';
import type { RunningPlatform } from '../../apps/platform/src/platform.ts';
import { signUp, waitForStatus } from '../../apps/platform/test/support/client.ts';
import { loadFromChild } from './http-load.ts';

const ROWS = 10_000;

/** Logging off: the same class, so the request path is unchanged but for the write itself. */
export class SilentLogWriter extends LogWriter {
  override write(): void {}
}

export interface LoggingCase {
  name: string;
  urls: string[];
}

export interface Side {
  /** Requests answered per second. */
  rate: number;
  /** CPU µs per request: this process and the Postgres backends (the writer's backlog flushed, and paid, inside it). */
  cpuPerRequest: number;
  /** Requests answered. */
  done: number;
  elapsedMs: number;
}

export interface LoggingBench {
  ref: string;
  cases: LoggingCase[];
  /** The platform's own writer (logging on) and a silent one (off). */
  logging: LogWriter;
  silent: LogWriter;
  /** `ms` of load over `urls` with `writer` on ctx.logs; the platform's writer is flushed before it ends. */
  side(writer: LogWriter, urls: string[], ms: number): Promise<Side>;
  /** Puts the platform's own writer back. */
  restore(): void;
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
 * A Pro project with a 10,000-row bench_items table on `platform`, and two cases: a primary-key
 * read and a 100-row page, sent as supabase-js sends them (both key headers and a client-info
 * header the edge log keeps).
 */
export async function setUpLoggingBench(platform: RunningPlatform, connections: number): Promise<LoggingBench> {
  const { api } = await signUp(platform.url);
  const slug = (await api.post('/api/organizations', { name: 'Bench', plan: 'pro' })).body.slug;
  const { body: project } = await api.post('/api/projects', { name: 'bench', organization_slug: slug, db_pass: 'bench-password' });
  await waitForStatus(api, project.ref, 'ACTIVE_HEALTHY');
  const anonKey: string = (await api.get(`/api/props/project/${project.ref}/settings`)).body.autoApiService.defaultApiKey;
  const db = await platform.control.engine.project(locationOf((await projectRowByRef(platform.control.db, project.ref))!));
  await db.exec(`create table bench_items (id integer primary key, name text not null, price numeric(10,2), tags text[]);
    insert into bench_items (id, name, price, tags) select g, 'item ' || g, g * 1.5, array['a', 'b'] from generate_series(1, ${ROWS}) g; analyze bench_items;`);
  const databases = platform.control.config.engine === 'postgres' ? [new URL(platform.control.config.databaseUrl!).pathname.slice(1), `project_${project.ref}`] : [];
  const backendPids = async () => databases.length === 0 ? [] : (await platform.control.db.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = any($1::text[])', [databases])).rows.map((r) => r.pid);
  const restUrl = `${platform.url}/p/${project.ref}/rest/v1/bench_items`;
  const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'x-client-info': 'supabase-js-node/2.0.0' };
  const logging = platform.control.logs;
  const silent = new SilentLogWriter(platform.control.db);
  return {
    ref: project.ref,
    cases: [
      { name: 'pk read', urls: Array.from({ length: 200 }, (_, i) => `${restUrl}?id=eq.${1 + ((i * 7919) % ROWS)}&select=id,name,price`) },
      { name: '100-row page', urls: [`${restUrl}?order=id&limit=100`] },
    ],
    logging,
    silent,
    async side(writer, urls, ms) {
      platform.control.logs = writer;
      const pids = await backendPids();
      const cpuBefore = process.cpuUsage();
      const backendBefore = backendCpuSeconds(pids);
      const started = performance.now();
      const done = await loadFromChild({ urls, headers, connections, ms });
      await logging.flush();
      const elapsedMs = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMicros = cpu.user + cpu.system + (backendCpuSeconds(pids) - backendBefore) * 1e6;
      return { rate: done / (elapsedMs / 1000), cpuPerRequest: cpuMicros / done, done, elapsedMs };
    },
    restore() {
      platform.control.logs = logging;
    },
  };
}

export interface PairedRound {
  on: Side;
  off: Side;
}

/** A warm-up of each side, then `rounds` rounds of `seconds` in all per side, alternating which side goes first. */
export async function pairedRounds(bench: LoggingBench, urls: string[], seconds: number, rounds: number): Promise<PairedRound[]> {
  await bench.side(bench.logging, urls, 1000); // warm-up: JIT, schema cache, pools, both sides
  await bench.side(bench.silent, urls, 1000);
  const result: PairedRound[] = [];
  const ms = (seconds * 1000) / rounds;
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      const off = await bench.side(bench.silent, urls, ms);
      result.push({ off, on: await bench.side(bench.logging, urls, ms) });
    } else {
      const on = await bench.side(bench.logging, urls, ms);
      result.push({ on, off: await bench.side(bench.silent, urls, ms) });
    }
  }
  return result;
}

export const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};
export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
