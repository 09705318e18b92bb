import type PgBoss from 'pg-boss';
import type { Queryable } from '../../engines/types.ts';

/**
 * pg-boss's statements wrapped in BEGIN ... COMMIT (schema install, migrations, maintenance) come
 * as one parameterless text of several statements, and pg-boss reads no rows from them. Only
 * Queryable.exec takes several statements (PGlite's query, like any prepared statement, takes one).
 */
const TRANSACTION_SCRIPT = /^\s*BEGIN\s*;/i;

/**
 * pg-boss on our Database (PGlite worker or pg pool) instead of its own pool: one adapter, so the
 * same queue runs on both engines, and sends inside a request's transaction commit with it.
 */
export function bossDatabase(db: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (TRANSACTION_SCRIPT.test(text) && !values?.length) {
        await db.exec(text);
        return { rows: [] };
      }
      return db.query(text, values ?? []);
    },
  };
}
