/**
 * Sign-in with an external provider, as GoTrue does it. /authorize sends the browser to the
 * provider with a `state` that is a short-lived JWT signed by the project (provider, where to land,
 * the PKCE flow and, for linkIdentity, the signed-in user); the provider sends it back to
 * /callback with a code, which is exchanged (openid-client validates the ID token and its nonce),
 * then the identity signs in (identities.ts) and the browser lands on the allow-listed redirect
 * with tokens in the fragment, or `?code=` for a PKCE client. signInWithIdToken skips the browser:
 * an ID token the app got from the provider itself is verified against the provider's JWKS.
 */
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import * as client from 'openid-client';
import { PlinthError } from '@plinth/errors';
import type { AuthContext, RequestMeta, Session } from './context.ts';
import { signInWithIdentity, type SignedInIdentity } from './identities.ts';
import { defaultScopes, resolveProvider, type ProviderClaims, type ResolvedProvider } from './oauth-providers.ts';
import { createFlowState, issueAuthCode, type CodeChallenge } from './pkce.ts';
import { redirectTarget } from './redirects.ts';
import { startSession } from './sessions.ts';
import type { AccessTokenClaims } from './tokens.ts';

const STATE_TTL_SECONDS = 600;
const STATE_PURPOSE = 'oauth_state';
const AMR_METHOD = 'oauth';
/** Parameters an app may pass on to the provider (auth-js `queryParams`). */
const PASSED_ON = ['prompt', 'login_hint', 'hd', 'access_type', 'domain_hint', 'max_age', 'ui_locales'];

interface OAuthState {
  purpose: typeof STATE_PURPOSE;
  provider: string;
  redirect_to: string;
  flow_state_id: string | null;
  linking_target_id: string | null;
  nonce: string | null;
}

export interface AuthorizeInput {
  provider: string;
  redirectTo?: string | null;
  scopes?: string | null;
  pkce?: CodeChallenge | null;
  queryParams?: Record<string, string>;
  /** linkIdentity: the signed-in user the identity will be attached to. */
  linkTo?: string | null;
}

const callbackUrl = (ctx: AuthContext) => `${ctx.config.authUrl}/callback`;
const providerNamed = (ctx: AuthContext, name: string) => resolveProvider(ctx.config.externalProviders, ctx.config.oauthProviders, name);

/** The provider's authorization URL for this flow (GET /authorize, GET /user/identities/authorize). */
export async function authorizeUrl(ctx: AuthContext, input: AuthorizeInput): Promise<string> {
  const provider = await providerNamed(ctx, input.provider);
  const flowStateId = input.pkce
    ? await createFlowState(ctx.db, input.pkce, { userId: input.linkTo ?? null, provider: provider.name, method: AMR_METHOD })
    : null;
  const nonce = provider.isOidc ? client.randomNonce() : null;
  const state: OAuthState = {
    purpose: STATE_PURPOSE,
    provider: provider.name,
    redirect_to: redirectTarget(ctx.config, input.redirectTo),
    flow_state_id: flowStateId,
    linking_target_id: input.linkTo ?? null,
    nonce,
  };
  const now = Math.floor(Date.now() / 1000);
  const signedState = await ctx.signer.sign(state as unknown as Omit<AccessTokenClaims, 'iat' | 'exp'>, STATE_TTL_SECONDS, now);
  // The requested scopes come on top of those Plinth needs to read the account.
  const scopes = new Set(`${defaultScopes(provider)} ${input.scopes ?? ''}`.split(/[\s,]+/).filter(Boolean));
  const passedOn = Object.fromEntries(Object.entries(input.queryParams ?? {}).filter(([key]) => PASSED_ON.includes(key)));
  return client.buildAuthorizationUrl(provider.config, {
    ...passedOn,
    redirect_uri: callbackUrl(ctx),
    scope: [...scopes].join(' '),
    state: signedState,
    ...(nonce ? { nonce } : {}),
  }).href;
}

async function readState(ctx: AuthContext, token: string | null): Promise<OAuthState> {
  if (!token) throw new PlinthError('bad_oauth_state');
  let payload: JWTPayload;
  try {
    payload = await ctx.signer.verify(token);
  } catch {
    throw new PlinthError('bad_oauth_state');
  }
  // An access token or API key, signed with the same key, is not a state.
  if (payload.purpose !== STATE_PURPOSE || typeof payload.provider !== 'string' || typeof payload.redirect_to !== 'string') throw new PlinthError('bad_oauth_state');
  return payload as unknown as OAuthState;
}

/** openid-client's and the provider's failures read as GoTrue's "unable to exchange external code". */
async function fromProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PlinthError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new PlinthError('bad_oauth_callback', `Unable to exchange external code: ${reason}`);
  }
}

/** The ID token's (or profile's) standard claims; a missing subject is the provider's error. */
function claimsOf(iss: string, raw: Record<string, unknown>): ProviderClaims {
  if (typeof raw.sub !== 'string' || raw.sub === '') throw new PlinthError('bad_oauth_callback', 'The provider did not name the account (no sub claim)');
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  return {
    iss,
    sub: raw.sub,
    email: text(raw.email) ?? null,
    email_verified: raw.email_verified === true || raw.email_verified === 'true',
    name: text(raw.name),
    picture: text(raw.picture),
    preferred_username: text(raw.preferred_username),
  };
}

interface ProviderTokens {
  claims: ProviderClaims;
  accessToken: string;
  refreshToken: string | null;
}

