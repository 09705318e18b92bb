/**
 * What project databases report while they run, for the postgres_logs source and the query
 * performance report. Each engine reports what it can see best:
 * - local: the lines of each cluster's own server log (JSON), read as they are written
 *   (local/server-log.ts); its statement statistics are pg_stat_statements'.
 * - embedded and postgres: no server log the platform can read per project (PGlite has no log
 *   files; a shared server's log holds every tenant and is not the platform's to read), so the
 *   statements the platform runs in the project, through the one Database handle every caller uses,
 *   are reported as they finish or fail (observed-database.ts).
 * The engine only reports facts; what becomes a log entry or a statistic is decided above it
 * (data-plane/logs/postgres-logs.ts), which is also where values are masked.
 */
import type { DatabaseError } from './database-error.ts';

/**
 * Statements that run at least this long are logged as slow: by the server on the local engine
 * (log_min_duration_statement), by the platform's handle on the others. A second is what Supabase's
 * reports call slow, and few statements of a healthy API take it, so the source stays readable.
 */
export const SLOW_STATEMENT_MS = 1000;

/** One line of a server's jsonlog, as PostgreSQL writes it (fields absent when they do not apply). */
export interface ServerLogRecord {
  timestamp: string;
  user?: string;
  dbname?: string;
  pid?: number;
  remote_host?: string;
  remote_port?: number;
  session_id?: string;
  line_num?: number;
  ps?: string;
  session_start?: string;
  vxid?: string;
  txid?: number;
  error_severity: string;
  state_code?: string;
  message: string;
  detail?: string;
  hint?: string;
  internal_query?: string;
  internal_position?: number;
  context?: string;
  statement?: string;
  cursor_position?: number;
  func_name?: string;
  file_name?: string;
  file_line_num?: number;
  application_name?: string;
  backend_type?: string;
  leader_pid?: number;
  query_id?: number;
}

/** A statement the platform ran in a project, as its handle saw it. */
export interface StatementRun {
  /** The text as run (values bound as parameters are not in it). */
  sql: string;
  /** Wall time as the platform waited for it, queueing for the connection included. */
  durationMs: number;
  /** Rows returned, or changed by INSERT/UPDATE/DELETE. */
  rows: number;
  /** When it ended (Unix ms). */
  at: number;
  /** The SQL error it failed with, or null. */
  error: DatabaseError | null;
  /** Whom it ran as and where (the engine's names for the platform's session). */
  user: string;
  database: string;
}

export interface DatabaseObserver {
  /** A line of the project's server log (local engine). */
  serverLog(ref: string, record: ServerLogRecord): void;
  /** A statement the platform ran in the project finished or failed (embedded and postgres engines). */
  statement(ref: string, run: StatementRun): void;
  /**
   * Resolves when what was reported so far is stored (or counted as dropped): a server log reader
   * moves its saved position only after this, so a restart neither repeats nor loses lines.
   */
  flush(): Promise<void>;
}
