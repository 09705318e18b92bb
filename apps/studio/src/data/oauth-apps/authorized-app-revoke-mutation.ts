import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { oauthAppKeys } from './keys.ts';

/** DELETE /platform/organizations/{slug}/oauth/authorized-apps/{id}: the app's tokens are refused from the next request. */
export function revokeAuthorizedApp({ slug, id }: { slug: string; id: string }): Promise<ResponseOf<'oauthAuthorizedAppRevoke'>> {
  return api.delete<ResponseOf<'oauthAuthorizedAppRevoke'>>(`/organizations/${encodeURIComponent(slug)}/oauth/authorized-apps/${id}`);
}

export function useAuthorizedAppRevokeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAuthorizedApp,
    // A revoked authorisation leaves the list.
    onSuccess: (_result, { slug }) => queryClient.invalidateQueries({ queryKey: oauthAppKeys.authorized(slug) }),
  });
}
