import { readFileSync } from 'node:fs';
import { ensureSql } from '../../../engines/ensure-sql.ts';
import type { Queryable } from '../../../engines/types.ts';

const CAPTURE_SQL = readFileSync(new URL('./capture.sql', import.meta.url), 'utf8');

/**
 * The capture trigger and its helpers (capture.sql): in every project's bootstrap since realtime
 * arrived; an older project gets them here on its first Postgres-changes subscriber.
 */
export function ensureCapture(db: Queryable): Promise<void> {
  return ensureSql(db, 'realtime.plinth_visible_rows(regclass,text[],jsonb,jsonb)', CAPTURE_SQL);
}
