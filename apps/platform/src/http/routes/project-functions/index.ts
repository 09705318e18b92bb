import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { listFunctions } from '../../../control/edge-functions.ts';
import { functionLogs, functionStats } from '../../../control/function-insights.ts';
import { deployFunctionSource, functionSource } from '../../../control/function-source.ts';
import { testFunction } from '../../../control/function-test.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** The studio's Edge Functions area and the API docs' list. Signed-in routes. */
export function functionAdminRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('functions', ({ actor, params }) => listFunctions(ctx, actor, params.ref));
  define('functionSource', ({ actor, params }) => functionSource(ctx, actor, params.ref, params.slug));
  define('functionSourceDeploy', ({ actor, params, body }) => deployFunctionSource(ctx, actor, params.ref, params.slug, body));
  define('functionStats', ({ actor, params, query }) => functionStats(ctx, actor, params.ref, params.slug, query.interval));
  define('functionLogs', ({ actor, params, query }) => functionLogs(ctx, actor, params.ref, params.slug, query));
  define('functionTest', ({ actor, params, body }) => testFunction(ctx, actor, params.ref, params.slug, body));
}
