import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../../engines/types.ts';

/** Where the auth schema lives, so the project bootstrap can apply the same file. */
export const authSchemaPath = fileURLToPath(new URL('./schema.sql', import.meta.url));
export const authSchemaSql = readFileSync(authSchemaPath, 'utf8');

/** Creates the `auth` schema and its tables if missing; safe to run repeatedly. */
export async function applyAuthSchema(db: Queryable): Promise<void> {
  await db.exec(authSchemaSql);
}
