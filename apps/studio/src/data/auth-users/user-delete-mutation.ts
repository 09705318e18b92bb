import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { authUserKeys } from './keys.ts';

export function deleteAuthUser(ref: string, id: string) {
  return apiRequest<ResponseOf<'authUserDelete'>>('DELETE', `/projects/${encodeURIComponent(ref)}/auth/users/${encodeURIComponent(id)}`);
}

/** DELETE /projects/{ref}/auth/users/{id}: the user's panel data goes, and the lists and totals refresh. */
export function useAuthUserDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => deleteAuthUser(ref, id),
    onSuccess: async (_result, { id }) => {
      queryClient.removeQueries({ queryKey: authUserKeys.user(ref, id) });
      await queryClient.invalidateQueries({ queryKey: authUserKeys.lists(ref) });
    },
  });
}
