/**
 * /p/:ref/auth/v1: the same GoTrue-compatible routes as the platform's own /auth/v1, over the
 * project's database and JWT secret (the auth schema exists in every project database).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { createAuthService, type AuthService, type PasswordPolicy } from '../../../data-plane/auth/index.ts';
import { projectDirectoryFor } from '../../../data-plane/gateway/index.ts';
import type { Database } from '../../../engines/types.ts';
import { authRoutes } from '../auth/index.ts';

export async function projectAuthRoutes(app: FastifyInstance, ctx: ControlContext): Promise<void> {
  const directory = projectDirectoryFor(ctx);
  // Per project, rebuilt when its database (pause/restore), secret (rotation) or password policy
  // changes: a service holds rate-limit state, so it is kept rather than made per request.
  const services = new Map<string, { db: Database; secret: string; policy: PasswordPolicy; service: AuthService }>();
  const samePolicy = (a: PasswordPolicy, b: PasswordPolicy) => a.minLength === b.minLength && a.requiredCharacters === b.requiredCharacters;
  const resolve = async (request: FastifyRequest): Promise<AuthService> => {
    const { ref } = request.params as { ref: string };
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
  await app.register(authRoutes, { resolve });
}
