import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import * as operatorJobs from '../../../control/jobs/operator-jobs.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** The operator's view of background jobs (PLINTH_OPERATORS); each domain function refuses everyone else. */
export function jobRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('adminJobs', ({ actor, query }) => operatorJobs.listJobs(ctx, actor, query));
  define('adminJobRetry', ({ actor, params }) => operatorJobs.retryJob(ctx, actor, params.id));
}
