import { useMutation, useQueryClient } from '@tanstack/react-query';
import { executeSql } from '../sql/execute-sql.ts';
import { vaultKeys } from './keys.ts';
import { createSecretSql, deleteSecretSql, updateSecretSql } from './vault-sql.ts';

export interface SecretInput {
  name: string;
  /** null when editing without a new value. */
  value: string | null;
  description: string;
}

/** Every change is followed by a fresh list (and drops any revealed value of the project). */
function useVaultMutation<T>(ref: string, run: (input: T) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => executeSql(ref, run(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vaultKeys.all(ref) }),
  });
}

export function useCreateVaultSecretMutation(ref: string) {
  return useVaultMutation<SecretInput>(ref, (input) => createSecretSql({ ...input, value: input.value ?? '' }));
}

export function useUpdateVaultSecretMutation(ref: string) {
  return useVaultMutation<SecretInput & { id: string }>(ref, ({ id, ...input }) => updateSecretSql(id, input));
}

export function useDeleteVaultSecretMutation(ref: string) {
  return useVaultMutation<string>(ref, deleteSecretSql);
}
