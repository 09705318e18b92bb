/**
 * The SQL editor's POST /query: a script of statements, run one by one (so each error can be placed
 * in the whole script), returning the rows of the last one.
 */
import { PlinthError } from '@plinth/errors';
import { leadingWords, splitStatements, type Statement } from './sql-lexer.ts';
import type { Queryable } from './queryable.ts';

export type Row = Record<string, unknown>;

/**
 * Statements a read-only member may not run: they would end the read-only transaction (after which
 * the rest of the script would run read-write), or read or run files on the server (COPY, LOAD).
 */
const READ_ONLY_REFUSED = new Set(['BEGIN', 'START', 'COMMIT', 'END', 'ROLLBACK', 'ABORT', 'COPY', 'LOAD']);

export function assertReadOnlyScript(statements: readonly Statement[]): void {
  for (const statement of statements) {
    const [first, second] = leadingWords(statement.text);
    if (READ_ONLY_REFUSED.has(first) || (first === 'PREPARE' && second === 'TRANSACTION')) {
      throw new PlinthError('sql_statement_not_allowed', `Read-only members cannot run ${first}${first === 'PREPARE' ? ' TRANSACTION' : ''} statements.`, { statement: first });
    }
  }
}

/** VACUUM, CREATE INDEX CONCURRENTLY and friends refuse to run inside a transaction block. */
export function needsOwnTransaction(statement: Statement): boolean {
  const words = leadingWords(statement.text, 6);
  return words[0] === 'VACUUM' || (words[0] === 'ALTER' && words[1] === 'SYSTEM') || words.includes('CONCURRENTLY');
}

/** JSON-safe values: int8 beyond 2^53 as text, bytea as Postgres' hex text on both engines. */
function presentValue(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return `\\x${Array.from(value, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  if (Array.isArray(value)) return value.map(presentValue);
  return value;
}

function presentRows(rows: Row[]): Row[] {
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, presentValue(v)])));
}

export interface ScriptOptions {
  /**
   * Run as a read-only member: the caller must pass a fresh transaction; it is made READ ONLY and
   * its snapshot taken at once (after that, Postgres refuses `SET TRANSACTION READ WRITE`).
   */
  readOnly?: boolean;
}

/** Runs every statement of `sql` on `db` in order; returns the rows of the last statement. */
export async function runScript(db: Queryable, sql: string, options: ScriptOptions = {}): Promise<Row[]> {
  const statements = splitStatements(sql);
  if (options.readOnly) {
    assertReadOnlyScript(statements);
    await db.query('set transaction read only');
    await db.query('select 1');
  }
  let rows: Row[] = [];
  for (const statement of statements) {
    try {
      rows = (await db.query<Row>(statement.text)).rows ?? [];
    } catch (err) {
      placeError(err, statement);
      throw err;
    }
  }
  return presentRows(rows);
}

/** Postgres reports a position in the statement it ran; the editor wants it in the whole script. */
function placeError(err: unknown, statement: Statement): void {
  if (typeof err !== 'object' || err === null) return;
  const e = err as { position?: unknown };
  const position = Number(e.position);
  if (Number.isInteger(position) && position > 0) Reflect.set(e, 'position', String(position + statement.offset));
}

export { splitStatements };
