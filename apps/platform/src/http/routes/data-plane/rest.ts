/**
 * /p/:ref/rest/v1: PostgREST-compatible. Bodies arrive as raw text (the planner hands JSON to the
 * database as one parameter, so Node does not parse big inserts), and every error leaves in
 * PostgREST's shape `{code, details, hint, message}`.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PlinthError } from '@plinth/errors';
import { PostgrestError, type ApiRequest } from '@plinth/postgrest';
import type { ControlContext } from '../../../control/context.ts';
import { spendCapFor } from '../../../control/metering/spend-cap.ts';
import { projectDirectoryFor } from '../../../data-plane/gateway/index.ts';
import { handleRestRequest, type RestRequest } from '../../../data-plane/rest/index.ts';
import { jsonNestingExceeds, MAX_JSON_DEPTH } from '../../input-guard.ts';
import { requestRoles } from './request-info.ts';

/** Writes may carry large bulk inserts; the platform API's default stays 1 MB. */
export const REST_BODY_LIMIT = 50 * 1024 * 1024;

function sendError(reply: FastifyReply, error: PostgrestError): FastifyReply {
  return reply.status(error.status).headers(error.headers).type('application/json; charset=utf-8').send(JSON.stringify(error.toBody()));
}

function asPostgrestError(error: unknown, request: FastifyRequest): PostgrestError {
  if (error instanceof PostgrestError) return error;
  if (error instanceof PlinthError) return new PostgrestError(error.status, error.code, error.message);
  const code = (error as FastifyError | undefined)?.code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || (error as FastifyError | undefined)?.statusCode === 413) {
    return new PostgrestError(413, 'body_too_large', 'The request body is too large.', null, `The limit is ${REST_BODY_LIMIT / 1024 / 1024} MB per request.`);
  }
  request.log.error({ err: error }, 'REST request failed');
  return new PostgrestError(500, 'PGRSTX00', 'Internal server error');
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function targetOf(rest: string): ApiRequest['target'] {
  if (rest === '') return { kind: 'root' };
  if (rest.startsWith('rpc/')) return { kind: 'rpc', name: rest.slice(4) };
  return { kind: 'relation', name: rest };
}

function restRequestOf(request: FastifyRequest, rest: string): RestRequest {
  const queryAt = request.url.indexOf('?');
  return {
    method: request.method,
    target: targetOf(rest.replace(/\/$/, '')),
    search: queryAt >= 0 ? request.url.slice(queryAt + 1) : '',
    path: `/${rest}`,
    allHeaders: request.headers,
    headers: {
      accept: header(request, 'accept'),
      prefer: header(request, 'prefer'),
      range: header(request, 'range'),
      acceptProfile: header(request, 'accept-profile'),
      contentProfile: header(request, 'content-profile'),
      contentType: header(request, 'content-type'),
    },
    body: typeof request.body === 'string' || request.body instanceof Uint8Array ? request.body : undefined,
  };
}

export async function restRoutes(app: FastifyInstance, ctx: ControlContext): Promise<void> {
  const directory = projectDirectoryFor(ctx);
  const spendCap = spendCapFor(ctx);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: REST_BODY_LIMIT }, (request, body, done) => {
    // Postgres would answer 54001 (a 500) for JSON this deep, and PGlite's stack gives out before that.
    if (/json/i.test(request.headers['content-type'] ?? '') && jsonNestingExceeds(body as string)) {
      return done(new PostgrestError(400, 'PGRST102', 'Empty or invalid json', `The JSON nests deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
    }
    done(null, body);
  });
  // A function's bytea parameter takes an application/octet-stream body byte for byte.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: REST_BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error, request, reply) => sendError(reply, asPostgrestError(error, request)));
  app.setNotFoundHandler((request, reply) => sendError(reply, new PostgrestError(404, 'PGRST125', `Invalid path specified in request URL: ${request.url.split('?')[0]}`)));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { ref, '*': rest = '' } = request.params as { ref: string; '*'?: string };
    const project = directory.cached(ref) ?? (await directory.resolve(ref));
    const caller = project.tokens.cachedCaller(request.headers) ?? (await project.tokens.caller(request.headers));
    requestRoles.set(request, caller.role);
    // Responses are egress: refused once a capped organisation has used its plan's (402, spend-cap.ts).
    if (!spendCap.isKnownWithin(ref, 'EGRESS')) await spendCap.assertWithin(ref, 'EGRESS');
    const result = await handleRestRequest(
      {
        db: project.db, exposedSchemas: project.exposedSchemas, maxRows: project.maxRows, isPlanEnabled: project.isPlanEnabled,
        baseUrl: `${ctx.config.publicUrl}/p/${ref}/rest/v1`, logs: { writer: ctx.logs, projectRef: ref },
      },
      caller,
      restRequestOf(request, rest),
      { onDatabaseLost: () => directory.invalidate(ref), onConfigReload: () => directory.invalidate(ref), log: (error) => request.log.error({ err: error }, 'REST request failed') },
    );
    reply.status(result.status).headers(result.headers);
    return result.status === 204 || result.body === '' ? reply.send() : reply.send(result.body);
  };
  const methods = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'];
  // `/rest/v1` and `/rest/v1/` both answer the OpenAPI document; everything below is a table or rpc.
  app.route({ method: methods, url: '', bodyLimit: REST_BODY_LIMIT, handler });
  app.route({ method: methods, url: '/*', bodyLimit: REST_BODY_LIMIT, handler });
}
