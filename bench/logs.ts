// The logs issue's benchmarks, per platform database: a Postgres server (the postgres engine, a
// fresh platform database on PLINTH_TEST_POSTGRES_URL's server) and PGlite (the embedded engine).
//
// (b) Query latency through the real HTTP endpoint (analytics/endpoints/logs.all, as the explorer
//     calls it): edge_logs is filled over the last 24 h, straight in SQL (bench/support/log-fill.ts),
//     with COUNT_ROWS entries for one project and AGGREGATE_ROWS for another, then vacuumed and
//     analysed as autovacuum would leave it; timed: count(*) over the first project's day, and a 24 h
//     aggregate (requests by hour and status, p95 origin_time) over the second's. Medians of RUNS.
// (a) Ingest, on the same (now large) tables: REST requests/s with logging on vs off, side by side
//     (the paired rounds of bench:logging, bench/support/logging-sides.ts), then the entries/s the
//     writer sustains into the platform database while the REST load runs, with more entries
//     pushed into the writer as fast as it drains them (never past half its buffer, so none is
//     dropped for want of room).
//
// ENGINE=postgres|embedded runs one; AGGREGATE_ROWS / COUNT_ROWS set the sizes (the defaults below
// keep a run of both within ~10 minutes on 2 cores); PART=query|ingest runs one part;
// PLINTH_LOG_QUERY_MAX_COST / PLINTH_LOG_QUERY_TIMEOUT_S reach the platform (the cost ceiling refuses
// the percentile forms over 10 M entries; a higher one shows what they would take).
import { writeEdgeLog, type LogWriter } from '../apps/platform/src/data-plane/logs/index.ts';
import type { RunningPlatform } from '../apps/platform/src/platform.ts';
import { signUp, waitForStatus, type ApiClient } from '../apps/platform/test/support/client.ts';
import { startPlatform, type EngineName } from '../apps/platform/test/support/platform.ts';
import { fillEdgeLogs } from './support/log-fill.ts';
import { mean, median, pairedRounds, setUpLoggingBench } from './support/logging-sides.ts';

const engines = (process.env.ENGINE ? [process.env.ENGINE] : ['postgres', 'embedded']) as EngineName[];
/** Entries for the 24 h aggregate: the 10 M on a server; fewer on PGlite, whose one connection fills and scans alone. */
const DEFAULT_AGGREGATE_ROWS: Partial<Record<EngineName, number>> = { postgres: 10_000_000, embedded: 1_000_000 };
const COUNT_ROWS = Number(process.env.COUNT_ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
/** Paired rounds of logging on vs off, `SECONDS` per side in all. */
const SECONDS = Number(process.env.SECONDS ?? 12);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const INGEST_SECONDS = Number(process.env.INGEST_SECONDS ?? 10);
const DAY_MS = 86_400_000;

const COUNT_SQL = 'select count(*) as entries from edge_logs';
/** Requests by hour and status with the p95 origin_time: as one writes it, and with the fields read first. */
const AGGREGATE_SQL = {
  'as written': `select date_trunc('hour', timestamp) as hour, (metadata->'response'->>'status_code')::int as status,
  count(*) as requests, percentile_cont(0.95) within group (order by (metadata->'response'->>'origin_time')::float8) as p95_origin_time
from edge_logs group by 1, 2 order by 1, 2`,
  'fields first': `select hour, status, count(*) as requests, percentile_cont(0.95) within group (order by origin_time) as p95_origin_time
from (select date_trunc('hour', timestamp) as hour, (metadata->'response'->>'status_code')::int as status,
  (metadata->'response'->>'origin_time')::float8 as origin_time from edge_logs offset 0) as entries
group by 1, 2 order by 1, 2`,
  'counts only': `select date_trunc('hour', timestamp) as hour, (metadata->'response'->>'status_code')::int as status, count(*) as requests
from edge_logs group by 1, 2 order by 1, 2`,
};

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function project(api: ApiClient, name: string): Promise<string> {
  const slug = (await api.post('/api/organizations', { name, plan: 'pro' })).body.slug;
  const { body } = await api.post('/api/projects', { name, organization_slug: slug, db_pass: 'bench-password' });
  await waitForStatus(api, body.ref, 'ACTIVE_HEALTHY');
  return body.ref;
}

type Timed = { ms: number; result: Record<string, unknown>[] } | { error: { code: string; message: string } };

/** Median ms of RUNS calls of `sql` over [start, end) through logs.all (after one warm-up) and the last answer, or the error it answered. */
async function timeQuery(api: ApiClient, ref: string, sql: string, start: Date, end: Date): Promise<Timed> {
  const path = `/api/platform/projects/${ref}/analytics/endpoints/logs.all?${new URLSearchParams({
    sql, iso_timestamp_start: start.toISOString(), iso_timestamp_end: end.toISOString(),
  })}`;
  const times: number[] = [];
  let result: Record<string, unknown>[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now();
    const response = await api.get(path);
    if (run > 0) times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`logs.all answered ${response.status}: ${JSON.stringify(response.body)}`);
    if (response.body.error) return { error: response.body.error };
    result = response.body.result;
  }
  return { ms: median(times), result };
}

const describeTimed = (timed: Timed) => ('error' in timed ? `${timed.error.code} (${timed.error.message})` : `${timed.ms.toFixed(0)} ms (median of ${RUNS})`);

