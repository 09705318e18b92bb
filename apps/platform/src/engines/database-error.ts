/**
 * The one error type a Postgres failure surfaces as, whichever engine ran the statement. PGlite's
 * errors cannot cross a worker boundary as class instances (structured clone keeps only message and
 * stack), and `pg` has its own class; callers branch on `err.code` (SQLSTATE) and must not care which.
 */
export interface DatabaseErrorFields {
  code: string;
  message: string;
  severity?: string;
  detail?: string;
  hint?: string;
  position?: string;
  where?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
}

const optionalFields = [
  'severity', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint',
] as const;

export class DatabaseError extends Error {
  /** SQLSTATE, e.g. '23505' for unique_violation. */
  readonly code: string;
  declare readonly severity?: string;
  declare readonly detail?: string;
  declare readonly hint?: string;
  declare readonly position?: string;
  declare readonly where?: string;
  declare readonly schema?: string;
  declare readonly table?: string;
  declare readonly column?: string;
  declare readonly dataType?: string;
  declare readonly constraint?: string;

  constructor(fields: DatabaseErrorFields) {
    super(fields.message);
    this.name = 'DatabaseError';
    this.code = fields.code;
    // Only set what Postgres sent (hence `declare` above: no field initialisers emitting undefined),
    // so `'detail' in err`, logs and JSON output stay honest.
    const self = this as unknown as Record<string, unknown>;
    for (const key of optionalFields) {
      if (fields[key] !== undefined && fields[key] !== null) self[key] = fields[key];
    }
  }

  /** Plain fields, safe to post across threads or to log. */
  toFields(): DatabaseErrorFields {
    const out: DatabaseErrorFields = { code: this.code, message: this.message };
    for (const key of optionalFields) if (this[key] !== undefined) out[key] = this[key];
    return out;
  }
}

/**
 * Whether `err` looks like an error reported by a Postgres backend (pg's and PGlite's DatabaseError
 * both carry a 5-character SQLSTATE in `code` and a `severity`). Node system errors (ECONNREFUSED)
 * also have a string `code`, hence the extra check.
 */
export function isPostgresError(err: unknown): err is DatabaseErrorFields {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as Record<string, unknown>;
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.message === 'string'
    && typeof e.severity === 'string';
}

/** Re-creates a Postgres error as our DatabaseError; any other error passes through unchanged. */
export function toDatabaseError(err: unknown): unknown {
  if (err instanceof DatabaseError || !isPostgresError(err)) return err;
  const fields: DatabaseErrorFields = { code: err.code, message: err.message };
  for (const key of optionalFields) {
    const value = (err as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string') fields[key] = value;
  }
  return new DatabaseError(fields);
}
