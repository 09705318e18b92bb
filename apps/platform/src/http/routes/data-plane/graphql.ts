/**
 * /p/:ref/graphql/v1: pg_graphql's HTTP API. POST `{query, variables, operationName}` (or GET with
 * them in the query string) answers `{data, errors}` with status 200, as pg_graphql does; the
 * caller is resolved from apikey / Bearer exactly as for REST, and a bad key answers as REST does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PostgrestError } from '@plinth/postgrest';
import type { ControlContext } from '../../../control/context.ts';
import { projectDirectoryFor } from '../../../data-plane/gateway/index.ts';
import { handleGraphqlRequest } from '../../../data-plane/graphql/index.ts';
import { requestRoles } from './request-info.ts';

function requestOf(request: FastifyRequest) {
  if (request.method === 'GET') {
    const q = request.query as Record<string, string | undefined>;
    let variables: unknown;
    try {
      variables = q.variables ? JSON.parse(q.variables) : undefined;
    } catch {
      variables = undefined;
    }
    return { query: q.query, variables, operationName: q.operationName };
  }
  const body = request.body;
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

export async function graphqlRoutes(app: FastifyInstance, ctx: ControlContext): Promise<void> {
  const directory = projectDirectoryFor(ctx);
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof PostgrestError) return reply.status(error.status).headers(error.headers).send(error.toBody());
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500) return reply.status(status).send({ data: null, errors: [{ message: error instanceof Error ? error.message : 'Bad request' }] });
    request.log.error({ err: error }, 'GraphQL request failed');
    return reply.status(500).send({ data: null, errors: [{ message: 'Internal server error' }] });
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { ref } = request.params as { ref: string };
    const project = directory.cached(ref) ?? (await directory.resolve(ref));
    const caller = project.tokens.cachedCaller(request.headers) ?? (await project.tokens.caller(request.headers));
    requestRoles.set(request, caller.role);
    const response = await handleGraphqlRequest(
      { db: project.db, exposedSchemas: project.exposedSchemas },
      caller,
      requestOf(request),
      request.headers,
      { onDatabaseLost: () => directory.invalidate(ref), log: (error) => request.log.error({ err: error }, 'GraphQL request failed') },
    );
    return reply.type('application/json; charset=utf-8').send(response);
  };
  app.route({ method: ['GET', 'POST'], url: '', handler });
}
