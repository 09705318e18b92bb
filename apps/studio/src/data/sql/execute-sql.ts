/**
 * Runs SQL in a project database through pg-meta: `POST /api/platform/pg-meta/{ref}/query {query}`.
 *
 * Today's answer is the rows of the last statement (as Supabase's pg-meta answers). The editor also
 * sends `query_id` (for cancel), `max_rows`, `statement_timeout_ms` and `results: 'all'`; a server
 * that honours them may answer `{ results: [{ command, fields, rows, row_count, truncated }] }`,
 * and then every statement's result, its row count and the server's row cap are shown. Unknown body
 * fields are ignored by the endpoint's schema, so both kinds of server work.
 */
import { api, isApiError } from '../../lib/api.ts';

export type SqlRow = Record<string, unknown>;

export interface SqlField {
  name: string;
  /** The Postgres type name when the server sends it. */
  type?: string;
}

export interface StatementResult {
  /** SELECT, INSERT, ... when the server reports it. */
  command?: string;
  fields: SqlField[];
  rows: SqlRow[];
  /** Rows returned, or rows changed by INSERT/UPDATE/DELETE. */
  rowCount: number;
  /** The server stopped reading rows at its cap. */
  isTruncated: boolean;
}

export interface ExecuteOptions {
  signal?: AbortSignal;
  /** Lets a Cancel button name this run (see cancelSql). */
  queryId?: string;
  /** Upper bound of rows the server should send back per statement. */
  maxRows?: number;
  statementTimeoutMs?: number;
  /** Ask for every statement's result (`{ results: [...] }`), not only the last one's rows. */
  allResults?: boolean;
}

/** A database error with the details Postgres gives (SQLSTATE, 1-based character position, hint). */
export interface SqlErrorDetails {
  message: string;
  sqlState?: string;
  /** 0-based offset in the submitted query, when Postgres reported one. */
  offset?: number;
  hint?: string;
  detail?: string;
  isCancelled: boolean;
  isTimeout: boolean;
}

interface WireResult {
  command?: string;
  fields?: SqlField[];
  rows?: SqlRow[];
  row_count?: number;
  rowCount?: number;
  truncated?: boolean;
}

function fieldsOf(rows: SqlRow[]): SqlField[] {
  const names = new Set<string>();
  // Column order is the first row's key order; later rows can only add keys in odd answers.
  for (const row of rows.slice(0, 50)) for (const name of Object.keys(row)) names.add(name);
  return [...names].map((name) => ({ name }));
}

function resultOf(wire: WireResult): StatementResult {
  const rows = Array.isArray(wire.rows) ? wire.rows : [];
  return {
    command: wire.command,
    fields: wire.fields && wire.fields.length > 0 ? wire.fields : fieldsOf(rows),
    rows,
    rowCount: wire.row_count ?? wire.rowCount ?? rows.length,
    isTruncated: wire.truncated === true,
  };
}

/** Every answer shape the endpoint may give, as a list of statement results. */
export function normaliseAnswer(answer: unknown): StatementResult[] {
  if (Array.isArray(answer)) return [resultOf({ rows: answer as SqlRow[] })];
  if (answer && typeof answer === 'object') {
    const body = answer as { results?: WireResult[]; rows?: SqlRow[] };
    if (Array.isArray(body.results)) return body.results.map(resultOf);
    if (Array.isArray(body.rows)) return [resultOf(body as WireResult)];
  }
  return [resultOf({ rows: [] })];
}

export async function executeSql(ref: string, sql: string, options: ExecuteOptions = {}): Promise<StatementResult[]> {
  const body: Record<string, unknown> = { query: sql };
  if (options.queryId) body.query_id = options.queryId;
  if (options.maxRows) body.max_rows = options.maxRows;
  if (options.statementTimeoutMs) body.statement_timeout_ms = options.statementTimeoutMs;
  if (options.allResults) body.results = 'all';
  const answer = await api.post<unknown>(`/pg-meta/${encodeURIComponent(ref)}/query`, body, { signal: options.signal });
  return normaliseAnswer(answer);
}

/** The rows of the last statement: what the studio's own catalog and row queries need. */
export async function querySql<T = SqlRow>(ref: string, sql: string, signal?: AbortSignal): Promise<T[]> {
  const results = await executeSql(ref, sql, { signal });
  return (results.at(-1)?.rows ?? []) as T[];
}

/** A json/jsonb column arrives parsed from one driver and as text from another. */
export function jsonValue<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}

/**
 * Asks the server to cancel a running query (pg_cancel_backend on its connection). Best effort: an
 * older server without the endpoint answers 404, and the aborted fetch already freed the editor.
 */
export async function cancelSql(ref: string, queryId: string): Promise<void> {
  try {
    await api.post(`/pg-meta/${encodeURIComponent(ref)}/query/cancel`, { query_id: queryId }, { timeoutMs: 5000 });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 405)) return;
    throw error;
  }
}

function pick(details: unknown, key: string): unknown {
  return details && typeof details === 'object' && key in details ? (details as Record<string, unknown>)[key] : undefined;
}

/** What went wrong, with Postgres' own details when the server passed them on. */
export function sqlErrorDetails(error: unknown): SqlErrorDetails {
  if (error instanceof DOMException && error.name === 'AbortError') {
    return { message: 'The query was cancelled.', isCancelled: true, isTimeout: false };
  }
  const message = error instanceof Error ? error.message : String(error);
  const details = isApiError(error) ? error.details : undefined;
  const sqlState = pick(details, 'code') ?? pick(details, 'sqlState');
  const position = Number(pick(details, 'position'));
  const hint = pick(details, 'hint');
  const detail = pick(details, 'detail');
  const state = typeof sqlState === 'string' ? sqlState : undefined;
  // 57014 is query_canceled: by a time-out, or by the cancel endpoint.
  const isTimeout = state === '57014' && /timeout/i.test(message);
  return {
    message,
    sqlState: state,
    offset: Number.isFinite(position) && position > 0 ? position - 1 : undefined,
    hint: typeof hint === 'string' ? hint : undefined,
    detail: typeof detail === 'string' ? detail : undefined,
    isCancelled: state === '57014' && !isTimeout,
    isTimeout,
  };
}
