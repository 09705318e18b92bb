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

const checked = new WeakSet<Queryable>();

/**
 * A project made before the newest auth tables (SAML single sign-on) gets them on first
 * use: schema.sql is idempotent and the platform's connection owns the schema.
 */
export async function ensureAuthSchema(db: Queryable): Promise<void> {
  if (checked.has(db)) return;
  const { rows } = await db.query<{ exists: boolean }>(`select pg_catalog.to_regclass('auth.saml_relay_states') is not null as exists`);
  if (!rows[0]?.exists) await db.exec(authSchemaSql);
  checked.add(db);
}
