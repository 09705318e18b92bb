import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PlinthError } from '@plinth/errors';
import { ZodError } from 'zod';

/** Fastify's own failures, mapped by their stable codes to catalogue errors. */
const fastifyCodes: Record<string, PlinthError['code']> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_VALIDATION: 'validation_failed',
};

/** Every error leaves as a catalogue error; anything unexpected is logged (without request secrets) and shown as `internal`. */
export function toPlinthError(error: unknown, log: FastifyRequest['log']): PlinthError {
  if (error instanceof PlinthError) return error;
  if (error instanceof ZodError) {
    const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    return new PlinthError('validation_failed', issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '), { issues });
  }
  const code = (error as FastifyError | undefined)?.code;
  if (code && fastifyCodes[code]) return new PlinthError(fastifyCodes[code]);
  if ((error as FastifyError | undefined)?.statusCode === 413) return new PlinthError('body_too_large');
  log.error({ err: error }, 'unexpected error');
  return new PlinthError('internal');
}

export function installErrorHandling(app: FastifyInstance): void {
  // An empty JSON body (e.g. POST .../restore with no payload) is allowed; broken JSON is a catalogue error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new PlinthError('invalid_json'), undefined);
    }
  });
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const plinthError = toPlinthError(error, request.log);
    return reply.status(plinthError.status).send(plinthError.toBody());
  });
}
