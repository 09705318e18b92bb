/**
 * A Database over a `pg` Pool, shaped to behave like the embedded one: same result shape, same
 * DatabaseError, and the same JS types for the values that differ by default between pg and PGlite.
 */
import pg from 'pg';
import { DatabaseError, toDatabaseError } from '../database-error.ts';
import { PreparedNames } from '../prepared-statements.ts';
import { assertChannelName, type Database, type Listener, type PreparedStatement, type QueryResult, type Queryable } from '../types.ts';
import { PreparedRoundQuery } from './prepared-query.ts';

const INT8_OID = 20;
const DATE_OID = 1082;

/**
 * pg returns int8 as a string and date as local midnight; PGlite returns int8 as a number (BigInt
 * beyond 2^53) and date as UTC midnight. Match PGlite so `count(*)` compares equal on both engines.
 */
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) {
      return (value: string) => {
        const n = BigInt(value);
        return n < BigInt(Number.MIN_SAFE_INTEGER) || n > BigInt(Number.MAX_SAFE_INTEGER) ? n : Number(n);
      };
    }
    if (oid === DATE_OID) {
      return (value: string) => (value === 'infinity' ? Infinity : value === '-infinity' ? -Infinity : new Date(value));
    }
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

const CHANGING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

function toResult<Row>(res: pg.QueryResult): QueryResult<Row> {
  return {
    rows: res.rows as Row[],
    fields: res.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    affectedRows: CHANGING_COMMANDS.has(res.command) ? (res.rowCount ?? 0) : 0,
  };
}

type Runner = Pick<pg.Pool | pg.PoolClient, 'query'>;

async function runQuery<Row>(runner: Runner, sql: string, params: unknown[]): Promise<QueryResult<Row>> {
  try {
    return toResult<Row>(await runner.query({ text: sql, values: params, types: typeParsers }));
  } catch (err) {
    throw toDatabaseError(err);
  }
}

async function runExec(runner: Runner, sql: string): Promise<void> {
  try {
    // No values: pg uses the simple protocol, which accepts several statements.
    await runner.query(sql);
  } catch (err) {
    throw toDatabaseError(err);
  }
}

/** A pool on a URL, or on a connection config (a Unix socket directory as `host`). */
export function createPool(connection: string | pg.PoolConfig, max: number): pg.Pool {
  const config = typeof connection === 'string' ? { connectionString: connection } : connection;
  const pool = new pg.Pool({ idleTimeoutMillis: 30_000, ...config, max });
  // An idle client losing its server connection emits 'error' on the pool; unhandled, that would
  // crash the process. The next query simply gets a fresh client.
  pool.on('error', () => {});
  return pool;
}

/**
 * A checked-out client whose server connection dies (a cluster killed, a server restarted) emits
 * 'error' as well as failing its query; the pool listens only on idle clients, so unheard, that
 * event would crash the process. The failed query is what the caller handles.
 */
function ignoreLostConnection(): void {}

export class PgDatabase implements Database {
  /** What each pooled connection holds prepared (a pool's clients live until they fail or idle out). */
  private readonly prepared = new WeakMap<pg.PoolClient, PreparedNames>();

  constructor(readonly pool: pg.Pool) {}

  query<Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
    return runQuery<Row>(this.pool, sql, params);
  }

  exec(sql: string): Promise<void> {
    return runExec(this.pool, sql);
  }

  async queryPrepared<Row = Record<string, unknown>>(setup: PreparedStatement, statement: PreparedStatement): Promise<QueryResult<Row>> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw toDatabaseError(err);
    }
    client.on('error', ignoreLostConnection);
    let names = this.prepared.get(client);
    if (!names) this.prepared.set(client, (names = new PreparedNames()));
    let discard: Error | undefined;
    try {
      return await names.run([setup, statement], (round) => client.query(new PreparedRoundQuery<Row>(round, typeParsers)).result);
    } catch (err) {
      // A failure that is no SQL error leaves the connection in doubt: the pool drops it.
      if (!(err instanceof DatabaseError)) discard = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.removeListener('error', ignoreLostConnection);
      client.release(discard);
    }
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw toDatabaseError(err);
    }
    client.on('error', ignoreLostConnection);
    const tx: Queryable = {
      query: <Row>(sql: string, params: unknown[] = []) => runQuery<Row>(client, sql, params),
      exec: (sql: string) => runExec(client, sql),
    };
    // A client whose connection failed mid-transaction may still be inside it: destroy, don't reuse.
    let discard: Error | undefined;
    const unlessSqlError = (err: unknown) => {
      if (!(err instanceof DatabaseError)) discard = err instanceof Error ? err : new Error(String(err));
    };
    try {
      await runExec(client, 'begin').catch((err) => { unlessSqlError(err); throw err; });
      let result: T;
      try {
        result = await fn(tx);
      } catch (err) {
        await runExec(client, 'rollback').catch((rollbackErr) => {
          discard = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
        });
        throw err;
      }
      const commit = await client.query('commit').catch((err: unknown) => {
        const mapped = toDatabaseError(err);
        unlessSqlError(mapped);
        throw mapped;
      });
      // Postgres answers COMMIT of a failed transaction with ROLLBACK and no error; PGlite throws.
      // Throw on both, so a swallowed statement error never passes for a commit.
      if (commit.command === 'ROLLBACK') {
        throw new DatabaseError({ code: '25P02', severity: 'ERROR', message: 'Transaction was rolled back instead of committed' });
      }
      return result;
    } finally {
      client.removeListener('error', ignoreLostConnection);
      client.release(discard);
    }
  }

  /** A connection of its own, outside the pool: LISTEN holds it for as long as the listener lives. */
  async listen(channel: string, onNotify: (payload: string) => void, onLost: (error: Error) => void): Promise<Listener> {
    assertChannelName(channel);
    const client = new pg.Client(this.pool.options);
    let isClosed = false;
    const lost = (error: Error) => {
      if (isClosed) return;
      isClosed = true;
      client.end().catch(() => undefined);
      onLost(error);
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('The listening connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      isClosed = true;
      await client.end().catch(() => undefined);
      throw toDatabaseError(error);
    }
    return {
      close: async () => {
        if (isClosed) return;
        isClosed = true;
        await client.end().catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
