import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { mailKeys } from '../mail/keys.ts';
import { authUserKeys } from './keys.ts';

export function sendMagicLink(ref: string, email: string) {
  return apiRequest<ResponseOf<'authUserMagicLink'>>('POST', `/projects/${encodeURIComponent(ref)}/auth/magiclink`, { body: { email } });
}

/**
 * POST /projects/{ref}/auth/magiclink. Sending a link to a new address signs that user up, so the lists
 * refresh too; the inbox gains the message when the mail catcher holds the project's mail.
 */
export function useAuthUserMagicLinkMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email }: { email: string }) => sendMagicLink(ref, email),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authUserKeys.lists(ref) }),
        queryClient.invalidateQueries({ queryKey: mailKeys.inbox(ref) }),
      ]);
    },
  });
}
