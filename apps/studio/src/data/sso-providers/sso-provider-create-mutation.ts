import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf, SsoProviderCreate } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { ssoProviderKeys } from './keys.ts';

export function createSsoProvider(ref: string, body: SsoProviderCreate) {
  return api.post<ResponseOf<'ssoProviderCreate'>>(`/projects/${encodeURIComponent(ref)}/config/auth/sso/providers`, body);
}

/** Adds a SAML identity provider (its metadata given as XML or fetched by the server from a URL); the list shows it next. */
export function useSsoProviderCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoProviderCreate) => createSsoProvider(ref, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoProviderKeys.list(ref) }),
  });
}
