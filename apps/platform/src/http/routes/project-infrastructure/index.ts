import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { projectInfrastructure, projectUpgradeEligibility } from '../../../control/infrastructure.ts';
import { resourceWarnings } from '../../../control/resource-warnings.ts';
import { startUpgrade, upgradeStatus } from '../../../control/upgrades.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { ManagementVerifier, SessionVerifier } from '../../plugins/session.ts';

/** Settings > Infrastructure and the resource-warning banner: signed-in routes. */
export function infrastructureRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('resourceWarnings', ({ actor }) => resourceWarnings(ctx, actor));
  define('projectInfrastructure', ({ actor, params }) => projectInfrastructure(ctx, actor, params.ref));
  define('projectUpgrade', ({ actor, params, body }) => startUpgrade(ctx, actor, params.ref, body.target_version));
}

/** Upgrade eligibility, upgrading and its status in the Management API (/api/v1), Supabase's shape. */
export function infrastructureManagementRoutes(app: FastifyInstance, ctx: ControlContext, verifier: ManagementVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('v1UpgradeEligibility', ({ actor, params }) => projectUpgradeEligibility(ctx, actor, params.ref));
  define('v1Upgrade', ({ actor, params, body }) => startUpgrade(ctx, actor, params.ref, body.target_version));
  define('v1UpgradeStatus', ({ actor, params }) => upgradeStatus(ctx, actor, params.ref));
}
