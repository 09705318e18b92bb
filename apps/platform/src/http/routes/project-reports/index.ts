import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { databaseReport } from '../../../control/database-report.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/**
 * The reports pages' figures that are not log queries, and the platform's feature flags the studio
 * reads (signed-in, no project). Custom reports are content: routes/content.
 */
export function reportRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('databaseReport', ({ actor, params }) => databaseReport(ctx, actor, params.ref));
  define('featureFlags', async () => ctx.config.featureFlags);
}
