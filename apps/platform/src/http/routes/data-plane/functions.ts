/**
 * /p/:ref/functions/v1/:slug[/...]: any method, bodies streamed to the function and its response
 * streamed back (functions/service.ts). Errors of the relay itself leave in Supabase's shape with
 * `x-relay-error: true`; whatever the function answers is passed through untouched.
 *
 * Websocket upgrades reach this route too: @fastify/websocket (registered for realtime) sends every
 * upgrade request through Fastify's router with the socket it took from the HTTP server. This route
 * takes the socket over (reply.hijack()) and the service tunnels it to the function.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PlinthError } from '@plinth/errors';
import type { IncomingMessage } from 'node:http';
import type { Duplex, Readable } from 'node:stream';
import type { ControlContext } from '../../../control/context.ts';
import { relayError, type InvokeResult } from '../../../data-plane/functions/runtime.ts';
import { writeRawResponse } from '../../../data-plane/functions/proxy.ts';
import { functionServiceFor } from '../../../data-plane/functions/service.ts';
import { requestRoles } from './request-info.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The upgrade socket and its head bytes, as @fastify/websocket keeps them on the raw request (symbols of its own). */
function upgradeOf(raw: IncomingMessage): { socket: Duplex; head: Buffer } | null {
  if (!raw.headers.upgrade) return null;
  const symbols = Object.getOwnPropertySymbols(raw);
  const bag = raw as unknown as Record<symbol, unknown>;
  const socket = symbols.find((symbol) => symbol.description === 'ws-socket');
  const head = symbols.find((symbol) => symbol.description === 'ws-head');
  if (!socket || !bag[socket]) return null;
  return { socket: bag[socket] as Duplex, head: head && Buffer.isBuffer(bag[head]) ? (bag[head] as Buffer) : Buffer.alloc(0) };
}

/** What the relay answers for an error thrown while invoking (an unknown project is 404 NOT_FOUND, as Supabase's relay says). */
function relayFailure(error: unknown, request: FastifyRequest): InvokeResult {
  if (error instanceof PlinthError) return relayError(error.status, error.status === 404 ? 'NOT_FOUND' : error.code, error.message);
  request.log.error({ err: error }, 'function invocation failed');
  return relayError(500, 'INTERNAL_SERVER_ERROR', 'The function could not be invoked.');
}

export async function functionRoutes(app: FastifyInstance, ctx: ControlContext): Promise<void> {
  const service = functionServiceFor(ctx);
  app.addHook('onClose', async () => service.stop());
  app.removeAllContentTypeParsers();
  // Bodies are never read here: the request stream goes to the function as it arrives.
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.setErrorHandler((error, request, reply) => {
    const failure = relayFailure(error, request);
    return reply.status(failure.status).headers(failure.headers).send(failure.body);
  });

  const upgrade = async (request: FastifyRequest, reply: FastifyReply, taken: { socket: Duplex; head: Buffer }) => {
    const { ref, slug, '*': rest } = request.params as { ref: string; slug: string; '*'?: string };
    const queryAt = request.url.indexOf('?');
    reply.hijack();
    // realtime.ts gives every upgrade socket 10 s to be taken over; a websocket may idle for longer.
    (taken.socket as Duplex & { setTimeout(ms: number): void }).setTimeout(0);
    try {
      const refusal = await service.upgrade(
        { ref, slug, subpath: rest === undefined ? '' : `/${rest}`, search: queryAt < 0 ? '' : request.url.slice(queryAt), headers: request.headers },
        taken.socket, taken.head,
      );
      if (refusal) writeRawResponse(taken.socket, refusal);
    } catch (error) {
      writeRawResponse(taken.socket, relayFailure(error, request));
    }
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const taken = upgradeOf(request.raw);
    if (taken) return upgrade(request, reply, taken);
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
