import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { cronStatus, enableCron } from '../../../control/cron/index.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** Database > Cron: whether cron is enabled, and enabling it; jobs are SQL (cron.schedule). */
export function cronRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('cronStatus', ({ actor, params }) => cronStatus(ctx, actor, params.ref));
  define('cronEnable', ({ actor, params }) => enableCron(ctx, actor, params.ref));
}
