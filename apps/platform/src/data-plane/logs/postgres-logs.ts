/**
 * postgres_logs: what the project's database reports, with Supabase's field names in metadata
 * (error_severity, sql_state_code, user_name, database_name, application_name, backend_type, query,
 * detail, hint, session_id, timestamp, ...) and the message as `event_message`.
 * - Local engine: every line of the cluster's own server log (errors, connections and
 *   disconnections, statements slower than SLOW_STATEMENT_MS, server events), at the line's time.
 * - Embedded and postgres engines: the statements the platform runs in the project that fail (with
 *   their SQLSTATE) or take at least SLOW_STATEMENT_MS, as Postgres would have logged them.
 *
 * Never a value: statements are normalised (constants become $1, $2, ..., so ALTER ROLE ... PASSWORD
 * shows no password), values Postgres quotes in a message are masked, and so are the row values a
 * detail repeats (`Key (email)=(...)`, `Failing row contains (...)`); bind parameters are kept out
 * of the server's log by its settings. The writer's redaction stands behind all of this.
 *
 * The same observer feeds the query performance figures the platform records (statement-stats.ts)
 * on the engines whose servers keep none it can read.
 */
import { normalizeStatement } from '@plinth/log-sql';
import { SLOW_STATEMENT_MS, type DatabaseObserver, type ServerLogRecord, type StatementRun } from '../../engines/observer.ts';
import type { LogWriter } from './log-writer.ts';
import { withoutValues } from './postgrest-logs.ts';
import type { StatementStats } from './statement-stats.ts';

/** Characters of a statement a log entry keeps: enough to recognise it, not a whole migration. */
const MAX_STATEMENT_CHARS = 10_000;
/** The application_name of the platform's own sessions, named so on every engine. */
const PLATFORM_APPLICATION = 'plinth';

/** The statement of a slow-statement or statement-logging line: "duration: 1.2 ms  statement: ..." or "execute <unnamed>: ...". */
const LOGGED_STATEMENT = /^((?:duration: [\d.]+ ms {2})?(?:statement|(?:execute|parse|bind) [^:]*): )([\s\S]*)$/;
const DURATION = /^duration: ([\d.]+) ms/;

export function maskStatement(sql: string): string {
  const masked = normalizeStatement(sql);
  return masked.length > MAX_STATEMENT_CHARS ? `${masked.slice(0, MAX_STATEMENT_CHARS)}...` : masked;
}

/** A message with the statement it carries normalised and the values it quotes masked. */
export function maskMessage(message: string): string {
  const logged = LOGGED_STATEMENT.exec(message);
  return logged ? `${logged[1]}${maskStatement(logged[2])}` : withoutValues(message);
}

/** A detail without the row values Postgres repeats in it. */
export function maskDetail(detail: string): string {
  return withoutValues(detail
    .replace(/^(Key \(.*?\))=\(.*\)(?= (?:already exists|is not present|is still referenced|conflicts with))/s, '$1=([value])')
    .replace(/Failing row contains \(.*\)/s, 'Failing row contains ([values])')
    .replace(/^parameters: .*/s, 'parameters: [values]'));
}

/** jsonlog's "2026-01-31 12:00:00.123 UTC" (the cluster logs in UTC). */
function timeOf(timestamp: string): number {
  const ms = Date.parse(`${timestamp.replace(' UTC', 'Z').replace(' ', 'T')}`);
  return Number.isNaN(ms) ? Date.now() : ms;
}

const masked = (text: string | undefined, mask: (text: string) => string) => (text === undefined ? undefined : mask(text));

export function writeServerLog(logs: LogWriter, projectRef: string, record: ServerLogRecord): void {
  const at = timeOf(record.timestamp);
  const message = maskMessage(record.message);
  const duration = DURATION.exec(record.message);
  const remote = record.remote_host === undefined ? undefined : record.remote_port === undefined ? record.remote_host : `${record.remote_host}:${record.remote_port}`;
  logs.write('postgres_logs', projectRef, message, {
    timestamp: new Date(at).toISOString(),
    error_severity: record.error_severity,
    sql_state_code: record.state_code ?? '00000',
    message,
    detail: masked(record.detail, maskDetail),
    hint: record.hint,
    context: masked(record.context, withoutValues),
    query: masked(record.statement ?? LOGGED_STATEMENT.exec(record.message)?.[2], maskStatement),
    query_pos: record.cursor_position,
    internal_query: masked(record.internal_query, maskStatement),
    user_name: record.user,
    database_name: record.dbname,
    application_name: record.application_name ?? /\bapplication_name=(\S+)/.exec(record.message)?.[1],
    backend_type: record.backend_type,
    session_id: record.session_id,
    session_line_num: record.line_num,
    session_start_time: record.session_start,
    process_id: record.pid,
    connection_from: remote,
    command_tag: record.ps,
    virtual_transaction_id: record.vxid,
    transaction_id: record.txid,
    ...(duration && { duration_ms: Number(duration[1]) }),
  }, at);
}

/** A statement the platform ran: an entry when it failed or was slow, as the server would have logged it. */
export function writeStatementLog(logs: LogWriter, projectRef: string, run: StatementRun): void {
  const isSlow = run.durationMs >= SLOW_STATEMENT_MS;
  if (!run.error && !isSlow) return;
  const query = maskStatement(run.sql);
  const base = {
    timestamp: new Date(run.at).toISOString(),
    query,
    user_name: run.user,
    database_name: run.database,
    application_name: PLATFORM_APPLICATION,
    backend_type: 'client backend',
  };
  if (run.error) {
    const message = withoutValues(run.error.message);
    logs.write('postgres_logs', projectRef, message, {
      ...base,
      error_severity: run.error.severity ?? 'ERROR',
      sql_state_code: run.error.code,
      message,
      detail: masked(run.error.detail, maskDetail),
      hint: run.error.hint,
      context: masked(run.error.where, withoutValues),
      query_pos: run.error.position === undefined ? undefined : Number(run.error.position),
    }, run.at);
    return;
  }
  const durationMs = Math.round(run.durationMs * 1000) / 1000;
  const message = `duration: ${durationMs.toFixed(3)} ms  statement: ${query}`;
  logs.write('postgres_logs', projectRef, message, {
    ...base, error_severity: 'LOG', sql_state_code: '00000', message, duration_ms: durationMs,
  }, run.at);
}

/** The observer the engine is given: log entries through `logs`, statement timings into `stats`. */
export function postgresLogObserver(logs: LogWriter, stats: StatementStats): DatabaseObserver {
  return {
    serverLog: (ref, record) => writeServerLog(logs, ref, record),
    statement: (ref, run) => {
      writeStatementLog(logs, ref, run);
      // As pg_stat_statements: only statements that completed count.
      if (!run.error) stats.record(ref, run.sql, run.durationMs, run.rows);
    },
    flush: () => logs.flush(),
  };
}
