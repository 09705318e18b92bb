import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { projectAddons } from '../../../control/project-addons.ts';
import * as subscription from '../../../control/subscription.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** Organisation > Billing (the subscription, payment method, Enterprise contact) and a project's add-ons. */
export function billingRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('organizationSubscription', ({ actor, params }) => subscription.getSubscription(ctx, actor, params.slug));
  define('organizationSubscriptionUpdate', ({ actor, params, body }) => subscription.updateSubscription(ctx, actor, params.slug, body));
  define('organizationPaymentMethodUpdate', ({ actor, params, body }) => subscription.updatePaymentMethod(ctx, actor, params.slug, body));
  define('organizationEnterpriseContact', ({ actor, params, body, reply }) => (reply.code(201), subscription.contactEnterprise(ctx, actor, params.slug, body)));
  define('projectAddons', ({ actor, params }) => projectAddons(ctx, actor, params.ref));
}