async function exchangeCode(ctx: AuthContext, provider: ResolvedProvider, params: URLSearchParams, state: OAuthState, stateToken: string): Promise<ProviderTokens> {
  return fromProvider(async () => {
    const current = new URL(callbackUrl(ctx));
    for (const key of ['code', 'state', 'iss']) if (params.has(key)) current.searchParams.set(key, params.get(key)!);
    const tokens = await client.authorizationCodeGrant(provider.config, current, {
      expectedState: stateToken,
      ...(state.nonce ? { expectedNonce: state.nonce, idTokenExpected: true } : {}),
    });
    const refreshToken = tokens.refresh_token ?? null;
    if (!provider.isOidc) return { claims: await provider.spec.profile!(tokens.access_token), accessToken: tokens.access_token, refreshToken };
    const idClaims = tokens.claims()!;
    // The userinfo endpoint may know more (email, name) than the ID token carries.
    const info = provider.config.serverMetadata().userinfo_endpoint
      ? await client.fetchUserInfo(provider.config, tokens.access_token, idClaims.sub).catch(() => ({}))
      : {};
    return { claims: claimsOf(idClaims.iss, { ...info, ...idClaims }), accessToken: tokens.access_token, refreshToken };
  });
}

export type OAuthCallbackResult = {
  redirectTo: string;
  /** The flow started with a PKCE challenge: results go in the query, not the fragment. */
  isPkce: boolean;
} & (
  | { kind: 'session'; session: Session; provider: string; signedIn: SignedInIdentity; providerToken: string; providerRefreshToken: string | null }
  | { kind: 'code'; authCode: string; provider: string; signedIn: SignedInIdentity; user: { id: string; email: string } }
  | { kind: 'error'; error: PlinthError; providerError?: string }
);

/** GET /callback: the provider's answer turned into where the browser lands, and with what. */
export async function completeOAuth(ctx: AuthContext, params: URLSearchParams, meta: RequestMeta): Promise<OAuthCallbackResult> {
  let state: OAuthState;
  try {
    state = await readState(ctx, params.get('state'));
  } catch (error) {
    return { redirectTo: ctx.config.siteUrl, isPkce: false, kind: 'error', error: error as PlinthError };
  }
  const redirectTo = redirectTarget(ctx.config, state.redirect_to);
  const isPkce = state.flow_state_id !== null;
  try {
    const providerError = params.get('error');
    if (providerError) {
      return { redirectTo, isPkce, kind: 'error', providerError, error: new PlinthError('bad_oauth_callback', params.get('error_description') || providerError) };
    }
    if (!params.get('code')) throw new PlinthError('bad_oauth_callback');
    const provider = await providerNamed(ctx, state.provider);
    const tokens = await exchangeCode(ctx, provider, params, state, params.get('state')!);
    return await ctx.db.transaction(async (tx) => {
      const signedIn = await signInWithIdentity(ctx, tx, provider.name, tokens.claims, state.linking_target_id);
      if (state.flow_state_id) {
        const authCode = await issueAuthCode(tx, state.flow_state_id, signedIn.userId, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
        return { redirectTo, isPkce, kind: 'code' as const, authCode, provider: provider.name, signedIn, user: { id: signedIn.userId, email: tokens.claims.email ?? '' } };
      }
      const session = await startSession(ctx, tx, signedIn.userId, AMR_METHOD, meta);
      return { redirectTo, isPkce, kind: 'session' as const, session, provider: provider.name, signedIn, providerToken: tokens.accessToken, providerRefreshToken: tokens.refreshToken };
    });
  } catch (error) {
    if (error instanceof PlinthError && error.status < 500) return { redirectTo, isPkce, kind: 'error', error };
    throw error;
  }
}

const remoteKeys = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keysAt(uri: string) {
  let keys = remoteKeys.get(uri);
  if (!keys) {
    if (remoteKeys.size > 200) remoteKeys.clear();
    remoteKeys.set(uri, (keys = createRemoteJWKSet(new URL(uri))));
  }
  return keys;
}

/** GoTrue's nonce rule: the token's nonce is the given one or its SHA-256 (hex), and both exist or neither. */
function assertNonce(tokenNonce: unknown, given: string | undefined): void {
  if (tokenNonce === undefined && !given) return;
  if (typeof tokenNonce !== 'string' || !given) throw new PlinthError('validation_failed', 'Passed nonce and nonce in id_token should either both exist or not.');
  if (tokenNonce !== given && tokenNonce !== createHash('sha256').update(given).digest('hex')) throw new PlinthError('validation_failed', 'Nonces mismatch');
}

export interface IdTokenInput {
  provider: string;
  idToken: string;
  nonce?: string;
  /** linkIdentity with an ID token: the signed-in user. */
  linkTo?: string | null;
}

/** POST /token?grant_type=id_token: an ID token the app got from the provider, verified against its keys. */
export async function signInWithIdToken(ctx: AuthContext, input: IdTokenInput, meta: RequestMeta): Promise<{ session: Session; provider: string; signedIn: SignedInIdentity }> {
  const provider = await providerNamed(ctx, input.provider);
  const server = provider.config.serverMetadata();
  if (!provider.isOidc || !server.jwks_uri) throw new PlinthError('validation_failed', `Provider ${provider.name} does not issue ID tokens`);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(input.idToken, keysAt(server.jwks_uri), { issuer: server.issuer, audience: provider.audiences }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw new PlinthError('validation_failed', 'Bad ID token');
    throw error;
  }
  assertNonce(payload.nonce, input.nonce);
  const claims = claimsOf(server.issuer, payload);
  return ctx.db.transaction(async (tx) => {
    const signedIn = await signInWithIdentity(ctx, tx, provider.name, claims, input.linkTo ?? null);
    return { session: await startSession(ctx, tx, signedIn.userId, AMR_METHOD, meta), provider: provider.name, signedIn };
  });
}
