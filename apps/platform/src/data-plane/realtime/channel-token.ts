/**
 * The token a channel runs as: the join's (or a later `access_token` event's) `access_token`, else
 * the socket's apikey. Verified as the REST gateway verifies tokens (the project's JWT keys, and
 * publishable / secret keys standing for anon / service_role); its role and claims decide RLS.
 */
import { decodeJwt } from 'jose';
import type { ProjectHandle } from '../gateway/index.ts';
import type { ChannelCaller } from './authorization.ts';
import { REASONS } from './reasons.ts';

export interface ChannelToken {
  caller: ChannelCaller;
  /** When it stops being valid (ms since the epoch), null for keys without exp. */
  expiresAt: number | null;
}

export class TokenRefused extends Error {}

export async function verifyChannelToken(project: ProjectHandle, token: string): Promise<ChannelToken> {
  let claims: Record<string, unknown>;
  try {
    claims = (await project.tokens.verify(token)) as Record<string, unknown>;
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Invalid token';
    if (message === 'JWT expired') throw new TokenRefused(REASONS.invalidToken(REASONS.tokenExpired(secondsSinceExpiry(token))));
    throw new TokenRefused(REASONS.invalidToken(message));
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  return { caller: { role, claims }, expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : null };
}

function secondsSinceExpiry(token: string): number {
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === 'number' ? Math.max(0, Math.floor(Date.now() / 1000 - exp)) : 0;
  } catch {
    return 0;
  }
}
