import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthService } from '../../../data-plane/auth/index.ts';
import { codeChallengeOf } from '../../../data-plane/auth/index.ts';
import { landingUrl } from './redirects.ts';
import { authenticate, parse, requestMeta, type ResolveAuthService } from './request.ts';

const text = z.string().max(2048);
const authorizeQuery = z.object({
  provider: z.string().max(64).default(''),
  redirect_to: text.optional(),
  scopes: text.optional(),
  code_challenge: z.string().max(200).nullish(),
  code_challenge_method: z.string().max(10).nullish(),
  skip_http_redirect: z.string().max(5).optional(),
});
const callbackQuery = z.record(z.string(), z.string().max(8192));
const identityParams = z.object({ identity_id: z.string().max(64) });
const idTokenBody = z.object({
  provider: z.string().max(64),
  id_token: z.string().min(1).max(16_384),
  nonce: z.string().max(512).optional(),
  access_token: z.string().max(16_384).optional(),
  link_identity: z.boolean().optional(),
});

/** What /authorize and /user/identities/authorize take: the provider, where to land, scopes, a PKCE challenge, parameters for the provider. */
function authorizeInput(request: FastifyRequest) {
  const query = parse(authorizeQuery, request.query);
  const queryParams = Object.fromEntries(Object.entries(request.query as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return {
    input: { provider: query.provider, redirectTo: query.redirect_to || null, scopes: query.scopes ?? null, pkce: codeChallengeOf(query), queryParams },
    skipRedirect: query.skip_http_redirect === 'true',
  };
}

/**
 * Sign-in with external providers (OAuth 2.0 / OpenID Connect): /authorize sends the browser to the
 * provider, /callback brings it back to the app; signed-in users link and unlink identities.
 */
export function oauthRoutes(app: FastifyInstance, resolve: ResolveAuthService): void {
  app.get('/authorize', async (request, reply: FastifyReply) => {
    const service = await resolve(request);
    const { input, skipRedirect } = authorizeInput(request);
    const url = await service.oauthAuthorizeUrl(input);
    return skipRedirect ? { url } : reply.redirect(url, 302);
  });

  // The provider's redirect: always a redirect on to the app, with the session, a code or the error.
  app.get('/callback', async (request, reply: FastifyReply) => {
    const service = await resolve(request);
    const params = new URLSearchParams(parse(callbackQuery, request.query));
    const result = await service.oauthCallback(params, requestMeta(request));
    const tokens = result.kind === 'session' ? { provider_token: result.providerToken, ...(result.providerRefreshToken ? { provider_refresh_token: result.providerRefreshToken } : {}) } : {};
    return reply.redirect(landingUrl(result, tokens, result.kind === 'error' ? result.providerError : undefined), 303);
  });

  // auth-js linkIdentity() asks for the URL with the session's token, then sends the browser there.
  app.get('/user/identities/authorize', async (request) => {
    const service = await resolve(request);
    const claims = await authenticate(service, request);
    const { input } = authorizeInput(request);
    return { url: await service.linkIdentityUrl(claims, input) };
  });

  app.delete('/user/identities/:identity_id', async (request) => {
    const service = await resolve(request);
    const claims = await authenticate(service, request);
    const { identity_id: identityId } = parse(identityParams, request.params);
    await service.unlinkIdentity(claims, identityId);
    return {};
  });
}

/** POST /token?grant_type=id_token (signInWithIdToken; linkIdentity with a token when signed in). */
export async function idTokenGrant(service: AuthService, request: FastifyRequest) {
  const body = parse(idTokenBody, request.body);
  const linkTo = body.link_identity ? (await authenticate(service, request)).sub : null;
  return service.signInWithIdToken({ provider: body.provider, idToken: body.id_token, nonce: body.nonce, linkTo }, requestMeta(request));
}
