import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf, SigningKeyStatus } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { apiKeysKeys } from './keys.ts';

export function updateSigningKey(ref: string, id: string, status: SigningKeyStatus) {
  return api.patch<ResponseOf<'signingKeyUpdate'>>(`/projects/${encodeURIComponent(ref)}/config/auth/signing-keys/${encodeURIComponent(id)}`, { status });
}

/** Rotate (a key made current moves the current one to previously used) or revoke: both change more than one row, so the list is read again. */
export function useSigningKeyUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: SigningKeyStatus }) => updateSigningKey(ref, id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.signingKeys(ref) }),
  });
}
