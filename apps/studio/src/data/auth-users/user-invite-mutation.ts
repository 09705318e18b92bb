import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { mailKeys } from '../mail/keys.ts';
import { authUserKeys } from './keys.ts';

export function inviteAuthUser(ref: string, email: string) {
  return apiRequest<ResponseOf<'authUserInvite'>>('POST', `/projects/${encodeURIComponent(ref)}/auth/invite`, { body: { email } });
}

/**
 * POST /projects/{ref}/auth/invite: creates the invited user and emails the invitation. The lists gain
 * the user; the mail catcher's inbox gains the message when no SMTP server is set.
 */
export function useAuthUserInviteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email }: { email: string }) => inviteAuthUser(ref, email),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authUserKeys.lists(ref) }),
        queryClient.invalidateQueries({ queryKey: mailKeys.inbox(ref) }),
      ]);
    },
  });
}
