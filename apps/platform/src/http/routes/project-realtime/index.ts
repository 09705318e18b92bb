import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { projectRealtimeConfig, realtimeInspectorToken, updateRealtimeConfig } from '../../../control/realtime-config.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** The studio's Realtime area: the project's realtime settings and the inspector's token. Signed-in routes. */
export function realtimeAdminRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('realtimeConfig', ({ actor, params }) => projectRealtimeConfig(ctx, actor, params.ref));
  define('realtimeConfigUpdate', ({ actor, params, body }) => updateRealtimeConfig(ctx, actor, params.ref, body));
  define('realtimeInspectorToken', ({ actor, params, body }) => realtimeInspectorToken(ctx, actor, params.ref, body));
}
