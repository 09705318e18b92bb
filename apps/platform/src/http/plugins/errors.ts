import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PlinthError } from '@plinth/errors';
import { ZodError } from 'zod';
import { jsonNestingExceeds } from '../input-guard.ts';

/** Fastify's own failures, mapped by their stable codes to catalogue errors. */
const fastifyCodes: Record<string, PlinthError['code']> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_VALIDATION: 'validation_failed',
  FST_ERR_BAD_URL: 'validation_failed',
  FST_ERR_MAX_PARAM_LENGTH: 'uri_too_long',
  // @fastify/static refuses paths it cannot check on disk (a 10,000-character name): nothing is there.
  FST_STATIC_FORBIDDEN_PATH: 'route_not_found',
};

/** Any other client error Fastify raises keeps its status class rather than becoming a logged 500. */
function byStatus(status: number): PlinthError['code'] | null {
  if (status === 404) return 'route_not_found';
  if (status === 405) return 'method_not_allowed';
  if (status === 413) return 'body_too_large';
  if (status === 415) return 'unsupported_media_type';
  return status >= 400 && status < 500 ? 'validation_failed' : null;
}

/** Every error leaves as a catalogue error; anything unexpected is logged (without request secrets) and shown as `internal`. */
export function toPlinthError(error: unknown, log: FastifyRequest['log']): PlinthError {
  if (error instanceof PlinthError) return error;
  if (error instanceof ZodError) {
    const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    return new PlinthError('validation_failed', issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '), { issues });
  }
  const code = (error as FastifyError | undefined)?.code;
  if (code && fastifyCodes[code]) return new PlinthError(fastifyCodes[code]);
  const byStatusCode = byStatus((error as FastifyError | undefined)?.statusCode ?? 500);
  if (byStatusCode) return new PlinthError(byStatusCode);
  log.error({ err: error }, 'unexpected error');
  return new PlinthError('internal');
}

/** Sends any failure as a catalogue error; also Fastify's `frameworkErrors` (the router refusing a malformed or over-long URL). */
export function sendPlinthError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const plinthError = toPlinthError(error, request.log);
  return reply.status(plinthError.status).send(plinthError.toBody());
}

export function installErrorHandling(app: FastifyInstance): void {
  // An empty JSON body (e.g. POST .../restore with no payload) is allowed; broken JSON is a catalogue error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    if (jsonNestingExceeds(body as string)) return done(new PlinthError('json_too_deep'), undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new PlinthError('invalid_json'), undefined);
    }
  });
  app.setErrorHandler(sendPlinthError);
}
