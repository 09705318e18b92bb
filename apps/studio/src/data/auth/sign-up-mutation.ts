import { useMutation } from '@tanstack/react-query';
import { auth } from '../../lib/auth.ts';
import type { Credentials } from './sign-in-mutation.ts';

/** Resolves whether the user is signed in right away (no mail server: the platform autoconfirms). */
async function signUp({ email, password }: Credentials): Promise<{ isSignedIn: boolean }> {
  const { data, error } = await auth.signUp({ email, password });
  if (error) throw error;
  return { isSignedIn: !!data.session };
}

export function useSignUpMutation() {
  return useMutation({ mutationFn: signUp });
}
