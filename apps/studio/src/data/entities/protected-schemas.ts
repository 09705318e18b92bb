/**
 * Schemas the platform manages (spec document 2, §9, plus Postgres' own): shown locked and read-only
 * in the table editor. The schema list's `is_protected` flag is the source of truth; this list
 * covers schemas it does not list.
 */
const PROTECTED_SCHEMAS = new Set([
  'auth', 'extensions', 'information_schema', 'net', 'pgsodium', 'pgsodium_masks', 'pgbouncer', 'pgtle', 'realtime',
  'storage', 'supabase_functions', 'supabase_migrations', 'vault', 'graphql', 'graphql_public', 'pg_catalog', 'pg_toast',
]);

export function isProtectedSchema(name: string, listed?: { name: string; is_protected: boolean }[]): boolean {
  const entry = listed?.find((schema) => schema.name === name);
  if (entry) return entry.is_protected;
  return PROTECTED_SCHEMAS.has(name) || name.startsWith('pg_');
}
