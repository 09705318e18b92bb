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
// How the sides are set up and measured: bench/support/logging-sides.ts (shared with bench:logs).
import { LogWriter, writeEdgeLog } from '../apps/platform/src/data-plane/logs/index.ts';
import type { Database } from '../apps/platform/src/engines/types.ts';
import { ENGINES, startPlatform, type EngineName } from '../apps/platform/test/support/platform.ts';
import { mean, median, pairedRounds, setUpLoggingBench, type LoggingBench } from './support/logging-sides.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 16);
const ROUNDS = Number(process.env.ROUNDS ?? 16);
/** ENGINE=embedded or ENGINE=postgres measures one engine only. */
const engines = process.env.ENGINE ? [process.env.ENGINE as EngineName] : ENGINES;

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

console.log(`writer CPU per edge entry (write + redact + serialise, database discarded): ${(await writerMicrosPerEntry()).toFixed(1)} µs`);

for (const engine of engines) {
  const platform = await startPlatform({ engine });
  let bench: LoggingBench | undefined;
  try {
    bench = await setUpLoggingBench(platform, CONNECTIONS);
    for (const c of bench.cases) {
      const count = async () => Number((await platform.control.db.query<{ n: number }>('select count(*)::int as n from edge_logs')).rows[0].n);
      const before = await count();
      const rounds = await pairedRounds(bench, c.urls, SECONDS, ROUNDS);
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
    bench?.restore();
    await platform.stop();
  }
}
