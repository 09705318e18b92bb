import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auth } from '../../lib/auth.ts';

async function unenroll(factorId: string): Promise<void> {
  const { error } = await auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

export function useMfaUnenrollMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unenroll,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['auth'] }),
  });
}
