import type { Queryable } from './types.ts';

const applied = new WeakMap<Queryable, Map<string, Promise<void>>>();

/**
 * Runs the idempotent `sql` on `db` unless the function `marker` (a regprocedure signature, the
 * newest thing the script makes) is there: once per opened database. For schemas that come with
 * every new project's bootstrap and that older projects get on first use.
 */
export function ensureSql(db: Queryable, marker: string, sql: string): Promise<void> {
  let byMarker = applied.get(db);
  if (!byMarker) applied.set(db, (byMarker = new Map()));
  let done = byMarker.get(marker);
  if (!done) {
    done = (async () => {
      const { rows } = await db.query<{ exists: boolean }>('select pg_catalog.to_regprocedure($1) is not null as exists', [marker]);
      if (!rows[0]?.exists) await db.exec(sql);
    })();
    byMarker.set(marker, done);
    done.catch(() => byMarker.delete(marker));
  }
  return done;
}
