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
import { createAuthService, type AuditEvent, type AuthService, type PasswordPolicy } from '../../../data-plane/auth/index.ts';
import { projectDirectoryFor } from '../../../data-plane/gateway/index.ts';
import { writeAuthLogs } from '../../../data-plane/logs/index.ts';
import type { Database } from '../../../engines/types.ts';
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
  const directory = projectDirectoryFor(ctx);
  const audited = new WeakMap<FastifyRequest, AuditedRequest>();
  // Per project, rebuilt when its database (pause/restore), secret (rotation) or password policy
  // changes: a service holds rate-limit state, so it is kept rather than made per request.
  const services = new Map<string, { db: Database; secret: string; policy: PasswordPolicy; service: AuthService }>();
  const samePolicy = (a: PasswordPolicy, b: PasswordPolicy) => a.minLength === b.minLength && a.requiredCharacters === b.requiredCharacters;
  const serviceFor = async (ref: string): Promise<AuthService> => {
    const project = await directory.resolve(ref);
    const cached = services.get(ref);
    if (cached && cached.db === project.db && cached.secret === project.jwtSecret && samePolicy(cached.policy, project.passwordPolicy)) {
      return cached.service;
    }
    const service = createAuthService({
      db: project.db,
      jwtSecret: project.jwtSecret,
      issuer: `${ctx.config.publicUrl}/p/${ref}/auth/v1`,
      autoconfirm: true,
      passwordPolicy: project.passwordPolicy,
    });
    services.set(ref, { db: project.db, secret: project.jwtSecret, policy: project.passwordPolicy, service });
    return service;
  };
  const resolve = async (request: FastifyRequest): Promise<AuthService> => {
    const existing = audited.get(request);
    if (existing) return existing.service;
    const { ref } = request.params as { ref: string };
    const events: AuditEvent[] = [];
    const service = (await serviceFor(ref)).withAudit((event) => events.push(event));
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
