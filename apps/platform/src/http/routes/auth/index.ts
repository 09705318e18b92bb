import type { FastifyPluginAsync } from 'fastify';
import { PlinthError } from '@plinth/errors';
import { jsonNestingExceeds } from '../../input-guard.ts';
import { adminRoutes } from './admin.ts';
import { emailRoutes } from './email.ts';
import { jwksRoutes } from './jwks.ts';
import { requestedApiVersion, sendAuthError } from './errors.ts';
import { factorRoutes } from './factors.ts';
import { oauthRoutes } from './oauth.ts';
import type { ResolveAuthService } from './request.ts';
import { sessionRoutes } from './sessions.ts';
import { ssoRoutes } from './sso.ts';
import { userRoutes } from './user.ts';

export type { ResolveAuthService } from './request.ts';

export interface AuthRoutesOptions {
  resolve: ResolveAuthService;
}

/**
 * GoTrue's HTTP API over an AuthService. Mounted with a prefix (`/auth/v1` for the platform,
 * `/p/:ref/auth/v1` for projects); `resolve` picks the service for each request.
 * Groups: public (settings, health, jwks, signup, token, otp, recover, resend, verify, sso), signed-in
 * user (user, logout, reauthenticate, factors),
 * service_role only (admin).
 */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { resolve }) => {
  // auth-js posts `Content-Type: application/json` with no body (logout); GoTrue accepts that.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    if (jsonNestingExceeds(text)) return done(new PlinthError('json_too_deep'), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new PlinthError('validation_failed', 'Could not parse request body as JSON.'), undefined);
    }
  });

  // The SAML IdP posts its Response as an HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.setErrorHandler((error, request, reply) => sendAuthError(error, request, reply));
  app.setNotFoundHandler((request, reply) => sendAuthError(new PlinthError('route_not_found'), request, reply));
  app.addHook('onSend', async (request, reply) => {
    const version = requestedApiVersion(request);
    if (version) reply.header('X-Supabase-Api-Version', version);
  });

  app.get('/health', async () => ({ version: 'plinth', name: 'GoTrue', description: 'Plinth auth (GoTrue-compatible)' }));
  app.get('/settings', async (request) => (await resolve(request)).settings());

  jwksRoutes(app, resolve);
  sessionRoutes(app, resolve);
  emailRoutes(app, resolve);
  userRoutes(app, resolve);
  factorRoutes(app, resolve);
  oauthRoutes(app, resolve);
  ssoRoutes(app, resolve);
  adminRoutes(app, resolve);
};
