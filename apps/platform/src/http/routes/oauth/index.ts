import type { FastifyInstance, FastifyReply } from 'fastify';
import { TOKEN_SCOPES } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import type { ControlContext } from '../../../control/context.ts';
import * as apps from '../../../control/oauth-apps.ts';
import { decideAuthorization, getAuthorization, OAuthRequestRefused, startAuthorization } from '../../../control/oauth-consent.ts';
import { authenticateClient, exchangeCode, OAuthError, refreshTokens, revokeToken } from '../../../control/oauth-tokens.ts';
import { hitSharedLimit, type SharedRateLimit } from '../../../control/shared-rate-limit.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import { assertNoNul } from '../../input-guard.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** The dashboard's side of OAuth apps (/org/{slug}/apps and the consent screen): signed-in routes. */
export function oauthAppRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('oauthApps', ({ actor, params }) => apps.listOAuthApps(ctx, actor, params.slug));
  define('oauthAppCreate', ({ actor, params, body }) => apps.createOAuthApp(ctx, actor, params.slug, body));
  define('oauthAppSecretReset', ({ actor, params }) => apps.resetOAuthAppSecret(ctx, actor, params.slug, params.id));
  define('oauthAppDelete', ({ actor, params }) => apps.deleteOAuthApp(ctx, actor, params.slug, params.id));
  define('oauthAuthorizedApps', ({ actor, params }) => apps.listAuthorizedApps(ctx, actor, params.slug));
  define('oauthAuthorizedAppRevoke', ({ actor, params }) => apps.revokeAuthorizedApp(ctx, actor, params.slug, params.id));
  define('oauthAuthorization', ({ actor, params }) => getAuthorization(ctx, actor, params.id));
  define('oauthAuthorizationDecide', ({ actor, params, body }) => decideAuthorization(ctx, actor, params.id, body));
}

type Form = Record<string, string | undefined>;

/**
 * Requests per client IP and minute, counted across nodes (shared-rate-limit.ts): generous for a
 * person or a tool, tight enough to stop guessing codes or secrets.
 */
const AUTHORIZE_LIMIT: SharedRateLimit = { name: 'oauth-authorize', maxHits: 60, windowSeconds: 60 };
const TOKEN_LIMIT: SharedRateLimit = { name: 'oauth-token', maxHits: 60, windowSeconds: 60 };

/**
 * The authorization server's metadata (RFC 8414) at /.well-known/oauth-authorization-server, so an
 * OAuth client library can discover the endpoints of the dashboard's OAuth apps from the issuer URL.
 */
export function oauthMetadataRoutes(app: FastifyInstance, ctx: ControlContext): void {
  app.get('/.well-known/oauth-authorization-server', async (_request, reply) => {
    const base = ctx.config.publicUrl;
    const clientAuth = ['client_secret_basic', 'client_secret_post'];
    reply.header('cache-control', 'public, max-age=3600');
    return {
      issuer: base,
      authorization_endpoint: `${base}/api/v1/oauth/authorize`,
      token_endpoint: `${base}/api/v1/oauth/token`,
      revocation_endpoint: `${base}/api/v1/oauth/revoke`,
      scopes_supported: [...TOKEN_SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: clientAuth,
      revocation_endpoint_auth_methods_supported: clientAuth,
      service_documentation: `${base}/api/v1/openapi.json`,
    };
  });
}

/**
 * The OAuth 2.0 protocol endpoints at /api/v1/oauth, for third-party clients: standard shapes
 * (form bodies, `{error, error_description}`), so they sit outside the JSON contract.
 */
export async function oauthProtocolRoutes(app: FastifyInstance, ctx: ControlContext): Promise<void> {
  await app.register(async (oauth) => {
    oauth.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    // The browser arrives here from the app; the studio's consent screen takes over.
    oauth.get('/oauth/authorize', async (request, reply) => {
      await hitSharedLimit(ctx.db, AUTHORIZE_LIMIT, request.ip);
      // Outside the contract's registrar, so its NUL check is made here: `state` is stored.
      assertNoNul(request.query);
      try {
        const outcome = await startAuthorization(ctx, request.query as Form);
        return reply.redirect('consentId' in outcome ? `/authorize?auth_id=${outcome.consentId}` : outcome.redirectTo, 302);
      } catch (error) {
        if (!(error instanceof OAuthRequestRefused)) throw error;
        return reply.code(400).send({ error: 'invalid_request', error_description: error.message });
      }
    });

    oauth.post('/oauth/token', async (request, reply) => {
      const form = formOf(request.body);
      return answer(reply, async () => {
        await hitSharedLimit(ctx.db, TOKEN_LIMIT, request.ip);
        const appId = await authenticateClient(ctx.db, ...clientCredentials(request.headers.authorization, form));
        if (form.grant_type === 'authorization_code') return exchangeCode(ctx, appId, form);
        if (form.grant_type === 'refresh_token') return refreshTokens(ctx, appId, form);
        throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
      });
    });

    oauth.post('/oauth/revoke', async (request, reply) => {
      const form = formOf(request.body);
      return answer(reply, async () => {
        await hitSharedLimit(ctx.db, TOKEN_LIMIT, request.ip);
        const appId = await authenticateClient(ctx.db, ...clientCredentials(request.headers.authorization, form));
        await revokeToken(ctx, appId, form.token);
        return {};
      });
    });
  });
}

function formOf(body: unknown): Form {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : undefined]));
}

/** client_secret_basic (RFC 6749 §2.3.1: each part form-encoded) or client_secret_post. */
function clientCredentials(header: string | undefined, form: Form): [string | undefined, string | undefined] {
  const basic = header?.match(/^Basic\s+(\S+)$/i)?.[1];
  if (!basic) return [form.client_id, form.client_secret];
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return [undefined, undefined];
  const part = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
  try {
    return [part(decoded.slice(0, colon)), part(decoded.slice(colon + 1))];
  } catch {
    return [undefined, undefined];
  }
}

async function answer(reply: FastifyReply, act: () => Promise<object>): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  try {
    return reply.send(await act());
  } catch (error) {
    // Too many requests, in OAuth's error shape (RFC 6749 §5.2 leaves the code open; 429 says when to retry).
    if (error instanceof PlinthError && error.code === 'over_request_rate_limit') {
      const { retry_after: retryAfter } = error.details as { retry_after: number };
      return reply.code(429).header('retry-after', String(retryAfter)).send({ error: 'slow_down', error_description: error.message });
    }
    if (!(error instanceof OAuthError)) throw error;
    return reply.code(error.status).send({ error: error.error, error_description: error.message });
  }
}
