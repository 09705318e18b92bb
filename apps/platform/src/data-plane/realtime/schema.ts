/**
 * Projects made since Realtime arrived have the `realtime` schema from their bootstrap; older ones
 * get it on first realtime use (schema.sql is idempotent, and the platform's connection may create
 * it: the project's owner, on the embedded engine the superuser).
 */
import { readFileSync } from 'node:fs';
import { ensureSql } from '../../engines/ensure-sql.ts';
import type { Database } from '../../engines/types.ts';

const SCHEMA_SQL = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');

export function ensureRealtimeSchema(db: Database): Promise<void> {
  return ensureSql(db, 'realtime.plinth_queue_message()', SCHEMA_SQL);
}
