import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@supabase/auth-js';
import { useEffect } from 'react';
import { auth } from '../../lib/auth.ts';
import { authKeys } from './keys.ts';

async function getSession(): Promise<Session | null> {
  const { data, error } = await auth.getSession();
  if (error) throw error;
  return data.session;
}

export function useSessionQuery() {
  return useQuery({ queryKey: authKeys.session(), queryFn: getSession, staleTime: Infinity, retry: false });
}

/** Mounted once at the root: keeps the session query current with auth events (sign-in, refresh, sign-out). */
export function useAuthEventsSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const { data } = auth.onAuthStateChange((event, session) => {
      queryClient.setQueryData(authKeys.session(), session);
      if (event === 'SIGNED_OUT') {
        // Another user may sign in next: forget everything the previous one could see.
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      }
      if (event === 'SIGNED_IN' || event === 'MFA_CHALLENGE_VERIFIED' || event === 'SIGNED_OUT') {
        void queryClient.invalidateQueries({ queryKey: ['auth', 'aal'] });
      }
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);
}
