import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auth } from '../../lib/auth.ts';

export interface MfaVerifyInput {
  factorId: string;
  code: string;
}

/** Challenge then verify one TOTP factor; on success the session is raised to aal2. */
async function verify({ factorId, code }: MfaVerifyInput): Promise<void> {
  const challenge = await auth.mfa.challenge({ factorId });
  if (challenge.error) throw challenge.error;
  const { error } = await auth.mfa.verify({ factorId, challengeId: challenge.data.id, code });
  if (error) throw error;
}

export function useMfaVerifyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verify,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth'] }),
  });
}
