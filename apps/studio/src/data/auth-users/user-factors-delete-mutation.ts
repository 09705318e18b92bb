import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { authUserKeys } from './keys.ts';

export function deleteAuthUserFactors(ref: string, id: string) {
  return apiRequest<ResponseOf<'authUserFactorsDelete'>>('DELETE', `/projects/${encodeURIComponent(ref)}/auth/users/${encodeURIComponent(id)}/factors`);
}

/**
 * DELETE /projects/{ref}/auth/users/{id}/factors: every MFA factor goes. The panel re-reads the user
 * (the answer is only a message); the lists too, since rows carry the factors.
 */
export function useAuthUserFactorsDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => deleteAuthUserFactors(ref, id),
    onSuccess: async (_result, { id }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authUserKeys.user(ref, id) }),
        queryClient.invalidateQueries({ queryKey: authUserKeys.lists(ref) }),
      ]);
    },
  });
}
