/**
 * The API Gateway report's log queries over edge_logs, written against the fields the gateway
 * stores (apps/platform/src/data-plane/logs/edge-logs.ts): request {method, path}, response
 * {status_code, origin_time (ms)}. The server adds the project and the range; each panel's query
 * opens as is in the logs explorer.
 */
const STATUS = "(metadata->'response'->>'status_code')::int";
const ORIGIN_MS = "(metadata->'response'->>'origin_time')::float8";

/** Buckets of `seconds` aligned to the epoch, like the charts' own (date_bin's origin is a UTC midnight). */
export function bucketSql(seconds: number): string {
  return `date_bin(interval '${Math.max(1, Math.floor(seconds))} seconds', timestamp, timestamptz '2000-01-01')`;
}

/**
 * The percentile queries read the two fields in a subquery first (`offset 0` keeps the planner from
 * folding it back): percentile_cont sorts its group's input rows, and without the subquery those
 * rows carry the whole metadata (bench:logs: 20 s against 10 s over a day of 10 M entries).
 */
const FIELDS = `(select timestamp, ${STATUS} as status, ${ORIGIN_MS} as origin_ms from edge_logs offset 0) as requests`;

export const API_TOTALS_SQL = `select
  count(*) as requests,
  count(*) filter (where status >= 400) as errors,
  round(percentile_cont(0.5) within group (order by origin_ms)::numeric, 1) as p50_ms,
  round(percentile_cont(0.95) within group (order by origin_ms)::numeric, 1) as p95_ms
from ${FIELDS}`;

export function apiOverTimeSql(bucketSeconds: number): string {
  return `select
  ${bucketSql(bucketSeconds)} as bucket,
  count(*) filter (where status < 400) as ok,
  count(*) filter (where status between 400 and 499) as client_errors,
  count(*) filter (where status >= 500) as server_errors,
  round(percentile_cont(0.5) within group (order by origin_ms)::numeric, 1) as p50_ms,
  round(percentile_cont(0.95) within group (order by origin_ms)::numeric, 1) as p95_ms
from ${FIELDS}
group by 1
order by 1`;
}

export const API_TOP_PATHS_SQL = `select
  metadata->'request'->>'method' as method,
  metadata->'request'->>'path' as path,
  count(*) as requests,
  count(*) filter (where ${STATUS} >= 400) as errors,
  round(avg(${ORIGIN_MS})::numeric, 1) as avg_ms
from edge_logs
group by 1, 2
order by requests desc, path
limit 10`;

export const API_BY_STATUS_SQL = `select
  ${STATUS} as status,
  count(*) as requests
from edge_logs
group by 1
order by requests desc, status
limit 20`;
