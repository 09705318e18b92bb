import { useQuery } from '@tanstack/react-query';
import { querySql } from '../sql/execute-sql.ts';
import { vaultKeys } from './keys.ts';
import { listSecretsSql, secretValueSql } from './vault-sql.ts';

export interface VaultSecret {
  id: string;
  name: string | null;
  description: string;
  created_at: string;
  updated_at: string;
}

export function useVaultSecretsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: vaultKeys.list(ref),
    queryFn: ({ signal }) => querySql<VaultSecret>(ref as string, listSecretsSql, signal),
    enabled: !!ref,
  });
}

/**
 * A secret's value, fetched only while `enabled` (the person clicked Reveal) and never cached after
 * it is hidden again (gcTime 0), so a value is not kept in memory longer than it is on screen.
 */
export function useVaultSecretValueQuery(ref: string, id: string, enabled: boolean) {
  return useQuery({
    queryKey: vaultKeys.value(ref, id),
    queryFn: async ({ signal }) => {
      const rows = await querySql<{ decrypted_secret: string | null }>(ref, secretValueSql(id), signal);
      return rows[0]?.decrypted_secret ?? null;
    },
    enabled,
    gcTime: 0,
    staleTime: 0,
  });
}