async function queryLatency(platform: RunningPlatform, engine: EngineName): Promise<void> {
  const aggregateRows = Number(process.env.AGGREGATE_ROWS ?? DEFAULT_AGGREGATE_ROWS[engine] ?? 1_000_000);
  const { api } = await signUp(platform.url);
  const [countRef, aggregateRef] = [await project(api, 'count'), await project(api, 'aggregate')];
  const end = new Date();
  const start = new Date(end.getTime() - DAY_MS);
  const db = platform.control.db;
  let started = performance.now();
  await fillEdgeLogs(db, countRef, COUNT_ROWS, start, DAY_MS);
  await fillEdgeLogs(db, aggregateRef, aggregateRows, start, DAY_MS, (n) => process.stdout.write(`\rfilling (${engine}): ${fmt(COUNT_ROWS + n)} rows`));
  const fillS = (performance.now() - started) / 1000;
  started = performance.now();
  await db.exec('vacuum analyze edge_logs');
  console.log(`\rfilled edge_logs (${engine}): ${fmt(COUNT_ROWS + aggregateRows)} rows in ${fillS.toFixed(0)} s`
    + ` (${fmt((COUNT_ROWS + aggregateRows) / fillS)} rows/s); vacuum analyze ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const count = await timeQuery(api, countRef, COUNT_SQL, start, end);
  if ('result' in count && Number(count.result[0]?.entries) !== COUNT_ROWS) throw new Error(`count answered ${JSON.stringify(count.result)}`);
  console.log(`query (${engine}): count(*) over a day of ${fmt(COUNT_ROWS)} entries: ${describeTimed(count)}`);
  for (const [form, sql] of Object.entries(AGGREGATE_SQL)) {
    const aggregate = await timeQuery(api, aggregateRef, sql, start, end);
    const counted = 'result' in aggregate ? aggregate.result.reduce((sum, row) => sum + Number(row.requests), 0) : aggregateRows;
    if (counted !== aggregateRows) throw new Error(`the aggregate counted ${counted} of ${aggregateRows} entries`);
    console.log(`query (${engine}): 24 h aggregate ${form} over ${fmt(aggregateRows)} entries: ${describeTimed(aggregate)}`);
  }
}

/** Pushes synthetic edge entries into `writer` until `until`, keeping at most `ceiling` buffered; returns how many. */
async function pushEntries(writer: LogWriter, ref: string, ceiling: number, until: number): Promise<number> {
  let pushed = 0;
  const headers = { 'user-agent': 'node', 'x-client-info': 'supabase-js-node/2.0.0', accept: '*/*' };
  while (Date.now() < until) {
    // A few hundred at a time, so the REST requests sharing this event loop keep being served.
    for (let i = 0; i < 500 && writer.bufferedCount < ceiling; i++, pushed++) {
      writeEdgeLog(writer, {
        projectRef: ref, method: 'GET', path: '/rest/v1/todos', search: `id=eq.${pushed}`, headers,
        remoteAddress: '127.0.0.1', status: 200, originTimeMs: 1.5, role: 'anon',
      });
    }
    await sleep(1);
  }
  return pushed;
}

async function ingest(platform: RunningPlatform, engine: EngineName): Promise<void> {
  const bench = await setUpLoggingBench(platform, CONNECTIONS);
  const db = platform.control.db;
  const entriesOf = async (ref: string, since: Date) => Number((await db.query<{ n: number }>(
    'select count(*)::int as n from edge_logs where project_ref = $1 and timestamp >= $2', [ref, since.toISOString()])).rows[0].n);
  const droppedNow = async () => Number((await db.query<{ n: number }>('select coalesce(sum(dropped), 0)::int as n from log_dropped_entries')).rows[0].n);
  try {
    const [pkRead] = bench.cases;
    const rounds = await pairedRounds(bench, pkRead.urls, SECONDS, ROUNDS);
    const [on, off] = [median(rounds.map((r) => r.on.rate)), median(rounds.map((r) => r.off.rate))];
    console.log(`REST ${pkRead.name} (${engine}), logging on vs off: ${fmt(on)} vs ${fmt(off)} req/s (${((on / off - 1) * 100).toFixed(1)} %);`
      + ` CPU per request ${fmt(mean(rounds.map((r) => r.on.cpuPerRequest)))} vs ${fmt(mean(rounds.map((r) => r.off.cpuPerRequest)))} µs (medians/means of ${ROUNDS} paired rounds)`);

    const floodRef = 'benchingestxxxxxxxxx';
    const since = new Date();
    const droppedBefore = await droppedNow();
    const ceiling = 10_000; // half the writer's default buffer
    const [rest, pushed] = await Promise.all([
      bench.side(bench.logging, pkRead.urls, INGEST_SECONDS * 1000),
      pushEntries(bench.logging, floodRef, ceiling, Date.now() + INGEST_SECONDS * 1000),
    ]);
    await bench.logging.flush();
    const seconds = rest.elapsedMs / 1000;
    const [fromRest, fromPush] = [await entriesOf(bench.ref, since), await entriesOf(floodRef, since)];
    console.log(`ingest (${engine}): ${fmt((fromRest + fromPush) / seconds)} entries/s into edge_logs for ${seconds.toFixed(0)} s`
      + ` (${fmt(fromRest / seconds)}/s from REST requests, ${fmt(fromPush / seconds)}/s pushed; ${fmt(pushed - fromPush)} of those not written),`
      + ` REST meanwhile ${fmt(rest.rate)} req/s; ${(await droppedNow()) - droppedBefore} dropped`);
  } finally {
    bench.restore();
  }
}

/** The log query limits pass through (loadConfig reads the platform's own env, not this process's). */
const queryLimits = Object.fromEntries(['PLINTH_LOG_QUERY_MAX_COST', 'PLINTH_LOG_QUERY_TIMEOUT_S'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));

for (const engine of engines) {
  const platform = await startPlatform({ engine, env: queryLimits });
  try {
    if (process.env.PART !== 'ingest') await queryLatency(platform, engine);
    if (process.env.PART !== 'query') await ingest(platform, engine);
  } finally {
    await platform.stop();
  }
}
