/**
 * /p/:ref/functions/v1/:slug[/...]: any method, bodies streamed to the function and its response
 * streamed back (functions/service.ts). Errors of the relay itself leave in Supabase's shape with
 * `x-relay-error: true`; whatever the function answers is passed through untouched.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PlinthError } from '@plinth/errors';
import type { Readable } from 'node:stream';
import type { ControlContext } from '../../../control/context.ts';
import { relayError } from '../../../data-plane/functions/runtime.ts';
import { functionServiceFor } from '../../../data-plane/functions/service.ts';
import { requestRoles } from './request-info.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export async function functionRoutes(app: FastifyInstance, ctx: ControlContext): Promise<void> {
  const service = functionServiceFor(ctx);
  app.addHook('onClose', async () => service.stop());
  app.removeAllContentTypeParsers();
  // Bodies are never read here: the request stream goes to the function as it arrives.
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.setErrorHandler((error, request, reply) => {
    const failure = error instanceof PlinthError
      ? relayError(error.status, error.status === 404 ? 'NOT_FOUND' : error.code, error.message)
      : relayError(500, 'INTERNAL_SERVER_ERROR', 'The function could not be invoked.');
    if (!(error instanceof PlinthError)) request.log.error({ err: error }, 'function invocation failed');
    return reply.status(failure.status).headers(failure.headers).send(failure.body);
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { ref, slug, '*': rest } = request.params as { ref: string; slug: string; '*'?: string };
    const queryAt = request.url.indexOf('?');
    const result = await service.handle(
      {
        ref, slug, subpath: rest === undefined ? '' : `/${rest}`, search: queryAt < 0 ? '' : request.url.slice(queryAt),
        method: request.method, headers: request.headers, body: request.body as Readable | undefined,
      },
      (caller) => requestRoles.set(request, caller.role),
    );
    return reply.status(result.status).headers(result.headers).send(result.body);
  };
  app.route({ method: METHODS, url: '/:slug', handler });
  app.route({ method: METHODS, url: '/:slug/*', handler });
}
