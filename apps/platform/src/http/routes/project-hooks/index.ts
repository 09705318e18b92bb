import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { enableWebhooks, webhooksStatus } from '../../../control/webhooks/index.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** Database > Webhooks: whether webhooks are enabled, and enabling them; hooks are SQL triggers. */
export function webhooksRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('webhooksStatus', ({ actor, params }) => webhooksStatus(ctx, actor, params.ref));
  define('webhooksEnable', ({ actor, params }) => enableWebhooks(ctx, actor, params.ref));
}
