import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { accessTokenKeys } from './keys.ts';

/** POST /platform/profile/access-tokens: the only answer that carries the token itself. */
export function createAccessToken(body: BodyOf<'accessTokenCreate'>): Promise<ResponseOf<'accessTokenCreate'>> {
  return api.post<ResponseOf<'accessTokenCreate'>>('/profile/access-tokens', body);
}

export function useAccessTokenCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    // The list shows the new token's alias; the secret stays only in this mutation's result.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.list() }),
  });
}
