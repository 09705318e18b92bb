import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PlinthError } from '@plinth/errors';
import { authenticate, email, metadata, parse, password, requestMeta, type ResolveAuthService } from './request.ts';

const signUpBody = z.object({ email, password, data: metadata.nullish() });
const passwordGrantBody = z.object({ email, password });
const refreshGrantBody = z.object({ refresh_token: z.string().min(1) });
const tokenQuery = z.object({ grant_type: z.string() });
const logoutQuery = z.object({ scope: z.enum(['global', 'local', 'others']).default('global') });

/** Sign-up, sign-in, refresh and sign-out: the routes that create and end sessions. */
export function sessionRoutes(app: FastifyInstance, resolve: ResolveAuthService): void {
  app.post('/signup', async (request) => {
    const service = await resolve(request);
    const body = parse(signUpBody, request.body);
    const { session, user } = await service.signUp({ email: body.email, password: body.password, data: body.data ?? undefined }, requestMeta(request));
    // GoTrue answers a sign-up that still needs confirmation with the bare user, and auth-js expects that.
    return session ?? user;
  });

  app.post('/token', async (request) => {
    const service = await resolve(request);
    const { grant_type: grantType } = parse(tokenQuery, request.query);
    if (grantType === 'password') {
      const body = parse(passwordGrantBody, request.body);
      return service.signInWithPassword(body, requestMeta(request));
    }
    if (grantType === 'refresh_token') {
      const body = parse(refreshGrantBody, request.body);
      return service.refreshSession(body.refresh_token);
    }
    throw new PlinthError('unsupported_grant_type');
  });

  app.post('/logout', async (request, reply) => {
    const service = await resolve(request);
    const claims = await authenticate(service, request);
    const { scope } = parse(logoutQuery, request.query);
    await service.logout(claims, scope);
    return reply.code(204).send();
  });
}
