import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { edgeLogWriterFor } from '../../../data-plane/logs/index.ts';
import { projectAuthRoutes } from './auth.ts';
import { requestRoles } from './request-info.ts';
import { restRoutes } from './rest.ts';

/** Response headers a browser app may read (supabase-js reads Content-Range for counts). */
const EXPOSED_HEADERS = 'Content-Range, Content-Location, Content-Profile, Preference-Applied, Range-Unit, Location, X-Total-Count, X-Supabase-Api-Version';

/**
 * The data plane of every project, mounted at /p/:ref: REST and auth (storage, functions and
 * realtime join here). Apps call it from any origin, so it answers CORS; every request leaves an
 * edge log line (written in batches, flushed when the server closes).
 */
export async function dataPlaneRoutes(app: FastifyInstance, ctx: ControlContext): Promise<void> {
  const logs = edgeLogWriterFor(ctx);
  app.addHook('onClose', async () => logs.close());
  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('access-control-allow-origin', request.headers.origin ?? '*');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    reply.header('vary', 'Origin');
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const { ref } = request.params as { ref?: string };
    // Only well-formed refs: requests to made-up paths must not fill the log table.
    if (!ref || !/^[a-z]{20}$/.test(ref)) return done();
    const path = request.url.split('?')[0].slice(`/p/${ref}`.length) || '/';
    const agent = request.headers['user-agent'];
    logs.write({
      projectRef: ref,
      method: request.method,
      path,
      status: reply.statusCode,
      latencyMs: reply.elapsedTime,
      role: requestRoles.get(request) ?? null,
      userAgent: typeof agent === 'string' ? agent : null,
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
  await app.register(async (scope) => projectAuthRoutes(scope, ctx), { prefix: '/auth/v1' });
}
