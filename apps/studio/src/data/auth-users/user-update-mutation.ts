import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { authUserKeys } from './keys.ts';

export type AuthUserUpdate = BodyOf<'authUserUpdate'>;

/** The ban_duration that lifts a ban (GoTrue's word). */
export const UNBAN_DURATION = 'none';

export function updateAuthUser(ref: string, id: string, body: AuthUserUpdate) {
  return apiRequest<ResponseOf<'authUserUpdate'>>('PATCH', `/projects/${encodeURIComponent(ref)}/auth/users/${encodeURIComponent(id)}`, { body });
}

/**
 * PATCH /projects/{ref}/auth/users/{id}: ban (a Go duration), unban ('none') or metadata. The open
 * panel takes the answer at once; the lists refresh because the banned state shows in the rows.
 */
export function useAuthUserUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AuthUserUpdate & { id: string }) => updateAuthUser(ref, id, body),
    onSuccess: async (user) => {
      queryClient.setQueryData(authUserKeys.user(ref, user.id), user);
      await queryClient.invalidateQueries({ queryKey: authUserKeys.lists(ref) });
    },
  });
}
