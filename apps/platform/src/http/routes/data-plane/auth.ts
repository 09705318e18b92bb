/**
 * /p/:ref/auth/v1: the same GoTrue-compatible routes as the platform's own /auth/v1, over the
 * project's database and JWT secret (the auth schema exists in every project database). Each
 * request that reaches the project's service leaves auth_logs entries: its audit events (the
 * service is bound to the request with withAudit) or the error it failed with. The platform's own
 * /auth/v1 is not a project and writes none.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PlinthError } from '@plinth/errors';
import type { ControlContext } from '../../../control/context.ts';
import type { AuditEvent, AuthService } from '../../../data-plane/auth/index.ts';
import { projectAuthFor } from '../../../data-plane/auth/project-auth.ts';
import { writeAuthLogs } from '../../../data-plane/logs/index.ts';
import { authRoutes } from '../auth/index.ts';

interface AuditedRequest {
  ref: string;
  service: AuthService;
  events: AuditEvent[];
  error: { code: string; message: string } | null;
}

/** A catalogue error as it is; anything else by its Fastify code only, as its text may hold request data. */
function describeError(error: unknown): { code: string; message: string } {
  if (error instanceof PlinthError) return { code: error.code, message: error.message };
  const code = (error as { code?: unknown } | null)?.code;
  return { code: typeof code === 'string' ? code : 'internal', message: 'The request failed.' };
}

export async function projectAuthRoutes(app: FastifyInstance, ctx: ControlContext): Promise<void> {
  const audited = new WeakMap<FastifyRequest, AuditedRequest>();
  const resolve = async (request: FastifyRequest): Promise<AuthService> => {
    const existing = audited.get(request);
    if (existing) return existing.service;
    const { ref } = request.params as { ref: string };
    const events: AuditEvent[] = [];
    const service = (await projectAuthFor(ctx, ref)).withAudit((event) => events.push(event));
    audited.set(request, { ref, service, events, error: null });
    return service;
  };
  // Runs before the auth routes' error handler answers: the catalogue error, for the failure entry.
  app.addHook('onError', (request, _reply, error, done) => {
    const entry = audited.get(request);
    if (entry) entry.error = describeError(error);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const entry = audited.get(request);
    if (!entry) return done(); // never reached a project (unknown, paused): the edge log has it
    const queryAt = request.url.indexOf('?');
    const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    writeAuthLogs(ctx.logs, {
      projectRef: entry.ref,
      method: request.method,
      path: path.slice(path.indexOf('/auth/v1') + '/auth/v1'.length) || '/',
      status: reply.statusCode,
      remoteAddress: request.ip,
      durationMs: reply.elapsedTime,
      events: entry.events,
      error: reply.statusCode >= 400 ? entry.error : null,
    });
    done();
  });
  await app.register(authRoutes, { resolve });
}
