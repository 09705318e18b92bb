import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import * as sso from '../../../control/dashboard-sso/index.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import { assertNoNul } from '../../input-guard.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** Dashboard single sign-on: the organisation's settings (signed in) and the sign-in itself (public). */
export function dashboardSsoRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('dashboardSso', ({ actor, params }) => sso.getDashboardSso(ctx, actor, params.slug));
  define('dashboardSsoUpdate', ({ actor, params, body }) => sso.updateDashboardSso(ctx, actor, params.slug, body));
  define('dashboardSsoStart', ({ body }) => sso.startDashboardSso(ctx, body));

  // The identity provider sends the browser back here; it goes on to the studio with a code or an error.
  app.get('/auth/sso/callback', async (request, reply) => {
    assertNoNul(request.query);
    const params = new URLSearchParams(request.url.split('?')[1] ?? '');
    return reply.header('cache-control', 'no-store').redirect(await sso.completeDashboardSso(ctx, params, request.ip ?? null), 302);
  });
}
