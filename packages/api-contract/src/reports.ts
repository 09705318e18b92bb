import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';
import { SNIPPET_VISIBILITIES } from './content.ts';

/**
 * The reports pages' figures that are not log queries: the project database's state now (size,
 * connections, cache hit rates, largest tables) and its statements by time spent. The API and
 * storage reports, and custom reports, are log queries (`logsQuery`) the studio runs itself.
 * Both need ANALYTICS_READ, as the logs do.
 */

export const databaseReportSchema = z.object({
  engine: z.enum(['embedded', 'local', 'postgres']),
  measured_at: z.string(),
  database_size_bytes: z.number(),
  /** null where the engine has no server connections to count (the embedded engine: one session). */
  connections: z.object({ active: z.number(), idle: z.number(), total: z.number(), max: z.number() }).nullable(),
  /** Shares of block reads served from shared buffers since the statistics were reset, 0..1; null before any read. */
  cache_hit_rate: z.number().nullable(),
  index_hit_rate: z.number().nullable(),
  transactions: z.object({ commits: z.number(), rollbacks: z.number(), deadlocks: z.number() }),
  largest_tables: z.array(z.object({
    schema: z.string(), name: z.string(), size_bytes: z.number(), rows_estimate: z.number(),
  })),
});
export type DatabaseReport = z.infer<typeof databaseReportSchema>;

export const QUERY_PERFORMANCE_SORTS = ['total_time', 'calls', 'mean_time', 'max_time', 'rows'] as const;

export const queryPerformanceQuery = z.object({
  sort: z.enum(QUERY_PERFORMANCE_SORTS).default('total_time'),
  /** Case-insensitive substring of the statement text. */
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const statementStatSchema = z.object({
  /** The normalised statement: constants replaced by $1, $2, ... */
  query: z.string(),
  /** The role that ran it, where the source knows it. */
  role: z.string().nullable(),
  calls: z.number(),
  rows: z.number(),
  total_time_ms: z.number(),
  mean_time_ms: z.number(),
  min_time_ms: z.number(),
  max_time_ms: z.number(),
});
export type StatementStat = z.infer<typeof statementStatSchema>;

export const queryPerformanceSchema = z.object({
  /** pg_stat_statements where the project's server has it (the local engine), else the platform's own timings. */
  source: z.enum(['pg_stat_statements', 'platform']),
  /** Since when the figures add up (the last reset), when known. */
  since: z.string().nullable(),
  statements: z.array(statementStatSchema),
});
export type QueryPerformance = z.infer<typeof queryPerformanceSchema>;

/** A custom report: charts over log queries, saved per project like SQL snippets. */
export const REPORT_CHART_KINDS = ['bar', 'line', 'table'] as const;
export const reportChartSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().trim().min(1, 'Please enter a chart title').max(200),
  /** A log query (the logs explorer's dialect). */
  sql: z.string().min(1).max(20_000),
  kind: z.enum(REPORT_CHART_KINDS),
  /** The result column along the x axis (bar, line) and the numeric columns plotted. */
  x: z.string().max(200).optional(),
  y: z.array(z.string().max(200)).max(8).optional(),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

const reportName = z.string().trim().min(1, 'Please enter a report name').max(256);

export const customReportSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string().nullable(),
  visibility: z.enum(SNIPPET_VISIBILITIES),
  charts: z.array(reportChartSchema),
  owner_id: z.string(),
  project_ref: z.string(),
  inserted_at: z.string(),
  updated_at: z.string(),
  can_edit: z.boolean(),
});
export type CustomReport = z.infer<typeof customReportSchema>;

export const customReportUpsertBody = z.object({
  id: z.string().uuid(),
  name: reportName,
  description: z.string().max(2000).nullable().optional(),
  visibility: z.enum(SNIPPET_VISIBILITIES).default('project'),
  charts: z.array(reportChartSchema).max(24),
});

/** Platform feature flags the studio reads (PLINTH_FEATURE_FLAGS, e.g. `saved_log_queries=off`). */
export const featureFlagsSchema = z.object({
  saved_log_queries: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

const refParams = z.object({ ref: refSchema });

export const reportEndpoints = {
  databaseReport: endpoint({
    method: 'GET', path: '/projects/:ref/reports/database',
    summary: "The project database now: size, connections, cache hit rates, largest tables (ANALYTICS_READ)",
    params: refParams, response: databaseReportSchema,
  }),
  queryPerformance: endpoint({
    method: 'GET', path: '/projects/:ref/reports/query-performance',
    summary: 'Statements by time spent, calls, mean time or rows (ANALYTICS_READ)',
    params: refParams, query: queryPerformanceQuery, response: queryPerformanceSchema,
  }),
  customReportsList: endpoint({
    method: 'GET', path: '/projects/:ref/content/reports',
    summary: "Custom reports: the caller's own and the project's shared ones",
    params: refParams, response: z.object({ data: z.array(customReportSchema) }),
  }),
  customReportUpsert: endpoint({
    method: 'PUT', path: '/projects/:ref/content/reports',
    summary: 'Create or save a custom report',
    params: refParams, body: customReportUpsertBody, response: customReportSchema,
  }),
  customReportDelete: endpoint({
    method: 'DELETE', path: '/projects/:ref/content/reports/:id',
    summary: 'Delete a custom report',
    params: z.object({ ref: refSchema, id: z.string().uuid() }), response: z.object({ deleted: z.array(z.string()) }),
  }),
  featureFlags: endpoint({
    method: 'GET', path: '/feature-flags', summary: "The platform's feature flags",
    response: featureFlagsSchema,
  }),
} as const satisfies Record<string, Endpoint>;
