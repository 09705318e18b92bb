import { signInWithPassword, signUp, updateOwnUser } from './accounts.ts';
import { adminCreateUser, adminDeleteUser, adminGetUser, adminListUsers, adminUpdateUser, assertServiceRole, type AdminUserAttributes } from './admin.ts';
import { actorOf, audit, SERVICE_ROLE_ACTOR, type AuditSink } from './audit.ts';
import type { AuthContext, AuthServiceOptions, RequestMeta, Session } from './context.ts';
import { challengeFactor, enrollTotp, unenrollFactor, verifyFactor } from './mfa.ts';
import { DEFAULT_PASSWORD_POLICY } from './password-policy.ts';
import { createRateLimiter, DEFAULT_RATE_LIMIT } from './rate-limit.ts';
import { logout, refreshSession, verifyAccessToken, type LogoutScope } from './sessions.ts';
import { createTokenSigner, type AccessTokenClaims } from './tokens.ts';
import { findUser, getUser, hasVerifiedFactor, type User } from './users.ts';

/** GET /settings, in GoTrue's shape: only email sign-in exists here. */
export interface AuthSettings {
  external: Record<string, boolean>;
  disable_signup: boolean;
  mailer_autoconfirm: boolean;
  phone_autoconfirm: boolean;
  sms_provider: string;
  saml_enabled: boolean;
}

function defaultTotpIssuer(issuer: string): string {
  try {
    return new URL(issuer).host || 'Plinth';
  } catch {
    return 'Plinth';
  }
}

/** A user-facing call that succeeded: audited, then its result passed on. */
async function audited<T>(run: Promise<T>, report: (result: T) => void): Promise<T> {
  const result = await run;
  report(result);
  return result;
}

const EMAIL = { provider: 'email' };

/**
 * One GoTrue-compatible auth service over one database: the platform's own (dashboard users) or a
 * project's. Knows nothing of HTTP; every failure is a PlinthError with a catalogue code.
 */
export function createAuthService(options: AuthServiceOptions): AuthService {
  return serviceOver({
    db: options.db,
    signer: createTokenSigner(options.jwtSecret),
    limiter: createRateLimiter({ ...DEFAULT_RATE_LIMIT, ...options.rateLimit }),
    config: {
      issuer: options.issuer,
      autoconfirm: options.autoconfirm,
      jwtExpirySeconds: options.jwtExpirySeconds ?? 3600,
      refreshTokenReuseIntervalSeconds: options.refreshTokenReuseIntervalSeconds ?? 10,
      disableSignup: options.disableSignup ?? false,
      totpIssuer: options.totpIssuer ?? defaultTotpIssuer(options.issuer),
      passwordPolicy: options.passwordPolicy ?? DEFAULT_PASSWORD_POLICY,
    },
  });
}

type AuthOperations = ReturnType<typeof operations>;

export interface AuthService extends AuthOperations {
  /**
   * The same service (same database, keys and rate limits), reporting the audit events of the calls
   * made through it to `sink`: a project's auth routes bind one per request, so each event lands in
   * auth_logs with the request it came from.
   */
  withAudit(sink: AuditSink): AuthService;
}

function serviceOver(ctx: AuthContext): AuthService {
  return { ...operations(ctx), withAudit: (sink) => serviceOver({ ...ctx, audit: sink }) };
}

