/**
 * A project's Database that reports every statement the platform runs through it to a
 * DatabaseObserver: its text, time and rows, or the SQL error it failed with. The embedded and
 * postgres engines hand out only such handles (project() and the SQL editor's readSnapshot()), so
 * every caller (REST, the SQL editor, auth, storage, realtime, pg-meta) is covered without knowing.
 *
 * The cost on the request path is two clock reads and one call: the observer keeps the text as it
 * is and does its work (normalising, masking) later or only for errors and slow statements.
 *
 * A cursor is reported as the statement it reads (DECLARE c CURSOR FOR <statement>), with the time
 * of its DECLARE and FETCHes and the rows fetched, when it is closed or its transaction ends: the SQL
 * editor reads row queries that way, and their time is in the FETCH. Savepoints, FETCH and CLOSE
 * are the protocol of cursors and transactions, not statements of their own.
 */
import { DatabaseError } from './database-error.ts';
import type { DatabaseObserver } from './observer.ts';
import type { Database, PreparedStatement, QueryResult, Queryable } from './types.ts';

export interface ObservedSession {
  ref: string;
  user: string;
  database: string;
}

interface OpenCursor {
  sql: string;
  durationMs: number;
  rows: number;
}

const rowsOf = (result: QueryResult<unknown>) => (result.rows.length > 0 ? result.rows.length : result.affectedRows);

export function observeDatabase(db: Database, session: ObservedSession, observer: DatabaseObserver): Database {
  /** Errors already reported by their statement, so a transaction that ends with one does not report it twice. */
  const reported = new WeakSet<DatabaseError>();
  const report = (sql: string, started: number, rows: number, error: unknown) => {
    if (error !== null && !(error instanceof DatabaseError)) return; // no SQL error: the connection failed, not the statement
    if (error) reported.add(error);
    const at = Date.now();
    observer.statement(session.ref, { sql, durationMs: performance.now() - started, rows, at, error, user: session.user, database: session.database });
  };
  const run = async <T extends QueryResult<unknown> | void>(sql: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      const result = await work();
      report(sql, started, result ? rowsOf(result) : 0, null);
      return result;
    } catch (error) {
      report(sql, started, 0, error);
      throw error;
    }
  };
  return {
    query: <Row>(sql: string, params?: unknown[]) => run(sql, () => db.query<Row>(sql, params)),
    exec: (sql: string) => run(sql, () => db.exec(sql)),
    queryPrepared: <Row>(setup: PreparedStatement, statement: PreparedStatement) => run(statement.sql, () => db.queryPrepared<Row>(setup, statement)),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => {
      const started = performance.now();
      try {
        return await db.transaction((tx) => observeTransaction(tx, fn, report));
      } catch (error) {
        // What COMMIT itself refused (a deferred constraint, a serialization failure).
        if (error instanceof DatabaseError && !reported.has(error)) report('COMMIT', started, 0, error);
        throw error;
      }
    },
    listen: (channel, onNotify, onLost, options) => db.listen(channel, onNotify, onLost, options),
    close: () => db.close(),
  };
}

type Report = (sql: string, started: number, rows: number, error: unknown) => void;

/** Statements that only drive a savepoint or a cursor. */
const PROTOCOL = /^\s*(?:savepoint|release|rollback\s+to|fetch|move|close)\b/i;
const DECLARE = /^\s*declare\s+("(?:[^"]|"")+"|\S+)\s[\s\S]*?\bcursor\b[\s\S]*?\bfor\s+([\s\S]+)$/i;
const CURSOR_OF = /^\s*(?:fetch|move|close)\b[\s\S]*?("(?:[^"]|"")+"|[^\s;]+)\s*;?\s*$/i;
const PLATFORM_SAVEPOINT = /^\s*savepoint\s+plinth_/i;
const UNDO_PLATFORM_SAVEPOINT = /^\s*rollback\s+to\s+(?:savepoint\s+)?plinth_/i;
const RELEASE_PLATFORM_SAVEPOINT = /^\s*release\s+(?:savepoint\s+)?plinth_/i;

/**
 * One transaction's statements, with its cursors followed from DECLARE to CLOSE. A statement that
 * fails inside a savepoint of the platform's own (plinth_*) and is undone by rolling back to it was
 * the platform trying something (whether an extension loads; whether a row query takes a cursor,
 * before running it as written): its error is not the project's and is not reported.
 */
async function observeTransaction<T>(tx: Queryable, fn: (tx: Queryable) => Promise<T>, report: Report): Promise<T> {
  const cursors = new Map<string, OpenCursor>();
  let isTrying = false;
  let held: { sql: string; started: number; error: unknown }[] = [];
  const failed = (sql: string, started: number, error: unknown) => {
    if (isTrying) held.push({ sql, started, error });
    else report(sql, started, 0, error);
  };
  const finish = (name: string) => {
    const cursor = cursors.get(name);
    if (!cursor) return;
    cursors.delete(name);
    // Reported as if it had run at once for its whole time.
    report(cursor.sql, performance.now() - cursor.durationMs, cursor.rows, null);
  };
  const protocol = async <Row>(sql: string, params: unknown[] | undefined, started: number): Promise<QueryResult<Row>> => {
    const name = CURSOR_OF.exec(sql)?.[1];
    const key = name === undefined ? undefined : cursorName(name);
    const cursor = key === undefined ? undefined : cursors.get(key);
    try {
      const result = await tx.query<Row>(sql, params);
      if (PLATFORM_SAVEPOINT.test(sql)) isTrying = true;
      else if (UNDO_PLATFORM_SAVEPOINT.test(sql)) held = [];
      else if (RELEASE_PLATFORM_SAVEPOINT.test(sql)) isTrying = false;
      if (cursor) {
        cursor.durationMs += performance.now() - started;
        cursor.rows += result.rows.length;
        if (/^\s*close\b/i.test(sql)) finish(key!);
      }
      return result;
    } catch (error) {
      if (cursor) {
        cursors.delete(key!);
        failed(cursor.sql, started - cursor.durationMs, error);
      }
      throw error;
    }
  };
  const query = async <Row>(sql: string, params?: unknown[]): Promise<QueryResult<Row>> => {
    const started = performance.now();
    if (PROTOCOL.test(sql)) return protocol<Row>(sql, params, started);
    const declared = DECLARE.exec(sql);
    try {
      const result = await tx.query<Row>(sql, params);
      if (declared) cursors.set(cursorName(declared[1]), { sql: declared[2], durationMs: performance.now() - started, rows: 0 });
      else report(sql, started, rowsOf(result), null);
      return result;
    } catch (error) {
      failed(declared ? declared[2] : sql, started, error);
      throw error;
    }
  };
  const exec = async (sql: string): Promise<void> => {
    const started = performance.now();
    try {
      await tx.exec(sql);
      report(sql, started, 0, null);
    } catch (error) {
      failed(sql, started, error);
      throw error;
    }
  };
  try {
    return await fn({ query, exec });
  } finally {
    for (const name of [...cursors.keys()]) finish(name);
    for (const { sql, started, error } of held) report(sql, started, 0, error);
  }
}

/** A cursor's name as Postgres folds it: quoted as written, else lower-cased. */
function cursorName(name: string): string {
  return name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name.toLowerCase();
}
