/**
 * The reports' log queries as the logs API runs them: accepted by the log query checker
 * (@plinth/log-sql), then run on PGlite over entries shaped as the platform's writers store them,
 * with the figures the pages show. Plus the range, bucket and chart helpers the pages use.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLogQuery, scopeLogQuery } from '@plinth/log-sql';
import { API_BY_STATUS_SQL, API_TOP_PATHS_SQL, API_TOTALS_SQL, apiOverTimeSql } from '../src/features/reports/api-overview-sql.ts';
import { fillBuckets, pointsOf } from '../src/features/reports/chart-data.ts';
import { chartProblem } from '../src/features/reports/chart-result.tsx';
import { settleAxes } from '../src/features/reports/chart-settings.ts';
import { SLOW_STATEMENTS_SQL } from '../src/features/reports/database-report-sql.ts';
import { resolveReportRange } from '../src/features/reports/report-range.ts';
import { STORAGE_TOTALS_SQL, storageOverTimeSql } from '../src/features/reports/storage-report-sql.ts';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const SOURCES = ['edge_logs', 'storage_logs', 'postgres_logs'];

// Project `mine`: 10 edge requests in the last 10 minutes (origin_time 10..100 ms; #3 a 404, #7 a
// 500), 4 storage requests (2 downloads, one a cache hit), 2 postgres entries (an error and a slow
// statement, as postgres-logs.ts writes them) and an unrelated connection line. Project `theirs`: entries that must never count.
const SETUP = `
create table edge_logs (id uuid primary key default gen_random_uuid(), timestamp timestamptz not null, project_ref text not null, event_message text not null, metadata jsonb not null default '{}');
create table storage_logs (like edge_logs including all);
create table postgres_logs (like edge_logs including all);
insert into edge_logs (timestamp, project_ref, event_message, metadata)
  select to_timestamp(${NOW / 1000}) - make_interval(mins => i), 'mine', 'request',
    jsonb_build_object('request', jsonb_build_object('method', case when i = 5 then 'POST' else 'GET' end, 'path', case when i = 5 then '/rest/v1/todos' else '/rest/v1/items' end),
      'response', jsonb_build_object('status_code', case i when 3 then 404 when 7 then 500 else 200 end, 'origin_time', i * 10, 'bytes', 100))
  from generate_series(1, 10) as i;
insert into edge_logs (timestamp, project_ref, event_message, metadata)
  select to_timestamp(${NOW / 1000}) - make_interval(mins => i), 'theirs', 'other', '{"request": {"path": "/other"}, "response": {"status_code": 500, "origin_time": 9999}}'
  from generate_series(1, 5) as i;
insert into storage_logs (timestamp, project_ref, event_message, metadata) values
  (to_timestamp(${NOW / 1000}) - interval '2 minutes', 'mine', 'GET', '{"method": "GET", "status": 200, "bytes_sent": 2048, "cache_hit": false}'),
  (to_timestamp(${NOW / 1000}) - interval '3 minutes', 'mine', 'GET', '{"method": "GET", "status": 304, "bytes_sent": 0, "cache_hit": true}'),
  (to_timestamp(${NOW / 1000}) - interval '4 minutes', 'mine', 'POST', '{"method": "POST", "status": 200, "bytes_sent": 120}'),
  (to_timestamp(${NOW / 1000}) - interval '5 minutes', 'mine', 'DELETE', '{"method": "DELETE", "status": 404, "bytes_sent": 60, "cache_hit": false}'),
  (to_timestamp(${NOW / 1000}) - interval '5 minutes', 'theirs', 'GET', '{"method": "GET", "status": 200, "bytes_sent": 999999}');
insert into postgres_logs (timestamp, project_ref, event_message, metadata) values
  (to_timestamp(${NOW / 1000}) - interval '1 minute', 'mine', 'division by zero', '{"error_severity": "ERROR", "sql_state_code": "22012", "user_name": "postgres", "query": "select $1/$2"}'),
  (to_timestamp(${NOW / 1000}) - interval '2 minutes', 'mine', 'duration: 1500.200 ms  statement: select pg_sleep($1)', '{"error_severity": "LOG", "sql_state_code": "00000", "user_name": "authenticator", "query": "select pg_sleep($1)", "duration_ms": 1500.2}'),
  (to_timestamp(${NOW / 1000}) - interval '3 minutes', 'mine', 'connection authorized: user=postgres database=postgres', '{"error_severity": "LOG", "sql_state_code": "00000"}');
`;

let db: PGlite;

beforeAll(async () => {
  db = new PGlite();
  await db.exec(SETUP);
});
afterAll(async () => db?.close());

/** Runs `sql` as the logs endpoint would, for project `mine` over the last hour. */
async function rows(sql: string): Promise<Record<string, unknown>[]> {
  const scoped = await scopeLogQuery(sql, { sources: SOURCES, tableSchema: 'public' });
  if ('error' in scoped) throw new Error(`refused: ${scoped.error.message}\n${sql}`);
  const outcome = await db.transaction(async (tx) => {
    const result = await runLogQuery(tx, scoped, {
      projectRef: 'mine', start: new Date(NOW - 60 * MINUTE), end: new Date(NOW + 1000),
      maxRows: 1000, maxBytes: 1024 * 1024, statementTimeoutMs: 15_000, maxCost: 2_500_000,
    });
    await tx.rollback();
    return result;
  });
  if ('error' in outcome) throw new Error(`failed: ${outcome.error.message}\n${sql}`);
  return outcome.rows;
}

