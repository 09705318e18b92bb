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
  /**
   * Read at most this many rows of each row-returning statement, through a cursor, so a million-row
   * SELECT costs no more than the rows shown. Needs a transaction (it uses a savepoint).
   */
  maxRows?: number;
}

export interface StatementResult {
  command: string;
  fields: { name: string; type: string }[];
  rows: Row[];
  /** Rows returned, or rows changed by INSERT/UPDATE/DELETE. */
  row_count: number;
  /** More rows existed than maxRows. */
  truncated: boolean;
}

const ROW_QUERIES = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE']);

/** Runs every statement of `sql` on `db` in order; returns the rows of the last statement. */
export async function runScript(db: Queryable, sql: string, options: ScriptOptions = {}): Promise<Row[]> {
  const results = await runScriptResults(db, sql, options);
  return results.at(-1)?.rows ?? [];
}

/** Runs every statement of `sql` on `db` in order; returns what each statement produced. */
export async function runScriptResults(db: Queryable, sql: string, options: ScriptOptions = {}): Promise<StatementResult[]> {
  const statements = splitStatements(sql);
  if (options.readOnly) {
    assertReadOnlyScript(statements);
    await db.query('set transaction read only');
    await db.query('select 1');
  }
  const results: StatementResult[] = [];
  for (const statement of statements) {
    try {
      results.push(await runStatement(db, statement, options.maxRows));
    } catch (err) {
      placeError(err, statement);
      throw err;
    }
  }
  const typeNames = await fieldTypeNames(db, results);
  return results.map((r) => ({ ...r, fields: r.fields.map((f) => ({ name: f.name, type: typeNames.get(Number(f.type)) ?? 'unknown' })) }));
}

type RawResult = Awaited<ReturnType<Queryable['query']>>;

function toResult(command: string, result: RawResult, truncatedAt?: number): StatementResult {
  const rows = result.rows as Row[];
  const truncated = truncatedAt !== undefined && rows.length > truncatedAt;
  const kept = truncated ? rows.slice(0, truncatedAt) : rows;
  return {
    command,
    // The type OID for now; named in one catalog read once every statement has run.
    fields: (result.fields ?? []).map((f) => ({ name: f.name, type: String(f.dataTypeID) })),
    rows: presentRows(kept),
    row_count: kept.length > 0 || !result.affectedRows ? kept.length : result.affectedRows,
    truncated,
  };
}

async function runStatement(db: Queryable, statement: Statement, maxRows: number | undefined): Promise<StatementResult> {
  const command = leadingWords(statement.text, 1)[0] ?? '';
  if (maxRows === undefined || !ROW_QUERIES.has(command)) return toResult(command, await db.query(statement.text));
  // A cursor reads only what is shown. DECLARE refuses some row queries (a data-modifying WITH):
  // those roll back to the savepoint and run as written.
  await db.query('savepoint plinth_rows');
  try {
    await db.query(`declare plinth_rows no scroll cursor for ${statement.text}`);
  } catch {
    await db.query('rollback to savepoint plinth_rows');
    return toResult(command, await db.query(statement.text));
  }
  const fetched = await db.query(`fetch ${maxRows + 1} from plinth_rows`);
  await db.query('close plinth_rows');
  await db.query('release savepoint plinth_rows');
  return toResult(command, fetched, maxRows);
}

async function fieldTypeNames(db: Queryable, results: StatementResult[]): Promise<Map<number, string>> {
  const oids = [...new Set(results.flatMap((r) => r.fields.map((f) => Number(f.type))))].filter((oid) => oid > 0);
  if (oids.length === 0) return new Map();
  const { rows } = await db.query<{ oid: number; name: string }>('select oid::int as oid, format_type(oid, null) as name from pg_type where oid = any($1::oid[])', [oids]);
  return new Map(rows.map((r) => [Number(r.oid), r.name]));
}

/** Postgres reports a position in the statement it ran; the editor wants it in the whole script. */
function placeError(err: unknown, statement: Statement): void {
  if (typeof err !== 'object' || err === null) return;
  const e = err as { position?: unknown };
  const position = Number(e.position);
  if (Number.isInteger(position) && position > 0) Reflect.set(e, 'position', String(position + statement.offset));
}

export { splitStatements };
