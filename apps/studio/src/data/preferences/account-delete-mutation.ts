import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { auth } from '../../lib/auth.ts';

export function deleteAccount(confirmEmail: string) {
  return api.delete('/profile', { confirm_email: confirmEmail });
}

export function useAccountDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    // The account and its sessions are gone: drop the local session and everything cached for it.
    onSuccess: async () => {
      await auth.signOut({ scope: 'local' });
      queryClient.clear();
    },
  });
}
