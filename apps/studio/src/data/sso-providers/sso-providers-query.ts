import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { ssoProviderKeys } from './keys.ts';

export type SsoProviderItem = ResponseOf<'ssoProviders'>['items'][number];

export function getSsoProviders(ref: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'ssoProviders'>>(`/projects/${encodeURIComponent(ref)}/config/auth/sso/providers`, { signal });
}

/**
 * GET .../config/auth/sso/providers, oldest first. The server answers 404 `saml_provider_disabled`
 * while SAML is off, so callers pass `enabled: config.saml_enabled` and say so themselves instead.
 */
export function useSsoProvidersQuery(ref: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ssoProviderKeys.list(ref),
    queryFn: ({ signal }) => getSsoProviders(ref as string, signal),
    select: (data) => data.items,
    enabled: !!ref && enabled,
  });
}
