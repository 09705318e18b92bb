import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import * as planAdmin from '../../../control/plan-admin.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** The operator's calls (PLINTH_OPERATORS); each domain function refuses everyone else. */
export function adminRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('adminOrganizations', ({ actor }) => planAdmin.listOrganizationsForOperator(ctx, actor));
  define('adminOrganizationUpdate', ({ actor, params, body }) => planAdmin.setOrganizationPlan(ctx, actor, params.slug, body.plan));
}
