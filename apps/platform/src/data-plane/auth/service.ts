import { signInWithPassword, signUp, updateOwnUser } from './accounts.ts';
import { adminCreateUser, adminDeleteUser, adminGetUser, adminListUsers, adminUpdateUser, assertServiceRole, type AdminUserAttributes } from './admin.ts';
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

/**
 * One GoTrue-compatible auth service over one database: the platform's own (dashboard users) or a
 * project's. Knows nothing of HTTP; every failure is a PlinthError with a catalogue code.
 */
export function createAuthService(options: AuthServiceOptions) {
  const ctx: AuthContext = {
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
  };

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

    signUp: (input: { email: string; password: string; data?: Record<string, unknown> }, meta: RequestMeta = {}) => signUp(ctx, input, meta),
    signInWithPassword: (input: { email: string; password: string }, meta: RequestMeta = {}): Promise<Session> => signInWithPassword(ctx, input, meta),
    refreshSession: (refreshToken: string): Promise<Session> => refreshSession(ctx, refreshToken),
    /** Signature, expiry, and that the session is still live (throws invalid_jwt / session_not_found). */
    verifyAccessToken: (token: string): Promise<AccessTokenClaims> => verifyAccessToken(ctx, token),
    logout: (claims: AccessTokenClaims, scope: LogoutScope = 'global') => logout(ctx, claims, scope),

    userById: (id: string): Promise<User | null> => findUser(ctx.db, id),
    /** The user of a verified access token (throws user_not_found if deleted since). */
    currentUser: (claims: AccessTokenClaims): Promise<User> => getUser(ctx.db, claims.sub),
    updateUser: (claims: AccessTokenClaims, changes: { email?: string; password?: string; data?: Record<string, unknown> }) =>
      updateOwnUser(ctx, claims, changes),
    hasVerifiedFactor: (userId: string): Promise<boolean> => hasVerifiedFactor(ctx.db, userId),

    enrollTotp: (claims: AccessTokenClaims, input: { friendlyName?: string; issuer?: string } = {}) => enrollTotp(ctx, claims, input),
    challengeFactor: (claims: AccessTokenClaims, factorId: string, meta: RequestMeta = {}) => challengeFactor(ctx, claims, factorId, meta),
    verifyFactor: (claims: AccessTokenClaims, factorId: string, input: { challengeId: string; code: string }, meta: RequestMeta = {}) =>
      verifyFactor(ctx, claims, factorId, input, meta),
    unenrollFactor: (claims: AccessTokenClaims, factorId: string) => unenrollFactor(ctx, claims, factorId),

    admin: {
      /** Throws invalid_jwt for a bad token, not_admin unless its role is service_role. */
      assertServiceRole: (token: string) => assertServiceRole(ctx, token),
      listUsers: (page: number, perPage: number) => adminListUsers(ctx, page, perPage),
      createUser: (attrs: AdminUserAttributes) => adminCreateUser(ctx, attrs),
      getUser: (id: string) => adminGetUser(ctx, id),
      updateUser: (id: string, attrs: AdminUserAttributes) => adminUpdateUser(ctx, id, attrs),
      deleteUser: (id: string) => adminDeleteUser(ctx, id),
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
