/**
 * Log SQL scoping: a person's Postgres SQL over the log sources (edge_logs, auth_logs, ...) made
 * into a statement that reads only one project's rows in one time range and nothing else in the
 * platform database. Pure: the caller runs the statement (read-only, with its time-out and caps).
 * Also the normaliser that masks a logged or recorded statement's constants ($1, $2, ...).
 */
export { scopeLogQuery, type LogQueryError, type ScopedLogQuery, type ScopeOptions } from './scope.ts';
export { LOG_QUERY_CLOCK_KEYWORDS, LOG_QUERY_FUNCTIONS, LOG_QUERY_TYPES } from './allowlist.ts';
export { runLogQuery, type LogQueryErrorCode, type LogQueryLimits, type LogQueryOutcome, type Queryable } from './run.ts';
export { normalizeStatement } from './normalize.ts';
