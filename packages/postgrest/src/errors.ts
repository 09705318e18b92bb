/**
 * PostgREST's error shape `{code, details, hint, message}` and its HTTP statuses. Errors raised by the
 * grammar and planner are PostgrestErrors; Postgres errors are mapped by SQLSTATE in `fromSqlState`.
 */
export interface PostgrestErrorBody {
  code: string;
  details: unknown;
  hint: string | null;
  message: string;
}

export class PostgrestError extends Error {
  /**
   * True when the schema cache may simply be out of date (an unknown table, column, function or
   * relationship): the caller reloads the cache once and plans again before answering.
   */
  isCacheMiss = false;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'PostgrestError';
  }

  toBody(): PostgrestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }

  cacheMiss(): this {
    this.isCacheMiss = true;
    return this;
  }
}

/** PGRST100: a query string parameter that does not follow the grammar. */
export function parseError(what: string, input: string, details: string): PostgrestError {
  return new PostgrestError(400, 'PGRST100', `"failed to parse ${what} (${input})"`, details);
}

export function columnNotFound(table: string, column: string): PostgrestError {
  return new PostgrestError(400, '42703', `column ${table}.${column} does not exist`).cacheMiss();
}

/** A body of a media type the request cannot take. */
export function contentTypeNotAcceptable(type: string): PostgrestError {
  return new PostgrestError(415, 'PGRST107', `Content-Type not acceptable: ${type}`);
}

export function tableNotFound(schema: string, name: string): PostgrestError {
  return new PostgrestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
  ).cacheMiss();
}

/**
 * HTTP status for a Postgres SQLSTATE, as PostgREST documents it. `isAuthenticated`: 42501 is 403
 * for a signed-in role and 401 for anon (so clients know signing in may help).
 */
export function statusForSqlState(code: string, isAuthenticated: boolean): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  const exact: Record<string, number> = {
    '23503': 409, '23505': 409, '25006': 405, '42883': 404, '42P01': 404, '42P17': 500, '53400': 500, P0001: 400,
  };
  if (exact[code] !== undefined) return exact[code];
  if (code === '42501') return isAuthenticated ? 403 : 401;
  const byClass: Record<string, number> = {
    '08': 503, '09': 500, '0L': 403, '0P': 403, '25': 500, '28': 403, '2D': 500, '38': 500, '39': 500, '3B': 500,
    '40': 500, '53': 503, '54': 500, '55': 500, '57': 500, '58': 500, F0: 500, HV: 500, P0: 500, XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}
