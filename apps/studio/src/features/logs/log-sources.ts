/**
 * The per-source log pages (spec document 1 route map) and where each source keeps the fields its
 * filters use, as the platform's writers store them (apps/platform/src/data-plane/logs/*.ts).
 * Expressions here are fixed SQL; user input never reaches them (see source-sql.ts).
 */

export type LogSourceName =
  | 'edge_logs'
  | 'postgres_logs'
  | 'postgrest_logs'
  | 'auth_logs'
  | 'storage_logs'
  | 'realtime_logs'
  | 'function_edge_logs'
  | 'function_logs'
  | 'pgbouncer_logs';

export const LOG_SOURCE_NAMES: readonly LogSourceName[] = [
  'edge_logs', 'postgres_logs', 'postgrest_logs', 'auth_logs', 'storage_logs', 'realtime_logs', 'function_edge_logs', 'function_logs', 'pgbouncer_logs',
];

export interface LogSourcePage {
  /** The route segment under /project/{ref}/logs/. */
  slug: string;
  source: LogSourceName;
  title: string;
  description: string;
  /** SQL giving the HTTP status as text, for sources whose entries have one. */
  statusSql?: string;
  /** SQL giving the HTTP method, for sources whose entries have one. */
  methodSql?: string;
  /** SQL giving a level (info, warning, error) shown beside the message. */
  levelSql?: string;
}

export const LOG_SOURCE_PAGES: readonly LogSourcePage[] = [
  {
    slug: 'edge-logs',
    source: 'edge_logs',
    // IS_PLATFORM is on in Plinth, so the menu calls it this too.
    title: 'API Edge Network',
    description: 'Every request to the project’s APIs: REST, Auth, Storage, Realtime and Edge Functions.',
    statusSql: "metadata->'response'->>'status_code'",
    methodSql: "metadata->'request'->>'method'",
  },
  {
    slug: 'postgres-logs',
    source: 'postgres_logs',
    title: 'Postgres',
    description: 'What the project’s database server logs: errors, slow statements and connections.',
  },
  {
    slug: 'postgrest-logs',
    source: 'postgrest_logs',
    title: 'PostgREST',
    description: 'Schema cache loads and the REST requests that failed in the database or the server.',
    statusSql: "metadata->>'status'",
    methodSql: "metadata->>'method'",
    levelSql: "metadata->>'level'",
  },
  {
    slug: 'auth-logs',
    source: 'auth_logs',
    title: 'Auth',
    description: 'Requests to the project’s Auth service with the event each caused: sign-ups, logins, token refreshes and failures.',
    statusSql: "metadata->>'status'",
    methodSql: "metadata->>'method'",
    levelSql: "metadata->>'level'",
  },
  {
    slug: 'storage-logs',
    source: 'storage_logs',
    title: 'Storage',
    description: 'Requests to the project’s Storage API: uploads, downloads, bucket changes and the errors they met.',
    statusSql: "metadata->>'status'",
    methodSql: "metadata->>'method'",
    levelSql: "metadata->>'level'",
  },
  {
    slug: 'realtime-logs',
    source: 'realtime_logs',
    title: 'Realtime',
    description: 'Sockets connecting and leaving, channel joins, and the errors clients caused.',
    levelSql: "metadata->>'level'",
  },
  {
    slug: 'function-edge-logs',
    source: 'function_edge_logs',
    title: 'Function Edge',
    description: 'Every invocation of the project’s Edge Functions: method, status and execution time.',
    statusSql: "metadata->'response'->>'status_code'",
    methodSql: "metadata->'request'->>'method'",
  },
  {
    slug: 'function-logs',
    source: 'function_logs',
    title: 'Function Runtime',
    description: 'What the project’s Edge Functions print (console.log, console.error), and their workers booting and shutting down.',
    levelSql: "metadata->>'level'",
  },
  {
    slug: 'pooler-logs',
    source: 'pgbouncer_logs',
    title: 'Pooler',
    description: 'Clients connecting to the database through the pooler (psql, ORMs, migration tools), leaving, and the logins it refused.',
    levelSql: "metadata->>'level'",
  },
];

export function logSourcePageOf(slug: string | undefined): LogSourcePage | undefined {
  return LOG_SOURCE_PAGES.find((page) => page.slug === slug);
}

/** Completion for the explorer's editor: every source with its columns. */
export const LOG_COMPLETION_SCHEMA = {
  public: Object.fromEntries(LOG_SOURCE_NAMES.map((name) => [name, ['id', 'timestamp', 'event_message', 'metadata']])),
};
