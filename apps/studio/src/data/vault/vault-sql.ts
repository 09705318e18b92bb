/**
 * The SQL the Vault page runs through the SQL endpoint (Supabase's vault API: vault.secrets,
 * vault.create_secret, vault.update_secret, vault.decrypted_secrets). Every value is a quoted
 * constant (literal()), ids are cast to uuid so a bad one fails instead of matching nothing.
 */
import { literal } from '../sql/quote.ts';

/** Names, descriptions and dates: the list never carries a value. */
export const listSecretsSql = `select id::text as id, name, description, created_at::text as created_at, updated_at::text as updated_at
from vault.secrets
order by updated_at desc, id`;

export function secretValueSql(id: string): string {
  return `select decrypted_secret from vault.decrypted_secrets where id = ${literal(id)}::uuid`;
}

export function createSecretSql(input: { name: string; value: string; description: string }): string {
  return `select vault.create_secret(${literal(input.value)}, ${literal(input.name)}, ${literal(input.description)})::text as id`;
}

/** `value` null keeps the stored value (update_secret leaves what it is given as NULL). */
export function updateSecretSql(id: string, input: { name: string; value: string | null; description: string }): string {
  const value = input.value === null ? 'null' : literal(input.value);
  return `select vault.update_secret(${literal(id)}::uuid, ${value}, ${literal(input.name)}, ${literal(input.description)})`;
}

export function deleteSecretSql(id: string): string {
  return `delete from vault.secrets where id = ${literal(id)}::uuid`;
}
