/**
 * How a browser flow ends, as GoTrue ends it: a redirect to the allow-listed target with the session
 * in the URL fragment (the implicit flow, read by auth-js from `location.hash`), a `?code=` for a
 * PKCE client to exchange, or GoTrue's error parameters in the same place the result would be.
 */
import type { PlinthError } from '@plinth/errors';
import type { Session } from '../../../data-plane/auth/index.ts';

/** The session as a URL fragment, as GoTrue hands it to the page a link lands on. */
export function sessionFragment(session: Session, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    ...extra,
  }).toString();
}

export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

export const withFragment = (url: string, fragment: string) => `${url.split('#')[0]}#${fragment}`;

/** GoTrue's error parameters: `error` (OAuth's name for the kind), `error_code` (the catalogue's), `error_description`. */
export function errorParams(error: PlinthError, kind = 'access_denied', description = error.message): Record<string, string> {
  return { error: kind, error_code: error.code, error_description: description };
}

/** The error where the result would have gone: the query for a PKCE flow, else the fragment. */
export function withError(url: string, params: Record<string, string>, isPkce: boolean): string {
  return isPkce ? withQuery(url, params) : withFragment(url, new URLSearchParams(params).toString());
}

/** How an external sign-in (OAuth callback, SAML ACS) ended, as the domain reports it. */
export type SignInLanding = { redirectTo: string; isPkce: boolean } & (
  | { kind: 'session'; session: Session }
  | { kind: 'code'; authCode: string }
  | { kind: 'error'; error: PlinthError }
);

const REQUEST_ERRORS = new Set(['bad_oauth_state', 'bad_oauth_callback', 'saml_relay_state_not_found', 'saml_relay_state_expired', 'saml_assertion_invalid']);

/**
 * Where the browser goes at the end: the app with the session in the fragment (extra: provider
 * tokens), `?code=` for a PKCE client, or the error GoTrue's way (`kind` overrides its error name).
 */
export function landingUrl(landing: SignInLanding, extra: Record<string, string> = {}, kind?: string): string {
  if (landing.kind === 'code') return withQuery(landing.redirectTo, { code: landing.authCode });
  if (landing.kind === 'session') return withFragment(landing.redirectTo, sessionFragment(landing.session, extra));
  const name = kind ?? (REQUEST_ERRORS.has(landing.error.code) ? 'invalid_request' : 'access_denied');
  return withError(landing.redirectTo, errorParams(landing.error, name), landing.isPkce);
}
