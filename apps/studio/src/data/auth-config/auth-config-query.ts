import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { authConfigKeys } from './keys.ts';

export type AuthConfig = ResponseOf<'authConfig'>;

export function getAuthConfig(ref: string, signal?: AbortSignal) {
  return apiRequest<AuthConfig>('GET', `/projects/${encodeURIComponent(ref)}/config/auth`, { signal });
}

/**
 * GET /projects/{ref}/config/auth: settings, `secrets_set` (secrets themselves never come back),
 * the callback URL and whether the plan has SAML. `enabled` is false for members who may not read it.
 */
export function useAuthConfigQuery(ref: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: authConfigKeys.config(ref),
    queryFn: ({ signal }) => getAuthConfig(ref as string, signal),
    enabled: !!ref && enabled,
  });
}
