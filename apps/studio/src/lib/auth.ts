import { AuthClient } from '@supabase/auth-js';

/** The platform's own auth (GoTrue-compatible), served by the platform at /auth/v1. */
export const auth = new AuthClient({
  url: `${location.origin}/auth/v1`,
  storageKey: 'plinth.auth',
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: false,
});

export async function getAccessToken(): Promise<string | null> {
  const { data } = await auth.getSession();
  return data.session?.access_token ?? null;
}

/**
 * Signs out everywhere when the server agrees; falls back to forgetting the local session so the
 * user is never stuck signed in because the logout call failed.
 */
export async function signOutEverywhere(): Promise<void> {
  const { error } = await auth.signOut();
  if (error) await auth.signOut({ scope: 'local' });
}
