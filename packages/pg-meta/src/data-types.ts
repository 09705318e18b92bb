/** Column, argument and return types: a type name the user picks, checked before it reaches DDL. */
import { PlinthError } from '@plinth/errors';
import type { Queryable } from './queryable.ts';
import { scanSql } from './sql-lexer.ts';

/** Pseudo-types Postgres only accepts in a column definition (to_regtype does not know them). */
const SERIAL_TYPES = new Set(['serial', 'serial2', 'serial4', 'serial8', 'smallserial', 'bigserial']);

/**
 * Lexical check, pure: one closed piece of SQL without ";" or comments. It keeps a type from ending
 * the statement; whether it is exactly one type name is checked by Postgres (assertTypeExists).
 */
export function typeSql(type: string, field = 'type'): string {
  const text = type.trim();
  const scanned = scanSql(text);
  if (text === '' || scanned.problem || scanned.statements.length !== 1 || scanned.statements[0].text !== text
    || scanned.hasLineComment || text.includes('/*')) {
    throw new PlinthError('invalid_sql_fragment', `The ${field} "${type}" is not a valid type name.`, { field });
  }
  return text;
}

/**
 * Postgres parses the text as a type name (to_regtype accepts exactly one Typename and nothing
 * more, so "int default 1" or "int); drop ..." are refused) and looks it up.
 */
export async function assertTypeExists(db: Queryable, type: string, field = 'type'): Promise<void> {
  const text = typeSql(type, field);
  if (SERIAL_TYPES.has(text.toLowerCase())) return;
  let ok = false;
  try {
    ok = !!(await db.query<{ ok: boolean }>('select to_regtype($1) is not null as ok', [text])).rows[0]?.ok;
  } catch (err) {
    // 42601: Postgres could not parse it as a type name at all.
    if ((err as { code?: unknown }).code !== '42601') throw err;
    throw new PlinthError('invalid_sql_fragment', `The ${field} "${text}" is not a valid type name.`, { field });
  }
  if (!ok) {
    throw new PlinthError('database_error', `type "${text}" does not exist`, { code: '42704', field });
  }
}