describe('API Gateway report queries', () => {
  it('count requests and errors, and give p50/p95 response time', async () => {
    const [totals] = await rows(API_TOTALS_SQL);
    expect(Number(totals.requests)).toBe(10);
    expect(Number(totals.errors)).toBe(2);
    expect(Number(totals.p50_ms)).toBeCloseTo(55, 5);
    expect(Number(totals.p95_ms)).toBeCloseTo(95.5, 5);
  });

  it('bucket requests over time as the chart draws them', async () => {
    const range = { start: new Date(NOW - 60 * MINUTE).toISOString(), end: new Date(NOW).toISOString(), bucketSeconds: 60 };
    const result = await rows(apiOverTimeSql(range.bucketSeconds));
    expect(result).toHaveLength(10);
    const points = fillBuckets(result, range, ['ok', 'client_errors', 'server_errors']);
    expect(points).toHaveLength(61);
    const sum = (key: string) => points.reduce((total, point) => total + Number(point[key]), 0);
    expect([sum('ok'), sum('client_errors'), sum('server_errors')]).toEqual([8, 1, 1]);
    // The request 7 minutes ago (a 500) lands in its own minute.
    expect(points.find((point) => point.x === NOW - 7 * MINUTE)?.server_errors).toBe(1);
  });

  it('rank paths and statuses', async () => {
    const paths = await rows(API_TOP_PATHS_SQL);
    expect(paths[0]).toMatchObject({ method: 'GET', path: '/rest/v1/items', requests: 9, errors: 2 });
    expect(paths[1]).toMatchObject({ method: 'POST', path: '/rest/v1/todos', requests: 1 });
    expect(await rows(API_BY_STATUS_SQL)).toEqual([{ status: 200, requests: 8 }, { status: 404, requests: 1 }, { status: 500, requests: 1 }]);
  });
});

describe('Storage report queries', () => {
  it('add up bytes sent and the cache hit share of downloads', async () => {
    const [totals] = await rows(STORAGE_TOTALS_SQL);
    expect(totals).toMatchObject({ requests: 4, errors: 1, downloads: 2, cache_hits: 1 });
    expect(Number(totals.bytes_sent)).toBe(2048 + 120 + 60);
    const overTime = await rows(storageOverTimeSql(300));
    expect(overTime.reduce((total, row) => total + Number(row.bytes_sent), 0)).toBe(2228);
  });
});

describe('Database report query', () => {
  it('lists errors and slow statements, not other server lines', async () => {
    const result = await rows(SLOW_STATEMENTS_SQL);
    expect(result.map((row) => row.event_message)).toEqual(['division by zero', 'duration: 1500.200 ms  statement: select pg_sleep($1)']);
    expect(result[0]).toMatchObject({ severity: 'ERROR', state_code: '22012', role: 'postgres', statement: 'select $1/$2', duration_ms: null });
    expect(result[1]).toMatchObject({ severity: 'LOG', role: 'authenticator', duration_ms: 1500.2 });
  });
});

describe('report range', () => {
  it('offers 7 days, clipped to what the plan keeps', () => {
    const free = resolveReportRange('last-7-days', 'free', NOW);
    expect(Date.parse(free.start)).toBe(NOW - DAY);
    expect(free.clippedFrom?.getTime()).toBe(NOW - 7 * DAY);
    const pro = resolveReportRange('last-7-days', 'pro', NOW);
    expect(Date.parse(pro.start)).toBe(NOW - 7 * DAY);
    expect(pro.clippedFrom).toBeNull();
    expect(pro.bucketSeconds).toBe(3 * 3600);
    expect(resolveReportRange('last-hour', 'free', NOW).bucketSeconds).toBe(60);
  });
});

describe('custom charts', () => {
  const result = [
    { minute: '2026-03-10T11:02:00+00:00', status: '200', requests: 4, avg_ms: 12.5 },
    { minute: '2026-03-10T11:01:00+00:00', status: '500', requests: 1, avg_ms: null },
  ];

  it('choose a time column for x and the numeric columns for y', () => {
    expect(settleAxes(result, {})).toEqual({ x: 'minute', y: ['requests', 'avg_ms'] });
    // A choice the new result still has is kept.
    expect(settleAxes(result, { x: 'status', y: ['avg_ms'] })).toEqual({ x: 'status', y: ['avg_ms'] });
    expect(settleAxes(result, { x: 'gone', y: ['gone'] })).toEqual({ x: 'minute', y: ['requests', 'avg_ms'] });
  });

  it('plot times in order and text in the query’s order', () => {
    const byTime = pointsOf(result, 'minute', ['requests']);
    expect(byTime.isTime).toBe(true);
    expect(byTime.points.map((point) => point.requests)).toEqual([1, 4]);
    const byStatus = pointsOf(result, 'status', ['avg_ms']);
    expect(byStatus).toEqual({ isTime: false, points: [{ x: '200', avg_ms: 12.5 }, { x: '500', avg_ms: null }] });
  });

  it('say what a bar or line chart still needs', () => {
    const columns = ['minute', 'requests'];
    expect(chartProblem({ kind: 'table' }, [])).toBeNull();
    expect(chartProblem({ kind: 'bar', x: undefined, y: ['requests'] }, columns)).toMatch(/x axis/);
    expect(chartProblem({ kind: 'line', x: 'minute', y: [] }, columns)).toMatch(/numeric column/);
    expect(chartProblem({ kind: 'line', x: 'minute', y: ['requests'] }, columns)).toBeNull();
  });
});
