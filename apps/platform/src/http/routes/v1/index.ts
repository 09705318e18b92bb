import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import * as management from '../../../control/management-api.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { ManagementVerifier } from '../../plugins/session.ts';

/**
 * The Management API at /api/v1, Supabase's v1 shapes: sessions and personal access tokens alike,
 * each endpoint's token scope declared in the contract (packages/api-contract/src/management.ts).
 */
export function managementRoutes(app: FastifyInstance, ctx: ControlContext, verifier: ManagementVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('v1Organizations', ({ actor }) => management.v1Organizations(ctx, actor));
  define('v1Projects', ({ actor }) => management.v1Projects(ctx, actor));
  define('v1Project', ({ actor, params }) => management.v1Project(ctx, actor, params.ref));
  define('v1ProjectApiKeys', ({ actor, params }) => management.v1ProjectApiKeys(ctx, actor, params.ref));
}
