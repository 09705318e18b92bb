import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { apiKeysKeys } from './keys.ts';

export type SigningKeyCreate = Pick<BodyOf<'signingKeyCreate'>, 'algorithm'>;

export function createSigningKey(ref: string, body: SigningKeyCreate) {
  return api.post<ResponseOf<'signingKeyCreate'>>(`/projects/${encodeURIComponent(ref)}/config/auth/signing-keys`, { ...body, status: 'standby' });
}

/** A new standby key: published in the JWKS at once, so apps learn it before it signs anything. */
export function useSigningKeyCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SigningKeyCreate) => createSigningKey(ref, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.signingKeys(ref) }),
  });
}
