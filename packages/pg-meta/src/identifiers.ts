/**
 * The one place SQL text is assembled from user values. Identifiers always go through ident(), values
 * Postgres cannot bind (COMMENT ON ... IS, trigger arguments, role passwords) through literal().
 */
import { PlinthError } from '@plinth/errors';

/** NAMEDATALEN - 1. Longer names are silently truncated by Postgres, so they are refused instead. */
export const MAX_IDENTIFIER_BYTES = 63;

const encoder = new TextEncoder();

/** Throws a clear error unless `name` can be a Postgres identifier exactly as written. */
export function assertIdentifier(name: unknown, field = 'name'): string {
  if (typeof name !== 'string' || name.length === 0) {
    throw new PlinthError('invalid_identifier', `A ${field} is required.`, { field });
  }
  if (name.includes('\0')) {
    throw new PlinthError('invalid_identifier', `The ${field} cannot contain a NUL character.`, { field });
  }
  const bytes = encoder.encode(name).length;
  if (bytes > MAX_IDENTIFIER_BYTES) {
    throw new PlinthError(
      'invalid_identifier',
      `The ${field} "${name}" is too long: Postgres names are at most ${MAX_IDENTIFIER_BYTES} bytes (this one is ${bytes}) and longer names would be cut short.`,
      { field, bytes, max: MAX_IDENTIFIER_BYTES },
    );
  }
  return name;
}

/**
 * Quotes an identifier. Always quoting (even `users`) keeps case and every character exactly as the
 * user typed it, and makes keywords and injection attempts plain names.
 */
export function ident(name: string, field = 'name'): string {
  return `"${assertIdentifier(name, field).replaceAll('"', '""')}"`;
}

/** "schema"."name" */
export function qualified(schema: string, name: string): string {
  return `${ident(schema, 'schema')}.${ident(name)}`;
}

/**
 * A string constant. The E'' form with doubled backslashes is correct whatever
 * standard_conforming_strings is set to, so a backslash can never escape the closing quote.
 */
export function literal(value: string): string {
  if (value.includes('\0')) throw new PlinthError('invalid_sql_fragment', 'Text values cannot contain a NUL character.');
  const quoted = `'${value.replaceAll("'", "''")}'`;
  return value.includes('\\') ? `E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}

/** A literal, or NULL: `COMMENT ON ... IS NULL` removes a comment. */
export function nullableLiteral(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? 'NULL' : literal(value);
}

/**
 * A dollar-quoted body (function definitions): the tag is chosen so it does not occur in the body,
 * so the body can hold any text, quotes and semicolons included, and stays one literal.
 */
export function dollarQuote(body: string): string {
  let tag = 'body';
  for (let i = 1; body.includes(`$${tag}$`); i++) tag = `body${i}`;
  return `$${tag}$${body}$${tag}$`;
}

/** Escapes LIKE wildcards so a search for `table_99` finds that text, not `tableX99`. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