function operations(ctx: AuthContext) {
  return {
    settings(): AuthSettings {
      return {
        external: { email: true, phone: false, anonymous_users: false },
        disable_signup: ctx.config.disableSignup,
        mailer_autoconfirm: ctx.config.autoconfirm,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      };
    },

    signUp: (input: { email: string; password: string; data?: Record<string, unknown> }, meta: RequestMeta = {}) =>
      audited(signUp(ctx, input, meta), ({ user }) => audit(ctx, 'user_signedup', actorOf(user), EMAIL)),
    signInWithPassword: (input: { email: string; password: string }, meta: RequestMeta = {}): Promise<Session> =>
      audited(signInWithPassword(ctx, input, meta), ({ user }) => audit(ctx, 'login', actorOf(user), EMAIL)),
    refreshSession: (refreshToken: string): Promise<Session> =>
      audited(refreshSession(ctx, refreshToken), ({ user }) => audit(ctx, 'token_refreshed', actorOf(user))),
    /** Signature, expiry, and that the session is still live (throws invalid_jwt / session_not_found). */
    verifyAccessToken: (token: string): Promise<AccessTokenClaims> => verifyAccessToken(ctx, token),
    logout: (claims: AccessTokenClaims, scope: LogoutScope = 'global') =>
      audited(logout(ctx, claims, scope), () => audit(ctx, 'logout', actorOf(claims), { traits: { scope } })),

    userById: (id: string): Promise<User | null> => findUser(ctx.db, id),
    /** The user of a verified access token (throws user_not_found if deleted since). */
    currentUser: (claims: AccessTokenClaims): Promise<User> => getUser(ctx.db, claims.sub),
    updateUser: (claims: AccessTokenClaims, changes: { email?: string; password?: string; data?: Record<string, unknown> }) =>
      audited(updateOwnUser(ctx, claims, changes), (user) =>
        audit(ctx, changes.password === undefined ? 'user_modified' : 'user_updated_password', actorOf(user))),
    hasVerifiedFactor: (userId: string): Promise<boolean> => hasVerifiedFactor(ctx.db, userId),

    enrollTotp: (claims: AccessTokenClaims, input: { friendlyName?: string; issuer?: string } = {}) =>
      audited(enrollTotp(ctx, claims, input), (factor) => audit(ctx, 'factor_in_progress', actorOf(claims), { traits: { factor_id: factor.id } })),
    challengeFactor: (claims: AccessTokenClaims, factorId: string, meta: RequestMeta = {}) =>
      audited(challengeFactor(ctx, claims, factorId, meta), () => audit(ctx, 'challenge_created', actorOf(claims), { traits: { factor_id: factorId } })),
    verifyFactor: (claims: AccessTokenClaims, factorId: string, input: { challengeId: string; code: string }, meta: RequestMeta = {}) =>
      audited(verifyFactor(ctx, claims, factorId, input, meta), () => audit(ctx, 'verification_attempted', actorOf(claims), { traits: { factor_id: factorId } })),
    unenrollFactor: (claims: AccessTokenClaims, factorId: string) =>
      audited(unenrollFactor(ctx, claims, factorId), () => audit(ctx, 'factor_unenrolled', actorOf(claims), { traits: { factor_id: factorId } })),

    admin: {
      /** Throws invalid_jwt for a bad token, not_admin unless its role is service_role. */
      assertServiceRole: (token: string) => assertServiceRole(ctx, token),
      listUsers: (page: number, perPage: number) => adminListUsers(ctx, page, perPage),
      createUser: (attrs: AdminUserAttributes) =>
        audited(adminCreateUser(ctx, attrs), (user) => audit(ctx, 'user_signedup', SERVICE_ROLE_ACTOR, { provider: 'email', traits: targetOf(user) })),
      getUser: (id: string) => adminGetUser(ctx, id),
      updateUser: (id: string, attrs: AdminUserAttributes) =>
        audited(adminUpdateUser(ctx, id, attrs), (user) => audit(ctx, 'user_modified', SERVICE_ROLE_ACTOR, { traits: targetOf(user) })),
      deleteUser: (id: string) =>
        audited(adminDeleteUser(ctx, id), (user) => audit(ctx, 'user_deleted', SERVICE_ROLE_ACTOR, { traits: targetOf(user) })),
    },
  };
}

/** The user an admin call acted on, as GoTrue names it in traits. */
function targetOf(user: User): Record<string, string> {
  return { user_id: user.id, user_email: user.email };
}
