import type { FastifyRequest } from 'fastify';
import { PlinthError } from '@plinth/errors';
import type { Actor } from '../../control/context.ts';

/** What the platform needs from its auth service to trust a dashboard session. */
export interface SessionVerifier {
  verifyAccessToken(token: string): Promise<{ sub: string; email?: string; aal?: string }>;
  hasVerifiedFactor(userId: string): Promise<boolean>;
}

/**
 * The signed-in dashboard user behind a request: a valid, unrevoked session token, and, for a user
 * with a verified MFA factor, a session that passed it (aal2).
 */
export async function authenticate(request: FastifyRequest, verifier: SessionVerifier): Promise<Actor> {
  const header = request.headers.authorization;
  const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw new PlinthError('not_authenticated');
  let claims: { sub: string; email?: string; aal?: string };
  try {
    claims = await verifier.verifyAccessToken(token);
  } catch {
    throw new PlinthError('invalid_jwt');
  }
  if (claims.aal !== 'aal2' && (await verifier.hasVerifiedFactor(claims.sub))) throw new PlinthError('insufficient_aal');
  return { userId: claims.sub, email: claims.email ?? '', ip: request.ip ?? null };
}
