/**
 * A local cluster's pg_stat_statements (preloaded by plinth.conf with track = all, created in
 * `extensions` by the template), read for the query performance report: the project database's
 * statements with the role that ran them, sorted and cut on the server. The owner `postgres` may
 * read every row's text (pg_monitor includes pg_read_all_stats).
 *
 * As the platform's own figures on the other engines (observed-database.ts), a cursor counts as the
 * statement it reads: its execution is the nested entry pg_stat_statements keeps under the DECLARE's
 * text, shown without the DECLARE; the top-level entries of transaction, savepoint and cursor
 * commands (BEGIN, SAVEPOINT, DECLARE, FETCH, CLOSE, ...) are left out.
 */
import type { Queryable, ServerStatementStats, StatementStatsQuery, StatementStatsSort } from '../types.ts';

/** Each sort key's column: fixed text, never the caller's. */
const ORDER_BY: Record<StatementStatsSort, string> = {
  total_time: 's.total_exec_time',
  calls: 's.calls',
  mean_time: 's.mean_exec_time',
  max_time: 's.max_exec_time',
  rows: 's.rows',
};

/** Commands that only drive a transaction, a savepoint or a cursor (a regular expression for the server: \y is a word boundary). */
const PROTOCOL = String.raw`^\s*(begin|start|commit|end|rollback|abort|savepoint|release|declare|fetch|move|close)\y`;
/** `DECLARE name ... CURSOR ... FOR ` before a cursor's statement. */
const DECLARE_PREFIX = /^\s*declare\s+("(?:[^"]|"")+"|\S+)\s[\s\S]*?\bcursor\b[\s\S]*?\bfor\s+/i;

interface Row {
  query: string;
  role: string | null;
  calls: number | string;
  rows: number | string;
  total_time_ms: number;
  mean_time_ms: number;
  min_time_ms: number;
  max_time_ms: number;
}

export async function readStatementStats(db: Queryable, query: StatementStatsQuery): Promise<ServerStatementStats> {
  const { rows } = await db.query<Row>(
    `select s.query, r.rolname as role, s.calls, s.rows,
            s.total_exec_time as total_time_ms, s.mean_exec_time as mean_time_ms,
            s.min_exec_time as min_time_ms, s.max_exec_time as max_time_ms
       from extensions.pg_stat_statements s
       left join pg_catalog.pg_roles r on r.oid = s.userid
      where s.dbid = (select oid from pg_catalog.pg_database where datname = current_database())
        and not (s.toplevel and s.query ~* $2)
      order by ${ORDER_BY[query.sort]} desc, s.queryid
      limit $1`,
    [query.limit, PROTOCOL],
  );
  const info = await db.query<{ since: Date | string | null }>('select stats_reset as since from extensions.pg_stat_statements_info');
  const since = info.rows[0]?.since ?? null;
  return {
    since: since === null ? null : new Date(since).toISOString(),
    statements: rows.map((row) => ({ ...row, query: row.query.replace(DECLARE_PREFIX, ''), calls: Number(row.calls), rows: Number(row.rows) })),
  };
}
