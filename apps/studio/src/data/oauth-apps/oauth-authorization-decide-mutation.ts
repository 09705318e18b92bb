import { useMutation } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';

/** POST /platform/oauth/authorizations/{id}: approve for one organisation, or deny; answers where the browser goes next. */
export function decideOAuthAuthorization({ id, body }: { id: string; body: BodyOf<'oauthAuthorizationDecide'> }): Promise<ResponseOf<'oauthAuthorizationDecide'>> {
  return api.post<ResponseOf<'oauthAuthorizationDecide'>>(`/oauth/authorizations/${encodeURIComponent(id)}`, body);
}

export function useOAuthAuthorizationDecideMutation() {
  // Nothing to invalidate: the browser leaves the studio for the app's redirect URI.
  return useMutation({ mutationFn: decideOAuthAuthorization });
}
