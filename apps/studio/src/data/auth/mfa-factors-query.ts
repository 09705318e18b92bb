import { useQuery } from '@tanstack/react-query';
import type { Factor } from '@supabase/auth-js';
import { auth } from '../../lib/auth.ts';
import { authKeys } from './keys.ts';

async function listFactors(): Promise<Factor[]> {
  const { data, error } = await auth.mfa.listFactors();
  if (error) throw error;
  return data.all;
}

export function useMfaFactorsQuery(userId: string | undefined) {
  return useQuery({ queryKey: authKeys.factors(userId), queryFn: listFactors, enabled: !!userId });
}
