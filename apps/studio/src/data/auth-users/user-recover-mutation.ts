import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { mailKeys } from '../mail/keys.ts';

export function sendPasswordRecovery(ref: string, email: string) {
  return apiRequest<ResponseOf<'authUserRecover'>>('POST', `/projects/${encodeURIComponent(ref)}/auth/recover`, { body: { email } });
}

/** POST /projects/{ref}/auth/recover: the user is unchanged until they follow the link; only the inbox gains a message. */
export function useAuthUserRecoverMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email }: { email: string }) => sendPasswordRecovery(ref, email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.inbox(ref) }),
  });
}
