/**
 * A project's Prometheus metrics (GET /customer/v1/privileged/metrics), read at scrape time from
 * state every node shares, so any node answers the same: the project database's own statistics
 * (the database report's reader), the API's recent requests from edge_logs and the month's Realtime
 * messages (platform database), stored objects (the project's storage schema), and Realtime's
 * connected clients counted across nodes (realtime/quotas.ts, heartbeats every 5 s).
 * Names follow postgres_exporter's where one exists, so existing Postgres dashboards read them.
 */
import { readDatabaseState } from '../../control/database-report.ts';
import type { Database } from '../../engines/types.ts';
import type { MetricFamily } from './exposition.ts';

/** The window the API figures cover; a gauge per window, as edge_logs keeps entries, not running totals. */
export const API_WINDOW_S = 300;
/** The data-plane services by their first path segment; anything else counts as `other`. */
const SERVICES = new Set(['rest', 'auth', 'storage', 'realtime', 'functions', 'graphql']);

export interface MetricSources {
  ref: string;
  /** The platform database (edge_logs, realtime_usage). */
  platformDb: Database;
  /** The project's database, through the platform's handle. */
  projectDb: Database;
  /** False on the embedded engine: one in-process session, no connections to count. */
  countConnections: boolean;
  /** Realtime sockets open for the project on every node. */
  realtimeClients: number;
}

interface ApiRow {
  service: string;
  requests: number;
  errors: number;
  time_ms: number;
  bytes: number;
}

export async function projectMetrics(sources: MetricSources): Promise<MetricFamily[]> {
  // One after another: an embedded project's database is one session, and a scrape is not urgent.
  const database = await readDatabaseState(sources.projectDb, { countConnections: sources.countConnections });
  const storage = await storageFigures(sources.projectDb);
  const api = await apiFigures(sources.platformDb, sources.ref);
  const realtimeMessages = await monthRealtimeMessages(sources.platformDb, sources.ref);
  const gauge = (name: string, help: string, value: number | null | undefined): MetricFamily =>
    ({ name, help, type: 'gauge', samples: value === null || value === undefined ? [] : [{ value }] });
  const counter = (name: string, help: string, value: number): MetricFamily => ({ name, help, type: 'counter', samples: [{ value }] });
  const perService = (name: string, help: string, pick: (row: ApiRow) => number): MetricFamily =>
    ({ name, help, type: 'gauge', samples: api.map((row) => ({ labels: { service: row.service }, value: pick(row) })) });
  const { connections, transactions } = database;
  const window = `${API_WINDOW_S / 60} minutes`;
  return [
    gauge('pg_database_size_bytes', 'Size of the project database in bytes.', database.database_size_bytes),
    {
      name: 'pg_stat_activity_count', help: 'Client connections to the project database by state.', type: 'gauge',
      samples: connections ? [{ labels: { state: 'active' }, value: connections.active }, { labels: { state: 'idle' }, value: connections.idle }] : [],
    },
    gauge('pg_stat_database_numbackends', 'Client connections to the project database.', connections?.total),
    gauge('pg_settings_max_connections', "The database server's max_connections.", connections?.max),
    gauge('plinth_db_cache_hit_ratio', 'Share of table and index block reads served from shared buffers (0..1).', database.cache_hit_rate),
    gauge('plinth_db_index_hit_ratio', 'Share of index block reads served from shared buffers (0..1).', database.index_hit_rate),
    counter('pg_stat_database_xact_commit_total', 'Transactions committed in the project database.', transactions.commits),
    counter('pg_stat_database_xact_rollback_total', 'Transactions rolled back in the project database.', transactions.rollbacks),
    counter('pg_stat_database_deadlocks_total', 'Deadlocks detected in the project database.', transactions.deadlocks),
    perService('plinth_api_requests_last_5m', `API requests in the last ${window}, by service.`, (row) => row.requests),
    perService('plinth_api_5xx_responses_last_5m', `API responses with a 5xx status in the last ${window}, by service.`, (row) => row.errors),
    perService('plinth_api_response_time_ms_sum_last_5m', `Sum of API response times (ms) in the last ${window}, by service.`, (row) => row.time_ms),
    perService('plinth_api_response_bytes_last_5m', `API response body bytes sent in the last ${window}, by service.`, (row) => row.bytes),
    gauge('plinth_storage_buckets', 'Storage buckets.', storage?.buckets),
    gauge('plinth_storage_objects', 'Stored objects.', storage?.objects),
    gauge('plinth_storage_objects_bytes', 'Bytes of stored objects.', storage?.bytes),
    gauge('plinth_realtime_connected_clients', 'Realtime sockets open now, on every platform node.', sources.realtimeClients),
    counter('plinth_realtime_messages_month_total', 'Realtime messages this calendar month (UTC).', realtimeMessages),
  ];
}

async function apiFigures(db: Database, ref: string): Promise<ApiRow[]> {
  const { rows } = await db.query<ApiRow>(
    `select split_part(metadata #>> '{request,path}', '/', 2) as service,
            count(*)::float8 as requests,
            count(*) filter (where (metadata #>> '{response,status_code}')::int >= 500)::float8 as errors,
            coalesce(sum((metadata #>> '{response,origin_time}')::float8), 0)::float8 as time_ms,
            coalesce(sum((metadata #>> '{response,bytes}')::float8), 0)::float8 as bytes
     from edge_logs where project_ref = $1 and timestamp >= now() - make_interval(secs => $2)
     group by 1`,
    [ref, API_WINDOW_S],
  );
  const byService = new Map<string, ApiRow>();
  for (const row of rows) {
    const service = SERVICES.has(row.service) ? row.service : 'other';
    const sum = byService.get(service) ?? { service, requests: 0, errors: 0, time_ms: 0, bytes: 0 };
    sum.requests += Number(row.requests);
    sum.errors += Number(row.errors);
    sum.time_ms += Number(row.time_ms);
    sum.bytes += Number(row.bytes);
    byService.set(service, sum);
  }
  return [...byService.values()].sort((a, b) => a.service.localeCompare(b.service));
}

/** Null when the project has no storage schema yet (made before storage, never called since). */
async function storageFigures(db: Database): Promise<{ buckets: number; objects: number; bytes: number } | null> {
  try {
    const { rows } = await db.query<{ buckets: number; objects: number; bytes: number }>(
      `select (select count(*) from storage.buckets)::float8 as buckets, count(*)::float8 as objects,
              coalesce(sum((metadata ->> 'size')::bigint), 0)::float8 as bytes
       from storage.objects`,
    );
    return { buckets: Number(rows[0].buckets), objects: Number(rows[0].objects), bytes: Number(rows[0].bytes) };
  } catch {
    return null;
  }
}

async function monthRealtimeMessages(db: Database, ref: string): Promise<number> {
  const { rows } = await db.query<{ messages: number }>(
    `select coalesce(sum(messages), 0)::float8 as messages from realtime_usage
     where project_ref = $1 and month = date_trunc('month', now() at time zone 'utc')::date`,
    [ref],
  );
  return Number(rows[0].messages);
}
