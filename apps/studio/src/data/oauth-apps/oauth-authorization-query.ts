import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { oauthAppKeys } from './keys.ts';

/** GET /platform/oauth/authorizations/{id}: the pending request the consent screen shows. */
export function getOAuthAuthorization(id: string, signal?: AbortSignal): Promise<ResponseOf<'oauthAuthorization'>> {
  return api.get<ResponseOf<'oauthAuthorization'>>(`/oauth/authorizations/${encodeURIComponent(id)}`, { signal });
}

export function useOAuthAuthorizationQuery(id: string) {
  // A request is answered once; refetching after a decision would only show "expired".
  return useQuery({ queryKey: oauthAppKeys.authorization(id), queryFn: ({ signal }) => getOAuthAuthorization(id, signal), enabled: !!id, retry: false, refetchOnWindowFocus: false });
}
