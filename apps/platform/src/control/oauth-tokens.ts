/**
 * The token endpoint's grants (RFC 6749 §4.1.3 with PKCE, §6 refresh), revocation (RFC 7009) and the
 * check every /api/v1 request with an OAuth access token goes through. Codes and refresh tokens
 * work once: a second use is treated as a theft and ends every token of that authorisation
 * (RFC 9700 §4.14.2, RFC 6749 §4.1.2).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { OAUTH_ACCESS_TOKEN_PREFIX, type TokenScope } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../engines/types.ts';
import type { AccessTokenGrant } from './access-tokens.ts';
import type { ControlContext } from './context.ts';
import { hashSecret, randomSecret } from './oauth-apps.ts';

/** Short-lived: a leaked access token is good for an hour at most; the refresh token renews it. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const REFRESH_TOKEN_PREFIX = 'sbr_oauth_';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An RFC 6749 §5.2 error: the route answers `{error, error_description}` with this status. */
export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'unauthorized_client',
    description: string,
    readonly status = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
  }
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** An OAuth access token's grant: a personal access token's fields plus the one organisation it may touch. */
export interface OAuthTokenGrant extends AccessTokenGrant {
  organizationSlug: string;
}

/** The client (client_secret_basic or client_secret_post): its app id. Secrets compare in constant time. */
export async function authenticateClient(db: Queryable, clientId: string | undefined, clientSecret: string | undefined): Promise<string> {
  if (!clientId || !clientSecret || !UUID.test(clientId)) throw new OAuthError('invalid_client', 'Client authentication failed.');
  const { rows } = await db.query<{ id: string; client_secret_hash: string }>('select id, client_secret_hash from oauth_apps where client_id = $1', [clientId]);
  const expected = Buffer.from(rows[0]?.client_secret_hash ?? '0'.repeat(64), 'hex');
  const given = Buffer.from(hashSecret(clientSecret), 'hex');
  if (!rows[0] || !timingSafeEqual(expected, given)) throw new OAuthError('invalid_client', 'Client authentication failed.');
  return rows[0].id;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * Each step commits on its own (no enclosing transaction): the code is marked used before anything
 * is checked, so a code gets one try, right or wrong, and a refusal cannot roll the marking back.
 */
export async function exchangeCode(ctx: ControlContext, appId: string, form: Record<string, string | undefined>): Promise<TokenResponse> {
  const { code, redirect_uri: redirectUri, code_verifier: verifier } = form;
  if (!code || !verifier) throw new OAuthError('invalid_request', 'code and code_verifier are required.');
  // The row lock makes a concurrent second exchange wait, then see the first one's mark.
  const { rows } = await ctx.db.query<{ app_id: string; grant_id: string; redirect_uri: string; code_challenge: string; expired: boolean; reused: boolean; scopes: TokenScope[] }>(
    `with used as (
       select id, exchanged_at is not null as reused from oauth_authorizations where code_hash = $1 for update
     )
     update oauth_authorizations r set exchanged_at = coalesce(r.exchanged_at, now()) from used
     where r.id = used.id
     returning r.app_id, r.grant_id, r.redirect_uri, r.code_challenge, r.code_expires_at <= now() as expired, used.reused, r.scopes`,
    [hashSecret(code)],
  );
  const row = rows[0];
  if (!row || row.app_id !== appId) throw new OAuthError('invalid_grant', 'The authorization code is not valid.');
  if (row.reused) {
    await revokeGrantTokens(ctx.db, row.grant_id);
    throw new OAuthError('invalid_grant', 'The authorization code was already used.');
  }
  if (row.expired) throw new OAuthError('invalid_grant', 'The authorization code has expired.');
  if (redirectUri !== row.redirect_uri) throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.');
  if (s256(verifier) !== row.code_challenge) throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge.');
  return issueTokens(ctx.db, row.grant_id, row.scopes);
}

/** Rotation: the refresh token is spent (and its access token ended) before the new pair is issued. */
export async function refreshTokens(ctx: ControlContext, appId: string, form: Record<string, string | undefined>): Promise<TokenResponse> {
  if (!form.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required.');
  const { rows } = await ctx.db.query<{ grant_id: string; app_id: string; scopes: TokenScope[]; refreshed: boolean; revoked: boolean }>(
    `with spent as (
       select t.id, t.refreshed_at is not null as refreshed, (t.revoked_at is not null or g.revoked_at is not null) as revoked
       from oauth_tokens t join oauth_grants g on g.id = t.grant_id where t.refresh_hash = $1 for update of t
     )
     update oauth_tokens t set refreshed_at = coalesce(t.refreshed_at, now()), revoked_at = coalesce(t.revoked_at, now())
     from spent, oauth_grants g
     where t.id = spent.id and g.id = t.grant_id
     returning t.grant_id, g.app_id, g.scopes, spent.refreshed, spent.revoked`,
    [hashSecret(form.refresh_token)],
  );
  const row = rows[0];
  if (!row || row.app_id !== appId) throw new OAuthError('invalid_grant', 'The refresh token is not valid.');
  if (row.refreshed) {
    await revokeGrantTokens(ctx.db, row.grant_id);
    throw new OAuthError('invalid_grant', 'The refresh token was already used.');
  }
  if (row.revoked) throw new OAuthError('invalid_grant', 'The refresh token has been revoked.');
  return issueTokens(ctx.db, row.grant_id, row.scopes);
}

/** RFC 7009: answered alike whether or not the token existed, so it reveals nothing. Another app's token is left alone. */
export async function revokeToken(ctx: ControlContext, appId: string, token: string | undefined): Promise<void> {
  if (!token) throw new OAuthError('invalid_request', 'token is required.');
  const hash = hashSecret(token);
  await ctx.db.query(
    `update oauth_tokens t set revoked_at = now() from oauth_grants g
     where g.id = t.grant_id and g.app_id = $2 and t.revoked_at is null and (t.access_hash = $1 or t.refresh_hash = $1)`,
    [hash, appId],
  );
}

async function issueTokens(tx: Queryable, grantId: string, scopes: TokenScope[]): Promise<TokenResponse> {
  const access = randomSecret(OAUTH_ACCESS_TOKEN_PREFIX);
  const refresh = randomSecret(REFRESH_TOKEN_PREFIX);
  await tx.query(
    `insert into oauth_tokens (grant_id, access_hash, refresh_hash, access_expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [grantId, hashSecret(access), hashSecret(refresh), ACCESS_TOKEN_TTL_SECONDS],
  );
  return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, refresh_token: refresh, scope: scopes.join(' ') };
}

async function revokeGrantTokens(tx: Queryable, grantId: string): Promise<void> {
  await tx.query('update oauth_tokens set revoked_at = now() where grant_id = $1 and revoked_at is null', [grantId]);
}

const ACCESS_TOKEN_FORMAT = new RegExp(`^${OAUTH_ACCESS_TOKEN_PREFIX}[a-f0-9]{40}$`);

/**
 * The grant behind an OAuth access token, read on every request (no cache: a revocation holds on every
 * node at once). The token acts as the member who approved it, with that member's current role, limited
 * to the approved scopes and to the one organisation. Unknown, revoked and expired read alike.
 */
export async function verifyOAuthAccessToken(ctx: ControlContext, token: string): Promise<OAuthTokenGrant> {
  if (!ACCESS_TOKEN_FORMAT.test(token)) throw new PlinthError('access_token_invalid');
  const { rows } = await ctx.db.query<{ id: string; user_id: string; email: string; scopes: TokenScope[]; slug: string; expired: boolean }>(
    `select t.id, g.user_id, coalesce(u.email, '') as email, g.scopes, o.slug, t.access_expires_at <= now() as expired
     from oauth_tokens t join oauth_grants g on g.id = t.grant_id join organizations o on o.id = g.organization_id
       join auth.users u on u.id = g.user_id
     where t.access_hash = $1 and t.revoked_at is null and g.revoked_at is null
       and u.deleted_at is null and (u.banned_until is null or u.banned_until <= now())`,
    [hashSecret(token)],
  );
  const row = rows[0];
  if (!row) throw new PlinthError('access_token_invalid');
  if (row.expired) throw new PlinthError('access_token_expired');
  return { tokenId: Number(row.id), userId: row.user_id, email: row.email, scopes: row.scopes, organizationSlug: row.slug };
}

/** Personal and OAuth access tokens share the Management API's Bearer slot; the prefix tells them apart. */
export function isOAuthAccessToken(token: string): boolean {
  return token.startsWith(OAUTH_ACCESS_TOKEN_PREFIX);
}
