import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { projectInfrastructure, projectUpgradeEligibility } from '../../../control/infrastructure.ts';
import { resourceWarnings } from '../../../control/resource-warnings.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { ManagementVerifier, SessionVerifier } from '../../plugins/session.ts';

/** Settings > Infrastructure and the resource-warning banner: signed-in routes. */
export function infrastructureRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('resourceWarnings', ({ actor }) => resourceWarnings(ctx, actor));
  define('projectInfrastructure', ({ actor, params }) => projectInfrastructure(ctx, actor, params.ref));
}

/** Upgrade eligibility in the Management API (/api/v1), Supabase's shape. */
export function infrastructureManagementRoutes(app: FastifyInstance, ctx: ControlContext, verifier: ManagementVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('v1UpgradeEligibility', ({ actor, params }) => projectUpgradeEligibility(ctx, actor, params.ref));
}
