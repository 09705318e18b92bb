import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { exportDatabase, importDatabase } from '../../../control/database-transfer.ts';
import * as management from '../../../control/management-api.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { ManagementVerifier } from '../../plugins/session.ts';

const IMPORT_BODY_LIMIT = 1024 * 1024 * 1024;

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
  define('v1DatabaseExport', async ({ actor, params, reply }) => {
    const { filename, sql } = await exportDatabase(ctx, actor, params.ref);
    return reply.type('application/sql; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(sql);
  });
  // An export is a document of its own, far larger than the API's JSON bodies.
  app.addContentTypeParser(['application/sql', 'text/plain'], { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) => done(null, body));
  define('v1DatabaseImport', ({ actor, params, body }) => importDatabase(ctx, actor, params.ref, body));
}
