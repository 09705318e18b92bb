/**
 * Each project's auth service, over its database, keys and auth configuration: one per project and
 * platform context, rebuilt when any of those change (pause/restore, rotation, a settings change).
 * Its rate limits are counted in the platform database (every node shares them, and a rebuilt service
 * keeps them); the service is kept rather than made per request for its prepared keys and outbox.
 * The data plane's /auth/v1 and the studio's user management use the same one.
 */
import type { ControlContext } from '../../control/context.ts';
import { spendCapFor } from '../../control/metering/spend-cap.ts';
import { projectDirectoryFor, type ProjectHandle } from '../gateway/index.ts';
import { createOutbox, smtpOf } from '../mail/outbox.ts';
import { ensureAuthSchema } from './schema.ts';
import { providerSecretsOf } from './oauth-providers.ts';
import { createAuthService, type AuthService } from './service.ts';

type Cached = { handle: ProjectHandle; key: string; service: AuthService };
const servicesByContext = new WeakMap<ControlContext, Map<string, Cached>>();

export async function projectAuthFor(ctx: ControlContext, ref: string): Promise<AuthService> {
  let services = servicesByContext.get(ctx);
  if (!services) servicesByContext.set(ctx, (services = new Map()));
  const project = await projectDirectoryFor(ctx).resolve(ref);
  const cached = services.get(ref);
  if (cached?.handle === project) return cached.service;
  const key = JSON.stringify([project.auth, project.jwtSecret]);
  if (cached && cached.key === key && cached.handle.db === project.db && cached.handle.signingKeys === project.signingKeys) {
    cached.handle = project;
    return cached.service;
  }
  await ensureAuthSchema(project.db);
  const service = createAuthService({
    db: project.db,
    jwtSecret: project.jwtSecret,
    signingKeys: project.signingKeys,
    issuer: `${ctx.config.publicUrl}/p/${ref}/auth/v1`,
    autoconfirm: true,
    rateLimitStore: { db: ctx.db, scope: ref },
    settings: project.auth.settings,
    providerSecrets: providerSecretsOf(project.auth.secrets),
    outbox: createOutbox({ db: ctx.db, projectRef: ref, smtp: smtpOf(project.auth), perHour: project.auth.settings.rate_limit_email_sent }),
    // The organisation's spend cap on monthly active users (control/metering/spend-cap.ts).
    admitSignIn: (q, userId) => spendCapFor(ctx).admitSignIn(ref, q, userId),
  });
  services.set(ref, { handle: project, key, service });
  return service;
}
