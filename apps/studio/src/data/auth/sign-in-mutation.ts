import { useMutation } from '@tanstack/react-query';
import { auth } from '../../lib/auth.ts';
import { getAssuranceLevel, type AssuranceLevel } from './aal-query.ts';

export interface Credentials {
  email: string;
  password: string;
}

async function signIn({ email, password }: Credentials): Promise<AssuranceLevel> {
  const { error } = await auth.signInWithPassword({ email, password });
  if (error) throw error;
  return getAssuranceLevel();
}

export function useSignInMutation() {
  return useMutation({ mutationFn: signIn });
}
