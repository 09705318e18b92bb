import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import * as settings from '../../../control/database-settings.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { ManagementVerifier, SessionVerifier } from '../../plugins/session.ts';

/** Settings > Database and the Connect dialog: connection strings, pooler settings, the database password. Signed-in routes. */
export function databaseSettingsRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('databaseSettings', ({ actor, params }) => settings.databaseSettings(ctx, actor, params.ref));
  define('databasePasswordReset', ({ actor, params, body }) => settings.resetDatabasePassword(ctx, actor, params.ref, body.password));
}

/** The same settings in the Management API (/api/v1), Supabase's shapes, each with its token scope. */
export function databaseManagementRoutes(app: FastifyInstance, ctx: ControlContext, verifier: ManagementVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('v1PoolerConfig', ({ actor, params }) => settings.poolerConfig(ctx, actor, params.ref));
  define('v1PoolerConfigUpdate', ({ actor, params, body }) => settings.updatePoolerConfig(ctx, actor, params.ref, body));
  define('v1NetworkRestrictions', ({ actor, params }) => settings.networkRestrictions(ctx, actor, params.ref));
  define('v1NetworkRestrictionsApply', ({ actor, params, body }) => settings.applyNetworkRestrictions(ctx, actor, params.ref, body));
  define('v1SslEnforcement', ({ actor, params }) => settings.sslEnforcement(ctx, actor, params.ref));
  define('v1SslEnforcementUpdate', ({ actor, params, body }) => settings.updateSslEnforcement(ctx, actor, params.ref, body));
}
