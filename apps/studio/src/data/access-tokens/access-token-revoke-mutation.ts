import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { accessTokenKeys } from './keys.ts';

/** DELETE /platform/profile/access-tokens/{id}: refused on every node from the next request. */
export function revokeAccessToken(id: number): Promise<ResponseOf<'accessTokenDelete'>> {
  return api.delete<ResponseOf<'accessTokenDelete'>>(`/profile/access-tokens/${id}`);
}

export function useAccessTokenRevokeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    // A revoked token leaves the list (the server lists only live and expired ones).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.list() }),
  });
}
