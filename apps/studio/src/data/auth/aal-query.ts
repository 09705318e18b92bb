import { useQuery } from '@tanstack/react-query';
import { auth } from '../../lib/auth.ts';
import { authKeys } from './keys.ts';

export interface AssuranceLevel {
  currentLevel: string | null;
  nextLevel: string | null;
  /** The user has a verified factor but this session has not used it yet. */
  isMfaRequired: boolean;
}

export async function getAssuranceLevel(): Promise<AssuranceLevel> {
  const { data, error } = await auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return {
    currentLevel: data.currentLevel,
    nextLevel: data.nextLevel,
    isMfaRequired: data.currentLevel === 'aal1' && data.nextLevel === 'aal2',
  };
}

export function useAssuranceLevelQuery(userId: string | undefined) {
  return useQuery({
    queryKey: authKeys.aal(userId),
    queryFn: getAssuranceLevel,
    enabled: !!userId,
    staleTime: Infinity,
    retry: false,
  });
}
