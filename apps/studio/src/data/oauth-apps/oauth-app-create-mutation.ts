import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { oauthAppKeys } from './keys.ts';

/** POST /platform/organizations/{slug}/oauth/apps: the only answer (with a secret reset) that carries the client secret. */
export function createOAuthApp({ slug, body }: { slug: string; body: BodyOf<'oauthAppCreate'> }): Promise<ResponseOf<'oauthAppCreate'>> {
  return api.post<ResponseOf<'oauthAppCreate'>>(`/organizations/${encodeURIComponent(slug)}/oauth/apps`, body);
}

export function useOAuthAppCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOAuthApp,
    // The list shows the new app with its secret's alias; the secret stays in this result only.
    onSuccess: (_app, { slug }) => queryClient.invalidateQueries({ queryKey: oauthAppKeys.published(slug) }),
  });
}
