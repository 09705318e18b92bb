/**
 * Ready queries for the logs explorer, written against the metadata the platform's writers store
 * (apps/platform/src/data-plane/logs/*.ts). The server adds the project and the time range, so a
 * template names only the source.
 */
export interface LogTemplate {
  id: string;
  title: string;
  description: string;
  source: string;
  sql: string;
}

export const LOG_TEMPLATES: readonly LogTemplate[] = [
  {
    id: 'recent-api-requests',
    title: 'Recent API requests',
    description: 'The latest requests to the project’s APIs with their method, path, status and time taken.',
    source: 'edge_logs',
    sql: `select
  timestamp,
  metadata->'request'->>'method' as method,
  metadata->'request'->>'path' as path,
  metadata->'response'->>'status_code' as status,
  metadata->'response'->>'origin_time' as origin_time_ms,
  event_message,
  id
from edge_logs
order by timestamp desc
limit 100`,
  },
  {
    id: 'errors-by-path',
    title: '5xx errors by path',
    description: 'Which paths answered with a server error, and how often.',
    source: 'edge_logs',
    sql: `select
  metadata->'request'->>'path' as path,
  count(*) as errors,
  max(timestamp) as last_seen
from edge_logs
where (metadata->'response'->>'status_code')::int >= 500
group by 1
order by errors desc
limit 100`,
  },
  {
    id: 'slowest-paths',
    title: 'Slowest requests (p95 by path)',
    description: 'The 95th percentile and average response time of each path, slowest first.',
    source: 'edge_logs',
    // The fields are read in a subquery first, so the percentile sorts them and not whole entries.
    sql: `select
  path,
  count(*) as requests,
  round(percentile_cont(0.95) within group (order by origin_ms)::numeric, 1) as p95_ms,
  round(avg(origin_ms)::numeric, 1) as avg_ms
from (
  select metadata->'request'->>'path' as path, (metadata->'response'->>'origin_time')::float8 as origin_ms
  from edge_logs offset 0
) as requests
group by 1
order by p95_ms desc
limit 50`,
  },
  {
    id: 'requests-per-minute',
    title: 'Requests per minute by status',
    description: 'Request counts per minute, split by response status.',
    source: 'edge_logs',
    sql: `select
  date_trunc('minute', timestamp) as minute,
  metadata->'response'->>'status_code' as status,
  count(*) as requests
from edge_logs
group by 1, 2
order by 1 desc, 2
limit 1000`,
  },
  {
    id: 'auth-failures',
    title: 'Auth failures by IP and action',
    description: 'Refused sign-ins, sign-ups and token requests grouped by the client’s address, the endpoint and the error.',
    source: 'auth_logs',
    sql: `select
  metadata->>'remote_addr' as ip,
  metadata->>'path' as action,
  metadata->>'error_code' as error_code,
  count(*) as failures,
  max(timestamp) as last_seen
from auth_logs
where (metadata->>'status')::int >= 400
group by 1, 2, 3
order by failures desc
limit 100`,
  },
  {
    id: 'storage-bandwidth',
    title: 'Storage bandwidth by bucket',
    description: 'Requests, downloads, and bytes sent and received per bucket (from the sizes the API gateway records).',
    source: 'edge_logs',
    sql: `select
  case
    when split_part(metadata->'request'->>'path', '/', 5) in ('public', 'sign', 'authenticated', 'info', 'upload')
      then split_part(metadata->'request'->>'path', '/', 6)
    else split_part(metadata->'request'->>'path', '/', 5)
  end as bucket,
  count(*) as requests,
  count(*) filter (where metadata->'request'->>'method' = 'GET') as downloads,
  coalesce(sum((metadata->'response'->>'bytes')::bigint), 0) as sent_bytes,
  coalesce(sum((metadata->'request'->'headers'->>'content_length')::bigint), 0) as uploaded_bytes
from edge_logs
where metadata->'request'->>'path' like '/storage/v1/object/%'
group by 1
order by requests desc
limit 100`,
  },
  {
    id: 'realtime-connections',
    title: 'Realtime connections',
    description: 'Sockets connected, refused and closed, and channel joins, per minute.',
    source: 'realtime_logs',
    sql: `select
  date_trunc('minute', timestamp) as minute,
  count(*) filter (where metadata->>'event' = 'connect' and metadata->>'error_code' is null) as connected,
  count(*) filter (where metadata->>'event' = 'connect' and metadata->>'error_code' is not null) as refused,
  count(*) filter (where metadata->>'event' = 'disconnect') as disconnected,
  count(*) filter (where metadata->>'event' = 'join') as joins
from realtime_logs
group by 1
order by 1 desc
limit 500`,
  },
  {
    id: 'function-invocations',
    title: 'Function invocations and errors',
    description: 'Invocations, server errors and average execution time of each edge function.',
    source: 'function_edge_logs',
    sql: `select
  split_part(metadata->'request'->>'pathname', '/', 6) as function_slug,
  metadata->>'function_id' as function_id,
  count(*) as invocations,
  count(*) filter (where (metadata->'response'->>'status_code')::int >= 500) as errors,
  round(avg((metadata->>'execution_time_ms')::numeric), 1) as avg_ms
from function_edge_logs
group by 1, 2
order by invocations desc
limit 100`,
  },
  {
    id: 'function-console-errors',
    title: 'Function console errors',
    description: 'What functions wrote with console.error, and workers that failed to boot or hit a limit.',
    source: 'function_logs',
    sql: `select
  timestamp,
  metadata->>'function_id' as function_id,
  metadata->>'event_type' as event_type,
  event_message,
  id
from function_logs
where metadata->>'level' = 'error'
order by timestamp desc
limit 100`,
  },
  {
    id: 'rest-errors',
    title: 'PostgREST errors by code',
    description: 'REST requests that failed in the database or the server, grouped by their code.',
    source: 'postgrest_logs',
    sql: `select
  metadata->>'code' as code,
  metadata->>'message' as message,
  count(*) as count,
  max(timestamp) as last_seen
from postgrest_logs
where metadata->>'kind' = 'request_error'
group by 1, 2
order by count desc
limit 100`,
  },
];

/** What the explorer opens with before anything is chosen. */
export const DEFAULT_EXPLORER_SQL = LOG_TEMPLATES[0].sql;
