import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { authUserKeys } from './keys.ts';

export type AuthUserCreate = BodyOf<'authUserCreate'>;

export function createAuthUser(ref: string, body: AuthUserCreate) {
  return apiRequest<ResponseOf<'authUserCreate'>>('POST', `/projects/${encodeURIComponent(ref)}/auth/users`, { body });
}

/** POST /projects/{ref}/auth/users: a user with a password; the lists and their totals gain it. */
export function useAuthUserCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuthUserCreate) => createAuthUser(ref, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authUserKeys.lists(ref) }),
  });
}
