import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { PlinthError } from '@plinth/errors';
import { DatabaseError } from '../../../engines/database-error.ts';

const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = Date.parse('2024-01-01T00:00:00Z');

/** The API version the client asked for, when it is one we answer in (2024-01-01 and later). */
export function requestedApiVersion(request: FastifyRequest): string | null {
  const value = request.headers[API_VERSION_HEADER];
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(time) || time < API_VERSION_2024 ? null : value;
}

/** Errors raised by Fastify itself (body parsing, limits) mapped to catalogue codes by their code, and read-only mode's refusal. */
function fromFastify(error: FastifyError): PlinthError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new PlinthError('unsupported_media_type');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new PlinthError('body_too_large');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new PlinthError('validation_failed', 'Could not parse request body as JSON.');
    default:
      // The project's database in read-only mode (control/read-only-mode.ts) refused a write: a sign-up, a session.
      if (error instanceof DatabaseError && error.code === '25006') return new PlinthError('project_read_only');
      if (error instanceof SyntaxError) return new PlinthError('validation_failed', 'Could not parse request body as JSON.');
      return error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
        ? new PlinthError('validation_failed', error.message)
        : new PlinthError('internal');
  }
}

/**
 * GoTrue's error shapes. auth-js reads `code` as the error code only when the response carries an
 * API version header >= 2024-01-01; otherwise it reads `error_code`, and the message from `msg`.
 */
export function sendAuthError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const plinthError = error instanceof PlinthError ? error : fromFastify(error as FastifyError);
  if (plinthError.code === 'internal') request.log.error({ err: error }, 'auth request failed');
  const extra =
    plinthError.code === 'weak_password' ? { weak_password: plinthError.details ?? { reasons: ['length'] } } : {};
  const version = requestedApiVersion(request);
  reply.code(plinthError.status);
  if (version) {
    reply.header('X-Supabase-Api-Version', version);
    return reply.send({ code: plinthError.code, message: plinthError.message, ...extra });
  }
  return reply.send({ code: plinthError.status, error_code: plinthError.code, msg: plinthError.message, ...extra });
}
