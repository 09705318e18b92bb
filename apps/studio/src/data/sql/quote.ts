/**
 * The one place the studio turns user values into SQL text (row reads and writes, the entity list,
 * table duplication). Identifiers are always quoted, values always become string constants, so no
 * name or cell value can end the statement it is put in.
 */

/** Postgres rejects NUL in any text, so refusing it here gives a clearer message than the server would. */
function assertNoNul(value: string, what: string): void {
  if (value.includes('\0')) throw new Error(`The ${what} cannot contain a NUL character.`);
}

/** "name", with embedded quotes doubled: keeps case, spaces and keywords exactly as written. */
export function ident(name: string): string {
  if (name.length === 0) throw new Error('A name is required.');
  assertNoNul(name, 'name');
  return `"${name.replaceAll('"', '""')}"`;
}

/** "schema"."name" */
export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/**
 * A string constant. The E'' form with doubled backslashes means the same thing whatever
 * standard_conforming_strings is, so a backslash can never escape the closing quote.
 */
export function literal(value: string): string {
  assertNoNul(value, 'value');
  const quoted = `'${value.replaceAll("'", "''")}'`;
  return value.includes('\\') ? `E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}

/** A value for a column: NULL, or an untyped constant that Postgres coerces to the column's type. */
export function valueSql(value: string | null): string {
  return value === null ? 'NULL' : literal(value);
}

/** An ILIKE pattern matching `search` anywhere, with its own % and _ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
