import type { FastifyInstance } from 'fastify';
import { createAccessToken, listAccessTokens, revokeAccessToken } from '../../../control/access-tokens.ts';
import { listAudit } from '../../../control/audit.ts';
import type { ControlContext } from '../../../control/context.ts';
import { myInvitations } from '../../../control/members.ts';
import { deleteAccount } from '../../../control/account-deletion.ts';
import { getPreferences, updatePreferences } from '../../../control/account-preferences.ts';
import { getProfile, updateProfile } from '../../../control/profiles.ts';
import { createTicket, listTickets } from '../../../control/support.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** The signed-in user's own things: profile, audit trail, invitations, support tickets, access tokens. */
export function accountRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('profile', ({ actor }) => getProfile(ctx, actor));
  define('profileUpdate', ({ actor, body }) => updateProfile(ctx, actor, body));
  define('preferences', ({ actor }) => getPreferences(ctx, actor));
  define('preferencesUpdate', ({ actor, body }) => updatePreferences(ctx, actor, body));
  define('accountDelete', async ({ actor, body }) => {
    await deleteAccount(ctx, actor, body.confirm_email);
    return { message: 'Account deleted' };
  });
  define('profileAudit', ({ actor, query }) => listAudit(ctx.db, { actorId: actor.userId }, query));
  define('profileInvitations', ({ actor }) => myInvitations(ctx, actor));
  define('supportTickets', ({ actor }) => listTickets(ctx, actor));
  define('supportTicketCreate', ({ actor, body }) => createTicket(ctx, actor, body));
  // Mounted with sessions only (never /api/v1): a token cannot mint, list or revoke tokens.
  define('accessTokens', ({ actor }) => listAccessTokens(ctx, actor));
  define('accessTokenCreate', ({ actor, body }) => createAccessToken(ctx, actor, body));
  define('accessTokenDelete', async ({ actor, params }) => {
    await revokeAccessToken(ctx, actor, params.id);
    return { message: 'Access token revoked' };
  });
}
