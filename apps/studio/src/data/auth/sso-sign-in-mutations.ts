import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api, ApiError } from '../../lib/api.ts';
import { auth } from '../../lib/auth.ts';
import { getAssuranceLevel, type AssuranceLevel } from './aal-query.ts';

/**
 * SSO sign-in, in two page loads: start (a PKCE pair made here, its verifier kept in this tab)
 * sends the browser to the organisation's provider; back on /sign-in/sso with a code, the code and
 * the verifier are exchanged for the dashboard session, as any GoTrue PKCE flow.
 */
const VERIFIER_KEY = 'plinth.sso.verifier';
const RETURN_TO_KEY = 'plinth.sso.return-to';

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function startSsoSignIn({ email, returnTo }: { email: string; returnTo: string }): Promise<void> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  const { url } = await api.post<ResponseOf<'dashboardSsoStart'>>('/auth/sso/start', { email, code_challenge: challenge, code_challenge_method: 's256' });
  sessionStorage.setItem(VERIFIER_KEY, verifier);
  sessionStorage.setItem(RETURN_TO_KEY, returnTo);
  location.assign(url);
}

export function useSsoStartMutation() {
  return useMutation({ mutationFn: startSsoSignIn });
}

/** The code for a session; the assurance level says whether MFA comes next, and where to go after. */
async function finishSsoSignIn(code: string): Promise<AssuranceLevel & { returnTo: string | null }> {
  const verifier = sessionStorage.getItem(VERIFIER_KEY);
  const returnTo = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(VERIFIER_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  if (!verifier) throw new ApiError('sso_login_failed', 'This sign-in was started in another tab or browser. Start again.', 400);
  const response = await fetch('/auth/v1/token?grant_type=pkce', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string; msg?: string };
  if (!response.ok || !body.access_token || !body.refresh_token) {
    throw new ApiError('sso_login_failed', body.msg ?? 'Single sign-on did not complete. Try again.', response.status);
  }
  const { error } = await auth.setSession({ access_token: body.access_token, refresh_token: body.refresh_token });
  if (error) throw error;
  return { ...(await getAssuranceLevel()), returnTo };
}

export function useSsoFinishMutation() {
  return useMutation({ mutationFn: finishSsoSignIn });
}
