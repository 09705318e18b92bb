import type { FastifyInstance } from 'fastify';
import * as apiKeys from '../../../control/api-keys.ts';
import type { ControlContext } from '../../../control/context.ts';
import * as signingKeys from '../../../control/signing-keys.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** Settings > API: the project's JWT signing keys and its publishable / secret API keys. All signed-in routes. */
export function signingKeyRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('signingKeys', ({ actor, params }) => signingKeys.listSigningKeys(ctx, actor, params.ref));
  define('signingKeyCreate', ({ actor, params, body }) => signingKeys.createSigningKey(ctx, actor, params.ref, body));
  define('signingKeyUpdate', ({ actor, params, body }) => signingKeys.updateSigningKeyStatus(ctx, actor, params.ref, params.id, body.status));
  define('signingKeyDelete', ({ actor, params }) => signingKeys.deleteSigningKey(ctx, actor, params.ref, params.id));
  define('apiKeys', ({ actor, params, query }) => apiKeys.listApiKeys(ctx, actor, params.ref, { reveal: query.reveal }));
  define('apiKey', ({ actor, params, query }) => apiKeys.getApiKey(ctx, actor, params.ref, params.id, { reveal: query.reveal }));
  define('apiKeyCreate', ({ actor, params, body }) => apiKeys.createApiKey(ctx, actor, params.ref, body));
  define('apiKeyDelete', ({ actor, params }) => apiKeys.deleteApiKey(ctx, actor, params.ref, params.id));
}
