import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { ssoProviderKeys } from './keys.ts';

export function deleteSsoProvider(ref: string, id: string) {
  return api.delete<ResponseOf<'ssoProviderDelete'>>(`/projects/${encodeURIComponent(ref)}/config/auth/sso/providers/${encodeURIComponent(id)}`);
}

/** Removes a provider and its domains (their users stay, but can no longer sign in through it). */
export function useSsoProviderDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => deleteSsoProvider(ref, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoProviderKeys.list(ref) }),
  });
}
