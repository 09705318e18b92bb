import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * Logs queried with SQL (Supabase's `analytics/endpoints/logs.all`): Postgres SQL over one relation
 * per log source (edge_logs, postgres_logs, ...: id, timestamp, event_message, metadata jsonb),
 * which the server scopes to the project and the time range before it runs the query read-only,
 * with a time-out and a row cap. An invalid or refused query answers 200 with `error`, as Supabase's
 * endpoint does, so the explorer shows the message next to the query.
 */
export const LOG_QUERY_MAX_ROWS = 1000;
export const LOG_QUERY_MAX_SQL_LENGTH = 20_000;

/** Days of logs kept per plan (Free 1, Pro 7, Team 28, Enterprise 90); the explorer's range cannot go further back. */
export const LOG_RETENTION_DAYS = { free: 1, pro: 7, team: 28, enterprise: 90 } as const;

export const logsQuerySchema = z.object({
  sql: z.string().min(1).max(LOG_QUERY_MAX_SQL_LENGTH),
  /** ISO timestamps; the range defaults to the last hour and is clipped to the plan's retention. */
  iso_timestamp_start: z.string().datetime({ offset: true }).optional(),
  iso_timestamp_end: z.string().datetime({ offset: true }).optional(),
});
export type LogsQuery = z.infer<typeof logsQuerySchema>;

export const logsQueryResultSchema = z.object({
  result: z.array(z.record(z.string(), z.unknown())).optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  /** The range the query ran over after clipping, and whether the row cap cut the result. */
  iso_timestamp_start: z.string().optional(),
  iso_timestamp_end: z.string().optional(),
  is_truncated: z.boolean().optional(),
});
export type LogsQueryResult = z.infer<typeof logsQueryResultSchema>;

const refParams = z.object({ ref: refSchema });
const PATH = '/projects/:ref/analytics/endpoints/logs.all';

export const analyticsEndpoints = {
  logsQuery: endpoint({
    method: 'GET', path: PATH, summary: "Query the project's logs with SQL over one relation per source (ANALYTICS_READ)",
    params: refParams, query: logsQuerySchema, response: logsQueryResultSchema,
  }),
  v1LogsQuery: endpoint({
    method: 'GET', path: PATH, scope: 'analytics:read', summary: "Query the project's logs with SQL over one relation per source",
    params: refParams, query: logsQuerySchema, response: logsQueryResultSchema,
  }),
} as const satisfies Record<string, Endpoint>;
