import type { FastifyInstance } from 'fastify';
import type { ResolveAuthService } from './request.ts';

/**
 * GET /.well-known/jwks.json: the public keys of the project's asymmetric signing keys that are not
 * revoked, so apps (supabase-js `auth.getClaims()`) verify ES256/RS256 access tokens themselves. A
 * public route: the keys are public by design. Empty while only the legacy HS256 secret exists.
 */
export function jwksRoutes(app: FastifyInstance, resolve: ResolveAuthService): void {
  app.get('/.well-known/jwks.json', async (request) => (await resolve(request)).jwks());
}
