import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, type Endpoint, type EndpointId } from '@plinth/api-contract';
import type { z } from 'zod';
import type { Actor } from '../control/context.ts';
import { assertNoNul } from './input-guard.ts';
import { acceptsAccessTokens, authenticate, type Caller, type SessionVerifier } from './plugins/session.ts';

type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface EndpointInput<E extends Endpoint> {
  actor: Actor;
  /** How the actor authenticated: a session or (Management API only) a personal access token. */
  caller: Caller;
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
 * the server cannot drift. Whether personal access tokens are accepted is the verifier's business:
 * the Management API mount (/api/v1) passes a ManagementVerifier, every other mount a session one.
 */
export function endpointRegistrar(app: FastifyInstance, verifier: SessionVerifier) {
  return <K extends EndpointId>(id: K, handler: EndpointHandler<K>): void => defineEndpoint(app, verifier, id, handler);
}

function defineEndpoint<K extends EndpointId>(app: FastifyInstance, verifier: SessionVerifier, id: K, handler: EndpointHandler<K>): void {
  const e: Endpoint = endpoints[id];
  if (e.scope && !acceptsAccessTokens(verifier)) {
    // A start-up error, so a Management API endpoint cannot end up served where tokens are refused.
    throw new Error(`${id} declares the token scope ${e.scope}: register it in the Management API mount (http/routes/v1).`);
  }
  app.route({
    method: e.method,
    url: e.path,
    handler: async (request, reply) => {
      const caller: Caller = e.isPublic
        ? { actor: { userId: '', email: '', ip: request.ip }, via: 'public', scopes: null }
        : await authenticate(request, verifier, e.scope);
      // One check for every field of every endpoint: no string may carry U+0000 into the database.
      assertNoNul(request.params);
      assertNoNul(request.query);
      // A body a content-type parser hands over unread (an import's SQL) or as bytes (a signed webhook) is checked by its reader.
      if (!isStream(request.body) && !(request.body instanceof Uint8Array)) assertNoNul(request.body);
      const input = {
        actor: caller.actor,
        caller,
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

function isStream(body: unknown): boolean {
  return body instanceof Readable;
}
