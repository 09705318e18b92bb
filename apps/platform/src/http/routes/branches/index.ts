import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import * as branches from '../../../control/branches/index.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { ManagementVerifier } from '../../plugins/session.ts';

/** Database branches, Management API (/api/v1): the studio's branching dialog and page call these too. */
export function branchManagementRoutes(app: FastifyInstance, ctx: ControlContext, verifier: ManagementVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('v1Branches', ({ actor, params }) => branches.listBranches(ctx, actor, params.ref));
  define('v1BranchCreate', ({ actor, params, body, reply }) => (reply.code(201), branches.createBranch(ctx, actor, params.ref, body)));
  define('v1Branch', ({ actor, params }) => branches.getBranch(ctx, actor, params.id));
  define('v1BranchUpdate', ({ actor, params, body }) => branches.updateBranch(ctx, actor, params.id, body));
  define('v1BranchDelete', ({ actor, params }) => branches.deleteBranch(ctx, actor, params.id));
  define('v1BranchReset', ({ actor, params }) => branches.resetBranch(ctx, actor, params.id));
  define('v1BranchPush', ({ actor, params }) => branches.pushBranch(ctx, actor, params.id));
  define('v1BranchMigrations', ({ actor, params }) => branches.branchMigrations(ctx, actor, params.id));
  define('v1BranchDiff', async ({ actor, params, reply }) => reply.type('text/plain; charset=utf-8').send(await branches.branchDiff(ctx, actor, params.id)));
  define('v1BranchMerge', ({ actor, params }) => branches.mergeBranch(ctx, actor, params.id));
}
