/**
 * Schemas the platform manages (spec document 2, §9, plus Postgres' own). The studio shows them
 * locked; the API refuses DDL in them, so a click cannot break auth, storage or the catalog.
 */
import { PlinthError } from '@plinth/errors';

export const PROTECTED_SCHEMAS = [
  'auth',
  'extensions',
  'information_schema',
  'net',
  'pgsodium',
  'pgsodium_masks',
  'pgbouncer',
  'pgtle',
  'realtime',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'vault',
  'graphql',
  'graphql_public',
  'pg_catalog',
  'pg_toast',
] as const;

const protectedSet: ReadonlySet<string> = new Set(PROTECTED_SCHEMAS);

/** Also every pg_* schema (pg_temp_N, pg_toast_temp_N): Postgres reserves the prefix. */
export function isProtectedSchema(schema: string): boolean {
  return protectedSet.has(schema) || schema.startsWith('pg_');
}

/**
 * Storage policies (spec document 2, "Storage policies page") are RLS policies on storage.objects and
 * storage.buckets: the one kind of change the platform lets people make inside a protected schema.
 */
export const POLICY_WRITABLE_SCHEMAS: readonly string[] = ['storage'];

export function assertSchemaWritable(schema: string, options: { forPolicies?: boolean } = {}): void {
  if (!isProtectedSchema(schema)) return;
  if (options.forPolicies && POLICY_WRITABLE_SCHEMAS.includes(schema)) return;
  throw new PlinthError(
    'protected_schema',
    `The schema "${schema}" is managed by the platform and is read-only; it cannot be changed here.`,
    { schema },
  );
}
