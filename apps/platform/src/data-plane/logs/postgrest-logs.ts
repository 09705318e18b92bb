/**
 * postgrest_logs: what PostgREST itself logs for a project, namely its schema cache loads (timing and
 * what was found) and the requests that failed in the database or on the server. Never a row value:
 * failures carry the SQLSTATE and the message with the values Postgres quotes in it masked, not the
 * detail (`Key (id)=(5) already exists`) nor the hint.
 */
import type { LogWriter } from './log-writer.ts';

export interface SchemaCacheLoad {
  durationMs: number;
  relations: number;
  relationships: number;
  functions: number;
  /** A reload after a miss or an invalidation, rather than the first load. */
  isReload: boolean;
}

export interface RestFailure {
  method: string;
  /** Path inside /rest/v1, without the query string. */
  path: string;
  status: number;
  /** PostgREST's code as answered: a SQLSTATE (42P01) or PGRSTxxx. */
  code: string;
  message: string;
  /** Whether the database raised it (code is then its SQLSTATE). */
  isDatabaseError: boolean;
  role: string;
}

/** Postgres quotes the offending value after a colon (`invalid input syntax for type integer: "x"`) or after `value`. */
export function withoutValues(message: string): string {
  return message.replace(/: "(?:[^"]|"")*"/g, ': [value]').replace(/\bvalue "(?:[^"]|"")*"/g, 'value [value]');
}

export function writeSchemaCacheLoad(logs: LogWriter, projectRef: string, load: SchemaCacheLoad): void {
  const ms = Math.round(load.durationMs * 10) / 10;
  logs.write(
    'postgrest_logs',
    projectRef,
    `Schema cache ${load.isReload ? 'reloaded' : 'loaded'}: ${load.relations} Relations, ${load.relationships} Relationships, ${load.functions} Functions in ${ms} milliseconds`,
    {
      level: 'info',
      kind: 'schema_cache',
      is_reload: load.isReload,
      duration_ms: ms,
      relations: load.relations,
      relationships: load.relationships,
      functions: load.functions,
    },
  );
}

export function writeRestFailure(logs: LogWriter, projectRef: string, failure: RestFailure): void {
  const message = withoutValues(failure.message);
  logs.write('postgrest_logs', projectRef, `${failure.method} ${failure.path} ${failure.status} ${failure.code}: ${message}`, {
    level: failure.status >= 500 ? 'error' : 'warning',
    kind: 'request_error',
    method: failure.method,
    path: failure.path,
    status: failure.status,
    code: failure.code,
    sqlstate: failure.isDatabaseError ? failure.code : null,
    message,
    role: failure.role,
  });
}
