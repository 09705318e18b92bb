/**
 * The only places user-supplied names become SQL. Identifiers are always double-quoted (so no name
 * can end the identifier early); values never pass through here, they are bound parameters.
 */
import { PostgrestError } from './errors.ts';

export function quoteIdent(name: string): string {
  // Postgres rejects NUL in identifiers with an internal error; refuse it up front as bad input.
  if (name.includes('\0')) throw new PostgrestError(400, 'PGRST100', 'Identifiers may not contain NUL characters');
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

/**
 * Type names written as SQL keywords: quoting them would break them (`"int"` is not a type, `int`
 * is), so these few are emitted as fixed text from this list, never from the request.
 */
const KEYWORD_TYPES = new Map<string, string>([
  ['int', 'integer'], ['integer', 'integer'], ['smallint', 'smallint'], ['bigint', 'bigint'], ['real', 'real'],
  ['float', 'double precision'], ['double', 'double precision'], ['numeric', 'numeric'], ['decimal', 'numeric'],
  ['boolean', 'boolean'], ['bool', 'boolean'], ['text', 'text'], ['varchar', 'character varying'],
  ['char', 'character'], ['character', 'character'], ['date', 'date'], ['time', 'time'],
  ['timestamp', 'timestamp'], ['timestamptz', 'timestamptz'], ['interval', 'interval'], ['json', 'json'],
  ['jsonb', 'jsonb'], ['uuid', 'uuid'], ['bytea', 'bytea'], ['int2', 'int2'], ['int4', 'int4'], ['int8', 'int8'],
  ['float4', 'float4'], ['float8', 'float8'], ['money', 'money'],
]);

/** A cast requested in `select=col::type`: a keyword type from the list above, else a quoted type name. */
export function castType(requested: string): string {
  const match = /^([A-Za-z_][A-Za-z0-9_]*)(\[\])?$/.exec(requested);
  if (!match) throw new PostgrestError(400, 'PGRST100', `"failed to parse cast (${requested})"`, 'A cast must be a type name, optionally followed by []');
  const base = KEYWORD_TYPES.get(match[1].toLowerCase()) ?? quoteIdent(match[1]);
  return match[2] ? `${base}[]` : base;
}
