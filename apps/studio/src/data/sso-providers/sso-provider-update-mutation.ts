import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf, SsoProviderUpdate } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { ssoProviderKeys } from './keys.ts';

export function updateSsoProvider(ref: string, id: string, body: SsoProviderUpdate) {
  return apiRequest<ResponseOf<'ssoProviderUpdate'>>('PUT', `/projects/${encodeURIComponent(ref)}/config/auth/sso/providers/${encodeURIComponent(id)}`, { body });
}

/**
 * Changes a provider: fields left out keep their value, `domains` replaces the whole list. The
 * list refetches, as a domain moved here may have left another provider's row.
 */
export function useSsoProviderUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SsoProviderUpdate }) => updateSsoProvider(ref, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoProviderKeys.list(ref) }),
  });
}
