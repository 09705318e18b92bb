/**
 * Runs a scoped log query (scope.ts) in a transaction the caller opened for it, and shapes the
 * answer: rows as JSON objects, the row and byte caps, and the database's refusals as errors for
 * the person who wrote the query. The caller's `query` is the transaction's: the settings below are
 * local to it and end with it.
 */
import type { ScopedLogQuery } from './scope.ts';

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface LogQueryLimits {
  projectRef: string;
  /** The range [start, end). */
  start: Date;
  end: Date;
  maxRows: number;
  /** Bytes of result rows (as JSON) sent back at most; rows past it are cut like rows past maxRows. */
  maxBytes: number;
  statementTimeoutMs: number;
  /**
   * The planner's estimate a query may cost at most. The embedded engine's database (PGlite) has no
   * statement time-out, so a query whose plan is far too large (a cross join of big ranges) is
   * refused before it runs rather than left to block the platform database.
   */
  maxCost: number;
}

export type LogQueryErrorCode = 'query_error' | 'query_timeout' | 'query_too_expensive';

export type LogQueryOutcome =
  | { rows: Record<string, unknown>[]; isTruncated: boolean }
  | { error: { code: LogQueryErrorCode; message: string } };

/** Postgres's query_canceled: the statement time-out (nothing else cancels these statements). */
const QUERY_CANCELED = '57014';

interface SizedRow {
  logs_row: Record<string, unknown> | null;
  logs_count: number | string;
}

/** Must be the first statements of the transaction (SET TRANSACTION READ ONLY has to come before any query). */
export async function runLogQuery(tx: Queryable, scoped: ScopedLogQuery, limits: LogQueryLimits): Promise<LogQueryOutcome> {
  await tx.query('set transaction read only');
  // search_path: every function, operator and type the checker let through resolves to the
  // built-in one (pg_temp, searched first for types unless named, last). UTC: date_trunc and
  // timestamps read the same on every server. standard_conforming_strings: the server reads
  // backslashes in string literals as the checker's parser did.
  await tx.query(
    `select set_config('statement_timeout', $1, true), set_config('search_path', 'pg_catalog, pg_temp', true),
       set_config('timezone', 'UTC', true), set_config('standard_conforming_strings', 'on', true)`,
    [`${Math.max(1, Math.round(limits.statementTimeoutMs))}ms`],
  );
  const params = [limits.projectRef, limits.start.toISOString(), limits.end.toISOString(), limits.maxRows + 1, limits.maxBytes];
  try {
    const cost = await estimatedCost(tx, scoped.sql, params);
    if (cost > limits.maxCost) {
      return { error: { code: 'query_too_expensive', message: 'This query would take too long to run: narrow the time range, or avoid joining large sets of rows to each other.' } };
    }
    const { rows } = await tx.query<SizedRow>(scoped.sql, params);
    return shape(rows, limits.maxRows);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const message = error instanceof Error ? error.message : '';
    if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) throw error; // not the database's answer
    if (code === QUERY_CANCELED) {
      return { error: { code: 'query_timeout', message: `The query ran longer than ${limits.statementTimeoutMs / 1000} s and was stopped: narrow the time range or simplify it.` } };
    }
    return { error: { code: 'query_error', message } };
  }
}

async function estimatedCost(tx: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Total Cost'?: number } }[];
  return plan[0]?.Plan?.['Total Cost'] ?? 0;
}

function shape(rows: SizedRow[], maxRows: number): LogQueryOutcome {
  const read = Number(rows[0]?.logs_count ?? 0);
  const kept = rows.flatMap((row) => (row.logs_row === null ? [] : [row.logs_row])).slice(0, maxRows);
  return { rows: kept, isTruncated: read > kept.length };
}
