import type { VaultSecret } from '../../data/vault/vault-secrets-query.ts';

/** Secrets made in SQL may have no name: their id names them then. */
export function secretLabel(secret: VaultSecret): string {
  return secret.name ?? secret.id;
}
