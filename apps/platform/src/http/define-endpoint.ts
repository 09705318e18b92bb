import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, type Endpoint, type EndpointId } from '@plinth/api-contract';
import type { z } from 'zod';
import type { Actor } from '../control/context.ts';
import { assertNoNul } from './input-guard.ts';
import { authenticate, type SessionVerifier } from './plugins/session.ts';

type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface EndpointInput<E extends Endpoint> {
  actor: Actor;
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  request: FastifyRequest;
  /** For the few endpoints that stream or set headers; most just return their result. */
  reply: FastifyReply;
}

export type EndpointHandler<K extends EndpointId> = (input: EndpointInput<(typeof endpoints)[K]>) => Promise<z.input<(typeof endpoints)[K]['response']> | FastifyReply>;

/**
 * Registers one api-contract endpoint: authenticate -> validate -> handler (which authorizes, acts
 * and presents). Paths, methods and schemas come only from the contract, so the OpenAPI document and
 * the server cannot drift.
 */
export function endpointRegistrar(app: FastifyInstance, verifier: SessionVerifier) {
  return <K extends EndpointId>(id: K, handler: EndpointHandler<K>): void => defineEndpoint(app, verifier, id, handler);
}

function defineEndpoint<K extends EndpointId>(app: FastifyInstance, verifier: SessionVerifier, id: K, handler: EndpointHandler<K>): void {
  const e: Endpoint = endpoints[id];
  app.route({
    method: e.method,
    url: e.path,
    handler: async (request, reply) => {
      const actor = e.isPublic ? ({ userId: '', email: '', ip: request.ip } as Actor) : await authenticate(request, verifier);
      // One check for every field of every endpoint: no string may carry U+0000 into the database.
      assertNoNul(request.params);
      assertNoNul(request.query);
      assertNoNul(request.body);
      const input = {
        actor,
        params: e.params ? e.params.parse(request.params) : undefined,
        query: e.query ? e.query.parse(request.query) : undefined,
        body: e.body ? e.body.parse(request.body ?? {}) : undefined,
        request,
        reply,
      } as EndpointInput<(typeof endpoints)[K]>;
      return handler(input);
    },
  });
}
