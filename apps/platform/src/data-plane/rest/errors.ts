/**
 * Any failure of a REST request as a PostgrestError: Postgres errors keep their SQLSTATE, message,
 * detail and hint (as PostgREST forwards them); nothing else of the server's internals is shown.
 */
import { PlinthError } from '@plinth/errors';
import { PostgrestError, statusForSqlState } from '@plinth/postgrest';
import { DatabaseError } from '../../engines/database-error.ts';

/** `RAISE SQLSTATE 'PGRST'` with JSON in message and detail: a function choosing its own error and status. */
function fromRaisedPgrst(error: DatabaseError): PostgrestError {
  try {
    const body = JSON.parse(error.message) as { code?: unknown; message?: unknown; details?: unknown; hint?: unknown };
    const extra = JSON.parse(error.detail ?? '{}') as { status?: unknown; headers?: unknown };
    if (typeof body.code !== 'string' || typeof body.message !== 'string' || typeof extra.status !== 'number') throw new Error('shape');
    const headers: Record<string, string> = {};
    if (extra.headers && typeof extra.headers === 'object') {
      for (const [k, v] of Object.entries(extra.headers)) headers[k.toLowerCase()] = String(v);
    }
    return new PostgrestError(extra.status, body.code, body.message, body.details ?? null, typeof body.hint === 'string' ? body.hint : null, headers);
  } catch {
    return new PostgrestError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', error.message, null);
  }
}

const READ_ONLY_HINT = 'Delete rows or drop tables in the SQL editor of the dashboard, or upgrade the plan; writes resume within a minute.';

/** Codes after which the schema cache may be stale (the database knows a name the cache does not, or vice versa). */
export const STALE_CACHE_CODES = new Set(['42P01', '42703', '42883', '42804']);

/** Postgres' "cannot execute INSERT in a read-only transaction". */
export const READ_ONLY_SQL_TRANSACTION = '25006';

/**
 * `isWrite`: the request planned a write, which the platform runs read-write; Postgres refuses it as
 * read-only (25006) only when the database's default is read-only, which is read-only mode (its
 * database over the disk quota, control/read-only-mode.ts). The error keeps PostgREST's code and
 * status but says why in words a person can act on; Postgres' own message goes in details. A read
 * (its transaction read-only by PostgREST's rule) that calls a writing function keeps Postgres' message.
 */
export function toPostgrestError(error: unknown, isAuthenticated: boolean, log: (error: unknown) => void, isWrite = false): PostgrestError {
  if (error instanceof PostgrestError) return error;
  if (error instanceof DatabaseError) {
    if (error.code === 'PGRST') return fromRaisedPgrst(error);
    if (isWrite && error.code === READ_ONLY_SQL_TRANSACTION) {
      const status = statusForSqlState(error.code, isAuthenticated);
      return new PostgrestError(status, error.code, new PlinthError('project_read_only').message, error.message, READ_ONLY_HINT);
    }
    const status = statusForSqlState(error.code, isAuthenticated);
    const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {};
    return new PostgrestError(status, error.code, error.message, error.detail ?? null, error.hint ?? null, headers);
  }
  if (error instanceof PlinthError) {
    return new PostgrestError(error.status, error.code, error.message);
  }
  log(error);
  return new PostgrestError(500, 'PGRSTX00', 'Internal server error');
}
