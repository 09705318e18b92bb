import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { oauthAppKeys } from './keys.ts';

/** POST /platform/organizations/{slug}/oauth/apps/{id}/client-secret: a new secret, the old one refused at once. */
export function resetOAuthAppSecret({ slug, id }: { slug: string; id: string }): Promise<ResponseOf<'oauthAppSecretReset'>> {
  return api.post<ResponseOf<'oauthAppSecretReset'>>(`/organizations/${encodeURIComponent(slug)}/oauth/apps/${id}/client-secret`);
}

export function useOAuthAppSecretResetMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetOAuthAppSecret,
    // The listed secret alias changes.
    onSuccess: (_app, { slug }) => queryClient.invalidateQueries({ queryKey: oauthAppKeys.published(slug) }),
  });
}
