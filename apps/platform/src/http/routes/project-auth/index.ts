import type { FastifyInstance } from 'fastify';
import { projectAuthConfig, updateProjectAuthConfig } from '../../../control/auth-config.ts';
import * as users from '../../../control/auth-users.ts';
import * as sso from '../../../control/sso-providers.ts';
import type { ControlContext } from '../../../control/context.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** The studio's Authentication area: the project's auth configuration, SAML providers, its users and the mail inbox. All signed-in routes. */
export function authAdminRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('authConfig', ({ actor, params }) => projectAuthConfig(ctx, actor, params.ref));
  define('authConfigUpdate', ({ actor, params, body }) => updateProjectAuthConfig(ctx, actor, params.ref, body));

  define('ssoProviders', ({ actor, params }) => sso.listSsoProviders(ctx, actor, params.ref));
  define('ssoProviderCreate', ({ actor, params, body, reply }) => (reply.code(201), sso.createSsoProvider(ctx, actor, params.ref, body)));
  define('ssoProviderUpdate', ({ actor, params, body }) => sso.updateSsoProvider(ctx, actor, params.ref, params.id, body));
  define('ssoProviderDelete', ({ actor, params }) => sso.deleteSsoProvider(ctx, actor, params.ref, params.id));

  define('authUsers', ({ actor, params, query }) => users.listAuthUsers(ctx, actor, params.ref, query));
  define('authUser', ({ actor, params }) => users.getAuthUser(ctx, actor, params.ref, params.id));
  define('authUserCreate', ({ actor, params, body }) => users.createAuthUser(ctx, actor, params.ref, body));
  define('authUserUpdate', ({ actor, params, body }) => users.updateAuthUser(ctx, actor, params.ref, params.id, body));
  define('authUserDelete', ({ actor, params }) => users.deleteAuthUser(ctx, actor, params.ref, params.id));
  define('authUserFactorsDelete', ({ actor, params }) => users.deleteAuthUserFactors(ctx, actor, params.ref, params.id));
  define('authUserInvite', ({ actor, params, body }) => users.inviteAuthUser(ctx, actor, params.ref, body.email));
  define('authUserMagicLink', ({ actor, params, body }) => users.sendMagicLink(ctx, actor, params.ref, body.email));
  define('authUserRecover', ({ actor, params, body }) => users.sendRecovery(ctx, actor, params.ref, body.email));
  define('projectMail', ({ actor, params, query }) => users.listMail(ctx, actor, params.ref, query.limit));
  define('projectMailClear', ({ actor, params }) => users.clearMail(ctx, actor, params.ref));
}
