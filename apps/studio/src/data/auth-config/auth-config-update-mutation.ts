import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { authConfigKeys } from './keys.ts';

/** A partial change: fields left out keep their value; a secret sent as '' is cleared. */
export type AuthConfigUpdate = BodyOf<'authConfigUpdate'>;

export function updateAuthConfig(ref: string, body: AuthConfigUpdate) {
  return apiRequest<ResponseOf<'authConfigUpdate'>>('PATCH', `/projects/${encodeURIComponent(ref)}/config/auth`, { body });
}

/**
 * PATCH /projects/{ref}/config/auth. The answer is the whole new configuration, so the cache takes
 * it as it is: the saved form resets to it, and the other forms see `secrets_set` move.
 */
export function useAuthConfigUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuthConfigUpdate) => updateAuthConfig(ref, body),
    onSuccess: (config) => queryClient.setQueryData(authConfigKeys.config(ref), config),
  });
}
