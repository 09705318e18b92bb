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

/** Codes after which the schema cache may be stale (the database knows a name the cache does not, or vice versa). */
export const STALE_CACHE_CODES = new Set(['42P01', '42703', '42883', '42804']);

export function toPostgrestError(error: unknown, isAuthenticated: boolean, log: (error: unknown) => void): PostgrestError {
  if (error instanceof PostgrestError) return error;
  if (error instanceof DatabaseError) {
    if (error.code === 'PGRST') return fromRaisedPgrst(error);
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
