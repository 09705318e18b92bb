/**
 * What a function's page shows of its traffic, read from the log sources the runtime writes
 * (data-plane/logs/function-logs.ts): invocation counts, errors and p50/p95 duration per time
 * bucket from function_edge_logs, and either source's entries newest first, a page at a time.
 */
import type { FunctionLogs, FunctionLogSource, FunctionStats, FunctionStatsInterval } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { isLogSource } from '../data-plane/logs/sources.ts';
import { authorize } from './access.ts';
import type { Actor, ControlContext } from './context.ts';
import { functionRow, type EdgeFunctionRow } from './edge-functions.ts';
import { accessProject } from './project-rows.ts';

const INTERVALS: Record<FunctionStatsInterval, { spanSeconds: number; bucketSeconds: number }> = {
  '1h': { spanSeconds: 3600, bucketSeconds: 60 },
  '24h': { spanSeconds: 86_400, bucketSeconds: 1800 },
  '7d': { spanSeconds: 604_800, bucketSeconds: 21_600 },
};

interface FigureRow {
  bucket?: Date | string;
  count: number | string;
  errors: number | string;
  p50: number | string | null;
  p95: number | string | null;
}

const FIGURES = `count(*) as count,
  count(*) filter (where (metadata->'response'->>'status_code')::int >= 500) as errors,
  percentile_cont(0.5) within group (order by (metadata->>'execution_time_ms')::float8) as p50,
  percentile_cont(0.95) within group (order by (metadata->>'execution_time_ms')::float8) as p95`;

function figures(row: FigureRow | undefined) {
  const ms = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10);
  return { count: Number(row?.count ?? 0), errors: Number(row?.errors ?? 0), p50_ms: ms(row?.p50), p95_ms: ms(row?.p95) };
}

async function readableFunction(ctx: ControlContext, actor: Actor, ref: string, slug: string): Promise<EdgeFunctionRow> {
  const { role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.READ, Resource.EDGE_FUNCTIONS);
  const row = await functionRow(ctx, ref, slug);
  if (!row) throw new PlinthError('function_not_found');
  return row;
}

export async function functionStats(ctx: ControlContext, actor: Actor, ref: string, slug: string, interval: FunctionStatsInterval): Promise<FunctionStats> {
  const row = await readableFunction(ctx, actor, ref, slug);
  const { spanSeconds, bucketSeconds } = INTERVALS[interval];
  // Buckets are aligned to the bucket size, so the chart does not shift between refreshes.
  const end = Math.ceil(Date.now() / 1000 / bucketSeconds) * bucketSeconds;
  const start = new Date((end - spanSeconds) * 1000).toISOString();
  const where = `from function_edge_logs where project_ref = $1 and metadata->>'function_id' = $2 and timestamp >= $3::timestamptz`;
  const totals = await ctx.db.query<FigureRow>(`select ${FIGURES} ${where}`, [ref, row.id, start]);
  const { rows } = await ctx.db.query<FigureRow>(
    `select date_bin(make_interval(secs => $4), timestamp, $3::timestamptz) as bucket, ${FIGURES} ${where} group by 1`,
    [ref, row.id, start, bucketSeconds],
  );
  const byBucket = new Map(rows.map((bucket) => [new Date(bucket.bucket!).getTime(), bucket]));
  const buckets = [];
  for (let at = (end - spanSeconds) * 1000; at < end * 1000; at += bucketSeconds * 1000) {
    buckets.push({ timestamp: new Date(at).toISOString(), ...figures(byBucket.get(at)) });
  }
  return { interval, bucket_seconds: bucketSeconds, totals: figures(totals.rows[0]), buckets };
}

export async function functionLogs(
  ctx: ControlContext, actor: Actor, ref: string, slug: string,
  query: { source: FunctionLogSource; before?: string; limit: number },
): Promise<FunctionLogs> {
  const row = await readableFunction(ctx, actor, ref, slug);
  // The contract allows the two function sources only; checked again because it is interpolated.
  if (!isLogSource(query.source)) throw new PlinthError('validation_failed', `Unknown log source ${query.source}.`);
  const { rows } = await ctx.db.query<{ id: string; timestamp: Date | string; event_message: string; metadata: Record<string, unknown> | string }>(
    `select id, timestamp, event_message, metadata from ${query.source}
     where project_ref = $1 and metadata->>'function_id' = $2 and ($3::timestamptz is null or timestamp < $3::timestamptz)
     order by timestamp desc, id desc limit $4`,
    [ref, row.id, query.before ?? null, query.limit],
  );
  return {
    entries: rows.map((entry) => ({
      id: entry.id,
      timestamp: new Date(entry.timestamp).toISOString(),
      event_message: entry.event_message,
      metadata: typeof entry.metadata === 'string' ? JSON.parse(entry.metadata) : entry.metadata,
    })),
  };
}
