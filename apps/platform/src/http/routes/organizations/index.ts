import type { FastifyInstance } from 'fastify';
import { organizationAudit } from '../../../control/audit.ts';
import type { ControlContext } from '../../../control/context.ts';
import * as members from '../../../control/members.ts';
import * as organizations from '../../../control/organizations.ts';
import { reachedFreeProjectLimit } from '../../../control/projects.ts';
import { organizationUsage } from '../../../control/usage.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** Organisations, their members and invitations: all signed-in routes. */
export function organizationRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('organizations', ({ actor }) => organizations.listOrganizations(ctx, actor));
  define('organizationCreate', ({ actor, body }) => organizations.createOrganization(ctx, actor, body));
  define('organization', ({ actor, params }) => organizations.getOrganization(ctx, actor, params.slug));
  define('organizationUpdate', ({ actor, params, body }) => organizations.updateOrganization(ctx, actor, params.slug, body));
  define('organizationDelete', async ({ actor, params, body }) => {
    await organizations.deleteOrganization(ctx, actor, params.slug, body.confirm_slug);
    return { message: 'Organization deleted' };
  });
  define('organizationAudit', ({ actor, params, query }) => organizationAudit(ctx, actor, params.slug, query));
  define('organizationUsage', ({ actor, params, query }) => organizationUsage(ctx, actor, params.slug, query));
  define('roles', ({ actor, params }) => members.assignableRoles(ctx, actor, params.slug));

  define('members', ({ actor, params }) => members.listMembers(ctx, actor, params.slug));
  define('memberUpdate', ({ actor, params, body }) => members.updateMemberRole(ctx, actor, params.slug, params.userId, body.role));
  define('memberRemove', async ({ actor, params }) => {
    await members.removeMember(ctx, actor, params.slug, params.userId);
    return { message: 'Member removed' };
  });
  define('reachedFreeProjectLimit', ({ actor, params }) => reachedFreeProjectLimit(ctx, actor, params.slug));

  define('invitations', ({ actor, params }) => members.listInvitations(ctx, actor, params.slug));
  define('invitationCreate', ({ actor, params, body }) => members.inviteMember(ctx, actor, params.slug, body.email, body.role));
  define('invitationDelete', async ({ actor, params }) => {
    await members.deleteInvitation(ctx, actor, params.slug, params.id);
    return { message: 'Invitation deleted' };
  });
  define('invitationAccept', ({ actor, params }) => members.acceptInvitation(ctx, actor, params.slug, params.id));
}
