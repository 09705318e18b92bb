import type { FastifyRequest } from 'fastify';
import { scopesGrant, type TokenScope } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import type { AccessTokenGrant } from '../../control/access-tokens.ts';
import type { Actor } from '../../control/context.ts';

/** What the platform needs from its auth service to trust a dashboard session. */
export interface SessionVerifier {
  verifyAccessToken(token: string): Promise<{ sub: string; email?: string; aal?: string }>;
  hasVerifiedFactor(userId: string): Promise<boolean>;
}

/**
 * A verifier that also accepts personal access tokens. Only the Management API mount (/api/v1) is
 * given one; every other mount gets a plain SessionVerifier, so the dashboard API never takes a token.
 */
export interface ManagementVerifier extends SessionVerifier {
  /** A personal access token, or an OAuth app's access token (which carries its one organisation). */
  verifyPersonalAccessToken(token: string): Promise<AccessTokenGrant & { organizationSlug?: string }>;
  /**
   * Refuses a request an OAuth app's token makes beyond its organisation (http/oauth-confinement.ts).
   * Unset, such tokens are refused outright, so the confinement cannot be forgotten.
   */
  confineToOrganization?(request: FastifyRequest, slug: string): Promise<void>;
  /**
   * The scope a token needs for an endpoint that declares none (the operator routes mounted here
   * with 'admin'); unset, such an endpoint takes only tokens without scope restrictions.
   */
  defaultScope?: TokenScope;
}

export function managementVerifier(
  sessions: SessionVerifier,
  verifyPersonalAccessToken: (token: string) => Promise<AccessTokenGrant>,
  defaultScope?: TokenScope,
): ManagementVerifier {
  return {
    verifyAccessToken: (token) => sessions.verifyAccessToken(token),
    hasVerifiedFactor: (userId) => sessions.hasVerifiedFactor(userId),
    verifyPersonalAccessToken,
    defaultScope,
  };
}

export function acceptsAccessTokens(verifier: SessionVerifier): verifier is ManagementVerifier {
  return 'verifyPersonalAccessToken' in verifier;
}

/** Who is calling and how; `scopes` limits a token (null: only the user's role limits it). */
export interface Caller {
  actor: Actor;
  via: 'public' | 'session' | 'token';
  scopes: TokenScope[] | null;
  /** An OAuth app's token: the one organisation it may act on. */
  organizationSlug?: string;
}

/** Supabase's personal access tokens start so; a session token is a JWT and never does. */
const ACCESS_TOKEN_PREFIX = 'sbp_';

/**
 * The caller behind a request. A session: a valid, unrevoked session token, and, for a user with a
 * verified MFA factor, one that passed it (aal2). A personal access token (Management API only):
 * valid, unexpired and holding `scope`, the endpoint's. Tokens need no aal2: minting one did.
 */
export async function authenticate(request: FastifyRequest, verifier: SessionVerifier, scope?: TokenScope): Promise<Caller> {
  const header = request.headers.authorization;
  const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw new PlinthError('not_authenticated');
  const ip = request.ip ?? null;
  if (token.startsWith(ACCESS_TOKEN_PREFIX)) {
    if (!acceptsAccessTokens(verifier)) throw new PlinthError('access_token_not_accepted');
    const grant = await verifier.verifyPersonalAccessToken(token);
    assertScope(request, grant.scopes, scope ?? verifier.defaultScope);
    if (grant.organizationSlug !== undefined) {
      if (!verifier.confineToOrganization) throw new PlinthError('oauth_token_not_confined');
      await verifier.confineToOrganization(request, grant.organizationSlug);
    }
    return { actor: { userId: grant.userId, email: grant.email, ip }, via: 'token', scopes: grant.scopes, organizationSlug: grant.organizationSlug };
  }
  let claims: { sub: string; email?: string; aal?: string };
  try {
    claims = await verifier.verifyAccessToken(token);
  } catch {
    throw new PlinthError('invalid_jwt');
  }
  if (claims.aal !== 'aal2' && (await verifier.hasVerifiedFactor(claims.sub))) throw new PlinthError('insufficient_aal');
  return { actor: { userId: claims.sub, email: claims.email ?? '', ip }, via: 'session', scopes: null };
}

function assertScope(request: FastifyRequest, held: TokenScope[] | null, needed: TokenScope | undefined): void {
  if (held === null) return;
  // The route's pattern (/api/v1/projects/:ref), not the URL: short, and the same for every ref.
  const call = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  if (needed === undefined) {
    throw new PlinthError('access_token_scope_missing', `${call} accepts only access tokens without scope restrictions.`);
  }
  if (!scopesGrant(held, needed)) {
    throw new PlinthError('access_token_scope_missing', `This access token lacks the scope ${needed}, which ${call} needs.`, { required_scope: needed });
  }
}
