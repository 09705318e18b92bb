import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { apiKeysKeys } from './keys.ts';

export function deleteSigningKey(ref: string, id: string) {
  return api.delete<ResponseOf<'signingKeyDelete'>>(`/projects/${encodeURIComponent(ref)}/config/auth/signing-keys/${encodeURIComponent(id)}`);
}

/** Deletes a standby or revoked key; the list drops it. */
export function useSigningKeyDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => deleteSigningKey(ref, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.signingKeys(ref) }),
  });
}
