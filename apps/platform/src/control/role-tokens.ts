/**
 * Short-lived project JWTs the studio acts with on a member's behalf: as a role (anon,
 * authenticated, service_role) or as one of the project's users (role authenticated, that sub).
 * Used by the realtime inspector and the edge-function test panel; each caller checks first that
 * the member may act as anyone at all.
 */
import { randomUUID } from 'node:crypto';
import { createTokenSigner } from '../data-plane/auth/tokens.ts';
import { projectDirectoryFor } from '../data-plane/gateway/index.ts';
import type { ControlContext } from './context.ts';

export interface ActAs {
  role: 'anon' | 'authenticated' | 'service_role';
  user_id?: string;
}

export async function roleToken(ctx: ControlContext, ref: string, actAs: ActAs, seconds: number, issuer: string): Promise<{ token: string; expiresAt: number }> {
  const handle = await projectDirectoryFor(ctx).resolve(ref);
  const now = Math.floor(Date.now() / 1000);
  const claims = actAs.user_id
    ? { sub: actAs.user_id, role: 'authenticated', aud: 'authenticated' }
    : { sub: randomUUID(), role: actAs.role, aud: actAs.role === 'anon' ? 'anon' : 'authenticated' };
  const token = await createTokenSigner(handle.jwtSecret, handle.signingKeys).sign({ ...claims, iss: issuer } as never, seconds, now);
  return { token, expiresAt: now + seconds };
}
