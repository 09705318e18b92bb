import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import * as wrappers from '../../../control/wrappers.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** Database > Wrappers: postgres_fdw's servers and foreign tables. */
export function wrapperRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('wrappersStatus', ({ actor, params }) => wrappers.wrappersStatus(ctx, actor, params.ref));
  define('wrappersEnable', ({ actor, params }) => wrappers.enableWrappers(ctx, actor, params.ref));
  define('wrapperServerCreate', ({ actor, params, body }) => wrappers.createForeignServer(ctx, actor, params.ref, body));
  define('wrapperServerDelete', ({ actor, params, query }) => wrappers.dropForeignServer(ctx, actor, params.ref, params.name, query));
  define('wrapperSchemaImport', ({ actor, params, body }) => wrappers.importForeignSchema(ctx, actor, params.ref, params.name, body));
}
