import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PlinthError } from '@plinth/errors';
import { idTokenGrant } from './oauth.ts';
import { authenticate, email, flowOf, metadata, parse, password, requestMeta, type ResolveAuthService } from './request.ts';

const signUpBody = z.object({
  email: email.optional(),
  phone: z.string().max(32).optional(),
  password: password.optional(),
  data: metadata.nullish(),
  code_challenge: z.string().max(200).nullish(),
  code_challenge_method: z.string().max(10).nullish(),
});
const pkceGrantBody = z.object({ auth_code: z.string().max(200), code_verifier: z.string().max(200) });
const passwordGrantBody = z.object({ email, password });
const refreshGrantBody = z.object({ refresh_token: z.string().min(1) });
const tokenQuery = z.object({ grant_type: z.string() });
const logoutQuery = z.object({ scope: z.enum(['global', 'local', 'others']).default('global') });

/** Sign-up, sign-in, refresh and sign-out: the routes that create and end sessions. */
export function sessionRoutes(app: FastifyInstance, resolve: ResolveAuthService): void {
  app.post('/signup', async (request) => {
    const service = await resolve(request);
    const body = parse(signUpBody, request.body);
    if (body.phone) throw new PlinthError('phone_provider_disabled');
    const { session, user } = await service.signUp(
      { email: body.email, password: body.password, data: body.data ?? undefined, ...flowOf(request, body) },
      requestMeta(request),
    );
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
      return service.refreshSession(body.refresh_token, requestMeta(request));
    }
    if (grantType === 'pkce') {
      const body = parse(pkceGrantBody, request.body);
      return service.exchangeCode({ authCode: body.auth_code, codeVerifier: body.code_verifier }, requestMeta(request));
    }
    if (grantType === 'id_token') return idTokenGrant(service, request);
    if (grantType === 'web3') throw new PlinthError('web3_provider_disabled');
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
