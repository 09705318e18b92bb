import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PlinthError } from '@plinth/errors';
import { sessionFragment, withFragment, withQuery } from './redirects.ts';
import { authenticate, email, flowOf, metadata, parse, requestMeta, type ResolveAuthService } from './request.ts';

const challenge = { code_challenge: z.string().max(200).nullish(), code_challenge_method: z.string().max(10).nullish() };
const otpBody = z.object({
  email: email.optional(),
  phone: z.string().max(32).optional(),
  data: metadata.nullish(),
  create_user: z.boolean().default(true),
  ...challenge,
});
const recoverBody = z.object({ email, ...challenge });
const resendBody = z.object({ type: z.string().max(32), email: email.optional(), phone: z.string().max(32).optional(), ...challenge });
const verifyBody = z.object({
  type: z.string().max(32),
  email: email.optional(),
  phone: z.string().max(32).optional(),
  token: z.string().max(64).optional(),
  token_hash: z.string().max(256).optional(),
});
const verifyQuery = z.object({ token: z.string().max(256), type: z.string().max(32), redirect_to: z.string().max(2048).optional() });

/** The flows that go through the user's mailbox: sign-in links and codes, recovery, confirmation, reauthentication. */
export function emailRoutes(app: FastifyInstance, resolve: ResolveAuthService): void {
  const sendSignInLink = async (request: FastifyRequest) => {
    const service = await resolve(request);
    const body = parse(otpBody, request.body);
    if (body.phone) throw new PlinthError('phone_provider_disabled');
    if (!body.email) throw new PlinthError('validation_failed', 'An email address or phone number is required');
    await service.sendSignInLink({ email: body.email, data: body.data ?? undefined, createUser: body.create_user, ...flowOf(request, body) }, requestMeta(request));
    return {};
  };
  app.post('/otp', sendSignInLink);
  app.post('/magiclink', sendSignInLink);

  app.post('/recover', async (request) => {
    const service = await resolve(request);
    const body = parse(recoverBody, request.body);
    await service.sendRecovery({ email: body.email, ...flowOf(request, body) }, requestMeta(request));
    return {};
  });

  app.post('/resend', async (request) => {
    const service = await resolve(request);
    const body = parse(resendBody, request.body);
    await service.resend({ type: body.type, email: body.email, phone: body.phone, ...flowOf(request, body) }, requestMeta(request));
    return {};
  });

  const reauthenticate = async (request: FastifyRequest) => {
    const service = await resolve(request);
    const claims = await authenticate(service, request);
    await service.reauthenticate(claims);
    return {};
  };
  app.get('/reauthenticate', reauthenticate);
  app.post('/reauthenticate', reauthenticate);

  app.post('/verify', async (request) => {
    const service = await resolve(request);
    const body = parse(verifyBody, request.body);
    if (body.phone) throw new PlinthError('phone_provider_disabled');
    const outcome = await service.verify({ type: body.type, email: body.email, token: body.token, tokenHash: body.token_hash }, requestMeta(request));
    if (outcome.kind === 'session') return outcome.session;
    // auth-js reads a body without a session as "verified, nothing to sign in with yet".
    return { msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' };
  });

  // The link in a mail: always a redirect, to the allow-listed target, carrying the result.
  app.get('/verify', async (request, reply: FastifyReply) => {
    const service = await resolve(request);
    const query = parse(verifyQuery, request.query);
    const { redirectTo } = flowOf(request, {});
    try {
      const outcome = await service.verify({ type: query.type, tokenHash: query.token }, requestMeta(request), true);
      const target = service.redirectTarget(redirectTo ?? outcome.redirectTo);
      if (outcome.kind === 'code') return reply.redirect(withQuery(target, { code: outcome.authCode }), 303);
      if (outcome.kind === 'pending') {
        return reply.redirect(withFragment(target, new URLSearchParams({ message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' }).toString()), 303);
      }
      return reply.redirect(withFragment(target, sessionFragment(outcome.session, { type: query.type })), 303);
    } catch (error) {
      if (!(error instanceof PlinthError) || error.status >= 500) throw error;
      const target = service.redirectTarget(redirectTo);
      const description = error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message;
      return reply.redirect(withFragment(target, new URLSearchParams({ error: 'access_denied', error_code: error.code, error_description: description }).toString()), 303);
    }
  });
}
