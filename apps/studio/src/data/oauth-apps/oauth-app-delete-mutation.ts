import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { oauthAppKeys } from './keys.ts';

/** DELETE /platform/organizations/{slug}/oauth/apps/{id}: ends every authorisation and token of the app. */
export function deleteOAuthApp({ slug, id }: { slug: string; id: string }): Promise<ResponseOf<'oauthAppDelete'>> {
  return api.delete<ResponseOf<'oauthAppDelete'>>(`/organizations/${encodeURIComponent(slug)}/oauth/apps/${id}`);
}

export function useOAuthAppDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOAuthApp,
    // The app leaves the list; if it was also authorised on this organisation, that authorisation went with it.
    onSuccess: (_result, { slug }) => Promise.all([
      queryClient.invalidateQueries({ queryKey: oauthAppKeys.published(slug) }),
      queryClient.invalidateQueries({ queryKey: oauthAppKeys.authorized(slug) }),
    ]),
  });
}
