/**
 * The query performance report (reports/query-performance): the project's statements by time spent,
 * calls, mean or max time, or rows. From pg_stat_statements where the project's own server keeps it
 * (the local engine), else from the figures the platform records for every statement it runs in the
 * project (data-plane/logs/statement-stats.ts). Either way the texts shown have their constants
 * masked as $1, $2, ... (pg_stat_statements keeps a utility statement's literals, a password in
 * ALTER ROLE among them), and a search looks only at the masked texts, so it cannot tell what a
 * value was.
 */
import type { QueryPerformance, StatementStat } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { normalizeStatement } from '@plinth/log-sql';
import { Action, Resource } from '@plinth/permissions';
import type { StatementStatsSort } from '../engines/types.ts';
import { authorize } from './access.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject, locationOf } from './project-rows.ts';

export interface QueryPerformanceQuery {
  sort: StatementStatsSort;
  search?: string;
  limit: number;
}

/** pg_stat_statements keeps 5,000 statements by default: a search reads them all, masks, then filters. */
const SERVER_SEARCH_SCAN = 5000;

/** Each sort key's column of statement_stats: fixed text, never the caller's. */
const ORDER_BY: Record<StatementStatsSort, string> = {
  total_time: 'total_time_ms',
  calls: 'calls',
  mean_time: 'total_time_ms / calls',
  max_time: 'max_time_ms',
  rows: 'rows',
};

export async function queryPerformance(ctx: ControlContext, actor: Actor, ref: string, query: QueryPerformanceQuery): Promise<QueryPerformance> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.ANALYTICS_READ, Resource.LOGS);
  if (project.status !== 'ACTIVE_HEALTHY') {
    throw new PlinthError('project_not_active', `The project is ${project.status}; its query performance is available once it is ACTIVE_HEALTHY.`);
  }
  const search = query.search?.trim().toLowerCase() || undefined;
  const server = await ctx.engine.serverStatementStats(locationOf(project), { sort: query.sort, limit: search ? SERVER_SEARCH_SCAN : query.limit });
  if (server) {
    const statements = server.statements
      .map((statement) => ({ ...statement, query: normalizeStatement(statement.query) }))
      .filter((statement) => !search || statement.query.toLowerCase().includes(search))
      .slice(0, query.limit);
    return { source: 'pg_stat_statements', since: server.since, statements };
  }
  // This node's latest figures first, so statements just run are in the answer.
  await ctx.statementStats.flush();
  return { source: 'platform', ...(await recordedStats(ctx, ref, query.sort, search, query.limit)) };
}

interface Row {
  query: string;
  calls: number | string;
  rows: number | string;
  total_time_ms: number;
  min_time_ms: number;
  max_time_ms: number;
}

async function recordedStats(ctx: ControlContext, ref: string, sort: StatementStatsSort, search: string | undefined, limit: number): Promise<Omit<QueryPerformance, 'source'>> {
  const { rows } = await ctx.db.query<Row>(
    `select query, calls, rows, total_time_ms, min_time_ms, max_time_ms
       from statement_stats
      where project_ref = $1 and ($2::text is null or strpos(lower(query), $2::text) > 0)
      order by ${ORDER_BY[sort]} desc, query_id
      limit $3`,
    [ref, search ?? null, limit],
  );
  const first = await ctx.db.query<{ since: Date | string | null }>('select min(first_seen_at) as since from statement_stats where project_ref = $1', [ref]);
  const since = first.rows[0]?.since ?? null;
  const statements: StatementStat[] = rows.map((row) => {
    const calls = Number(row.calls);
    return {
      query: row.query,
      role: null,
      calls,
      rows: Number(row.rows),
      total_time_ms: row.total_time_ms,
      mean_time_ms: calls > 0 ? row.total_time_ms / calls : 0,
      min_time_ms: row.min_time_ms,
      max_time_ms: row.max_time_ms,
    };
  });
  return { since: since === null ? null : new Date(since).toISOString(), statements };
}
