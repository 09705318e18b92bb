import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { queryLogs } from '../../../control/log-queries.ts';
import { queryPerformance } from '../../../control/query-performance.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** The studio's logs explorer and reports: SQL over the project's log sources. Signed-in routes. */
export function logAdminRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('logsQuery', ({ actor, params, query }) => queryLogs(ctx, actor, params.ref, query));
  define('queryPerformance', ({ actor, params, query }) => queryPerformance(ctx, actor, params.ref, query));
}
