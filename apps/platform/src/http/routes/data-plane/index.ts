import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { activityFor } from '../../../control/inactivity.ts';
import { writeEdgeLog } from '../../../data-plane/logs/index.ts';
import { projectAuthRoutes } from './auth.ts';
import { functionRoutes } from './functions.ts';
import { graphqlRoutes } from './graphql.ts';
import { metricsRoutes } from './metrics.ts';
import { realtimeRoutes } from './realtime.ts';
import { requestRoles } from './request-info.ts';
import { countingPayload, responseBytes } from './response-size.ts';
import { restRoutes } from './rest.ts';
import { storageRoutes } from './storage/index.ts';

/** Response headers a browser app may read (supabase-js reads Content-Range for counts). */
const EXPOSED_HEADERS = 'Content-Range, Content-Location, Content-Profile, Preference-Applied, Range-Unit, Location, X-Total-Count, X-Supabase-Api-Version';

/**
 * The data plane of every project, mounted at /p/:ref: REST, GraphQL, auth, storage, realtime, edge
 * functions and the Prometheus metrics endpoint. Apps call it from any origin, so it answers CORS; every request leaves an edge_logs
 * entry through ctx.logs (read per request, so a test or benchmark may swap the writer).
 */
export async function dataPlaneRoutes(app: FastifyInstance, ctx: ControlContext): Promise<void> {
  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    // An edge function answers CORS itself (as in Supabase): its own header is kept.
    if (!reply.hasHeader('access-control-allow-origin')) reply.header('access-control-allow-origin', request.headers.origin ?? '*');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    // Kept with what the route varies by (the image renderer varies by Accept).
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Origin` : 'Origin');
    done(null, countingPayload(request, reply, payload));
  });
  app.addHook('onResponse', (request, reply, done) => {
    const { ref } = request.params as { ref?: string };
    // Only well-formed refs: requests to made-up paths must not fill the log table.
    if (!ref || !/^[a-z]{20}$/.test(ref)) return done();
    // A use of the project for inactivity pausing, unless the caller was turned away.
    if (reply.statusCode !== 401 && reply.statusCode !== 403) activityFor(ctx).note(ref);
    const queryAt = request.url.indexOf('?');
    writeEdgeLog(ctx.logs, {
      projectRef: ref,
      method: request.method,
      path: (queryAt < 0 ? request.url : request.url.slice(0, queryAt)).slice(`/p/${ref}`.length) || '/',
      search: queryAt < 0 ? '' : request.url.slice(queryAt + 1),
      headers: request.headers,
      remoteAddress: request.ip,
      status: reply.statusCode,
      originTimeMs: reply.elapsedTime,
      bytes: responseBytes(request, reply),
      role: requestRoles.get(request) ?? null,
    });
    done();
  });
  app.options('/*', async (request, reply) => {
    reply.header('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    reply.header('access-control-allow-headers', request.headers['access-control-request-headers'] ?? 'authorization, apikey, content-type, prefer, range, accept-profile, content-profile, x-client-info');
    reply.header('access-control-max-age', '86400');
    return reply.status(200).send();
  });
  await app.register(async (scope) => restRoutes(scope, ctx), { prefix: '/rest/v1' });
  await app.register(async (scope) => graphqlRoutes(scope, ctx), { prefix: '/graphql/v1' });
  await app.register(async (scope) => projectAuthRoutes(scope, ctx), { prefix: '/auth/v1' });
  await app.register(async (scope) => storageRoutes(scope, ctx), { prefix: '/storage/v1' });
  await app.register(async (scope) => realtimeRoutes(scope, ctx), { prefix: '/realtime/v1' });
  await app.register(async (scope) => functionRoutes(scope, ctx), { prefix: '/functions/v1' });
  await app.register(async (scope) => metricsRoutes(scope, ctx), { prefix: '/customer/v1' });
}
