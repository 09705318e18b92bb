/**
 * Statements the project database logged as failed or slow, from postgres_logs, written against
 * the fields the platform stores (apps/platform/src/data-plane/logs/postgres-logs.ts, Supabase's
 * names): error_severity, sql_state_code, user_name, query (normalised), and duration_ms on the
 * "duration: … ms  statement: …" entries of statements slower than the slow-statement threshold.
 */
export const SLOW_STATEMENTS_SQL = `select
  timestamp,
  metadata->>'error_severity' as severity,
  metadata->>'sql_state_code' as state_code,
  metadata->>'user_name' as role,
  (metadata->>'duration_ms')::float8 as duration_ms,
  event_message,
  metadata->>'query' as statement
from postgres_logs
where metadata->>'error_severity' in ('ERROR', 'FATAL', 'PANIC')
  or metadata->>'duration_ms' is not null
order by timestamp desc
limit 50`;
