/**
 * The logs query API (`analytics/endpoints/logs.all`): a member's Postgres SQL over the log sources,
 * scoped by @plinth/log-sql to the project and a time range no older than the plan keeps logs, run
 * read-only with a time-out, a cost ceiling and row and byte caps. What the query itself gets wrong
 * (syntax, a refused function, a division by zero, the time-out) answers 200 with `error`, as
 * Supabase's endpoint does, so the explorer shows it beside the query.
 */
import { LOG_QUERY_MAX_ROWS, LOG_RETENTION_DAYS, type LogsQuery, type LogsQueryResult } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { runLogQuery, scopeLogQuery } from '@plinth/log-sql';
import { Action, Resource } from '@plinth/permissions';
import type { Plan } from '@plinth/plans';
import { LOG_SOURCES } from '../data-plane/logs/sources.ts';
import type { Database, Queryable } from '../engines/types.ts';
import { authorize } from './access.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';

/** The range when the caller names none: the last hour. */
const DEFAULT_RANGE_MS = 3600_000;
/** Bytes of rows (as JSON) one answer carries at most; rows past it are cut, like rows past the row cap. */
const MAX_RESULT_BYTES = 10 * 1024 * 1024;
const DAY_MS = 86_400_000;

export async function queryLogs(ctx: ControlContext, actor: Actor, ref: string, query: LogsQuery): Promise<LogsQueryResult> {
  const { role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.ANALYTICS_READ, Resource.LOGS);
  const { start, end } = queryRange(query, organization.plan, new Date());
  const range = { iso_timestamp_start: start.toISOString(), iso_timestamp_end: end.toISOString() };
  const scoped = await scopeLogQuery(query.sql, { sources: LOG_SOURCES, tableSchema: await logTableSchema(ctx.db) });
  if ('error' in scoped) return { error: scoped.error, ...range };
  const limits = {
    projectRef: ref, start, end, maxRows: LOG_QUERY_MAX_ROWS, maxBytes: MAX_RESULT_BYTES,
    statementTimeoutMs: ctx.config.logQueries.timeoutMs, maxCost: ctx.config.logQueries.maxCost,
  };
  const outcome = await rolledBack(ctx.db, (tx) => runLogQuery(tx, scoped, limits));
  if ('error' in outcome) return { error: outcome.error, ...range };
  return { result: outcome.rows, is_truncated: outcome.isTruncated, ...range };
}

/**
 * [start, end): the last hour unless named; the start no earlier than the plan's retention (older
 * entries are deleted anyway, and the range must not reach what another plan would keep).
 */
export function queryRange(query: Pick<LogsQuery, 'iso_timestamp_start' | 'iso_timestamp_end'>, plan: Plan, now: Date): { start: Date; end: Date } {
  const end = query.iso_timestamp_end ? new Date(query.iso_timestamp_end) : now;
  const start = query.iso_timestamp_start ? new Date(query.iso_timestamp_start) : new Date(end.getTime() - DEFAULT_RANGE_MS);
  if (start.getTime() > end.getTime()) {
    const message = 'iso_timestamp_start must not be after iso_timestamp_end.';
    throw new PlinthError('validation_failed', message, { issues: [{ path: 'iso_timestamp_start', message }] });
  }
  const oldest = now.getTime() - LOG_RETENTION_DAYS[plan] * DAY_MS;
  const clippedStart = new Date(Math.max(start.getTime(), oldest));
  // A range wholly before the retention window reads nothing: it becomes empty, not a wider one.
  return { start: clippedStart, end: new Date(Math.max(end.getTime(), clippedStart.getTime())) };
}

/** The schema the log tables were migrated into (the query runs with search_path = pg_catalog, so they are named with it). */
const tableSchemas = new WeakMap<Database, Promise<string>>();

function logTableSchema(db: Database): Promise<string> {
  let schema = tableSchemas.get(db);
  if (!schema) {
    schema = db
      .query<{ schema: string }>(`select n.nspname as schema from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where c.oid = 'edge_logs'::regclass`)
      .then(({ rows }) => rows[0].schema);
    schema.catch(() => tableSchemas.delete(db));
    tableSchemas.set(db, schema);
  }
  return schema;
}

class RollBack<T> {
  constructor(readonly value: T) {}
}

/** Runs `fn` in a transaction that is always rolled back: a log query has nothing to keep. */
async function rolledBack<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new RollBack(await fn(tx));
    });
  } catch (error) {
    if (error instanceof RollBack) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: the transaction always throws');
}
