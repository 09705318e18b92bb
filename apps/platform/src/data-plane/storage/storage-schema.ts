/**
 * Every project made since storage arrived has the `storage` schema from its bootstrap. A project
 * made before gets it on first use: schema.sql is idempotent and the platform's connection may
 * create it (the project's owner; on the embedded engine the superuser).
 */
import { readFileSync } from 'node:fs';
import type { Database } from '../../engines/types.ts';
import { StorageError } from './errors.ts';

const SCHEMA_SQL = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');
const checked = new WeakSet<Database>();

export async function ensureStorageSchema(db: Database): Promise<void> {
  if (checked.has(db)) return;
  const { rows } = await db.query<{ exists: boolean }>(`select pg_catalog.to_regclass('storage.objects') is not null as exists`);
  if (!rows[0]?.exists) {
    try {
      await db.exec(SCHEMA_SQL);
    } catch (error) {
      throw new StorageError('FeatureNotEnabled', `Storage could not be set up in this project's database: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  checked.add(db);
}
