import { PGlite } from '@electric-sql/pglite';
import type { Database, PreparedStatement, Queryable, QueryResult } from '../../src/engines/types.ts';

/**
 * An in-process, in-memory `Database` over PGlite for tests. The real engines run PGlite in worker
 * threads; tests of the auth domain only need the interface, so this keeps them fast and isolated.
 */
type PgliteLike = Pick<PGlite, 'query' | 'exec'>;

function wrap(pg: PgliteLike): Queryable {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const result = await pg.query<Row>(sql, params);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await pg.exec(sql);
    },
  };
}

export async function createMemoryDatabase(): Promise<Database> {
  const pg = new PGlite();
  await pg.waitReady;
  const base = wrap(pg);
  return {
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // The same effect as the engines' one round trip, in a plain transaction: setup holds for statement.
    queryPrepared: <Row>(setup: PreparedStatement, statement: PreparedStatement) => pg.transaction(async (tx) => {
      await tx.query(setup.sql, setup.params, { paramTypes: setup.paramTypes });
      const result = await tx.query<Row>(statement.sql, statement.params, { paramTypes: statement.paramTypes });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 };
    }),
    listen: async (channel, onNotify) => {
      const stop = await pg.listen(channel, onNotify);
      return { close: () => stop() };
    },
    close: () => pg.close(),
  };
}
