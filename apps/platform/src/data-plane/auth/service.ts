import { PlinthError } from '@plinth/errors';
import { signInWithPassword, signUp, updateOwnUser } from './accounts.ts';
import { deleteFactor, generateLink, listFactors, type GenerateLinkInput } from './admin-links.ts';
import { authConfigFrom } from './config.ts';
import { inviteUser, resend, sendReauthentication, sendRecovery, sendSignInLink, type FlowRequest } from './email-flows.ts';
import { unlinkIdentity } from './identities.ts';
import { authorizeUrl, completeOAuth, signInWithIdToken, type AuthorizeInput, type IdTokenInput, type OAuthCallbackResult } from './oauth.ts';
import { exchangeAuthCode } from './pkce.ts';
import { redirectTarget } from './redirects.ts';
import { completeSso, serviceProviderMetadata, startSso, type StartSsoInput } from './saml.ts';
import { createSsoProvider, deleteSsoProvider, getSsoProvider, listSsoProviders, updateSsoProvider, type SsoProviderInput } from './sso-providers.ts';
import { verifyToken, type VerifyInput } from './verify.ts';
import { adminCreateUser, adminDeleteUser, adminGetUser, adminListUsers, adminUpdateUser, assertServiceRole, type AdminUserAttributes } from './admin.ts';
import { actorOf, audit, SERVICE_ROLE_ACTOR, type AuditSink } from './audit.ts';
import type { AuthContext, AuthServiceOptions, RequestMeta, Session } from './context.ts';
import { challengeFactor, enrollTotp, unenrollFactor, verifyFactor } from './mfa.ts';
import { createRateLimiter, DEFAULT_RATE_LIMIT } from './rate-limit.ts';
import { logout, refreshSession, verifyAccessToken, type LogoutScope } from './sessions.ts';
import { createTokenSigner, type AccessTokenClaims } from './tokens.ts';
import { findUser, getUser, hasVerifiedFactor, type User, type UserSearch } from './users.ts';

/** GET /settings, in GoTrue's shape: what this auth service has enabled. */
export interface AuthSettings {
  external: Record<string, boolean>;
  disable_signup: boolean;
  mailer_autoconfirm: boolean;
  phone_autoconfirm: boolean;
  sms_provider: string;
  saml_enabled: boolean;
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
    signer: createTokenSigner(options.jwtSecret, options.signingKeys),
    limiter: createRateLimiter({ ...DEFAULT_RATE_LIMIT, ...options.rateLimit }, options.rateLimitStore),
    hourly: createRateLimiter({ maxAttempts: 0, windowSeconds: 3600 }, options.rateLimitStore),
    config: authConfigFrom(options),
    outbox: options.outbox ?? null,
    admitSignIn: options.admitSignIn,
    beforePasswordSignIn: options.beforePasswordSignIn,
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
        external: {
          email: ctx.config.isEmailEnabled,
          phone: false,
          anonymous_users: ctx.config.isAnonymousEnabled,
          saml: ctx.config.isSamlEnabled,
          ...ctx.config.externalProviders,
        },
        disable_signup: ctx.config.disableSignup,
        mailer_autoconfirm: ctx.config.autoconfirm,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: ctx.config.isSamlEnabled,
      };
    },
    /** The requested redirect when the allow-list has it, else the site URL. */
    redirectTarget: (requested: string | null | undefined) => redirectTarget(ctx.config, requested),
    /** The public keys access tokens are signed with (none while the project signs with its HS256 secret). */
    jwks: () => ctx.signer.jwks(),

    signUp: (input: { email?: string; password?: string; data?: Record<string, unknown> } & FlowRequest, meta: RequestMeta = {}) =>
      audited(signUp(ctx, input, meta), ({ user, session }) =>
        audit(ctx, session || user.is_anonymous ? 'user_signedup' : 'user_confirmation_requested', actorOf(user), { provider: user.is_anonymous ? 'anonymous' : 'email' })),
    signInWithPassword: (input: { email: string; password: string }, meta: RequestMeta = {}): Promise<Session> =>
      audited(signInWithPassword(ctx, input, meta), ({ user }) => audit(ctx, 'login', actorOf(user), EMAIL)),
    refreshSession: async (refreshToken: string, meta: RequestMeta = {}): Promise<Session> => {
      await ctx.hourly.hit(`refresh:${meta.ip ?? ''}`, ctx.config.rateLimits.tokenRefresh);
      return audited(refreshSession(ctx, refreshToken), ({ user }) => audit(ctx, 'token_refreshed', actorOf(user)));
    },
    exchangeCode: (input: { authCode: string; codeVerifier: string }, meta: RequestMeta = {}): Promise<Session> =>
      audited(exchangeAuthCode(ctx, input, meta), ({ user }) => audit(ctx, 'login', actorOf(user), { provider: 'pkce' })),
    sendSignInLink: (input: Parameters<typeof sendSignInLink>[1], meta: RequestMeta = {}) =>
      audited(sendSignInLink(ctx, input, meta), () => audit(ctx, 'user_confirmation_requested', { id: '', username: input.email }, EMAIL)),
    sendRecovery: (input: { email: string } & FlowRequest, meta: RequestMeta = {}) =>
      audited(sendRecovery(ctx, input, meta), (user) => user && audit(ctx, 'user_recovery_requested', actorOf(user), EMAIL)),
    resend: (input: Parameters<typeof resend>[1], meta: RequestMeta = {}) => resend(ctx, input, meta),
    reauthenticate: (claims: AccessTokenClaims) =>
      audited(sendReauthentication(ctx, claims), () => audit(ctx, 'user_reauthenticate_requested', actorOf(claims))),
    verify: (input: VerifyInput, meta: RequestMeta = {}, isLink = false) =>
      audited(verifyToken(ctx, input, meta, isLink), (outcome) => {
        if (outcome.kind === 'session') audit(ctx, outcome.type === 'signup' || outcome.type === 'invite' ? 'user_signedup' : 'login', actorOf(outcome.session.user), EMAIL);
      }),
    /** Signature, expiry, and that the session is still live (throws invalid_jwt / session_not_found). */
    verifyAccessToken: (token: string): Promise<AccessTokenClaims> => verifyAccessToken(ctx, token),
    logout: (claims: AccessTokenClaims, scope: LogoutScope = 'global') =>
      audited(logout(ctx, claims, scope), () => audit(ctx, 'logout', actorOf(claims), { traits: { scope } })),

    userById: (id: string): Promise<User | null> => findUser(ctx.db, id),
    /** The user of a verified access token (throws user_not_found if deleted since). */
    currentUser: (claims: AccessTokenClaims): Promise<User> => getUser(ctx.db, claims.sub),
    updateUser: (claims: AccessTokenClaims, changes: { email?: string; password?: string; data?: Record<string, unknown>; nonce?: string } & FlowRequest) =>
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

    /** GET /authorize: where to send the browser to sign in with an external provider. */
    oauthAuthorizeUrl: (input: Omit<AuthorizeInput, 'linkTo'>) => authorizeUrl(ctx, input),
    /** GET /user/identities/authorize: the same, attaching the account to the signed-in user (manual linking). */
    linkIdentityUrl: (claims: AccessTokenClaims, input: Omit<AuthorizeInput, 'linkTo'>) => {
      if (!ctx.config.isManualLinkingEnabled) throw new PlinthError('manual_linking_disabled');
      return authorizeUrl(ctx, { ...input, linkTo: claims.sub });
    },
    oauthCallback: (params: URLSearchParams, meta: RequestMeta = {}): Promise<OAuthCallbackResult> =>
      audited(completeOAuth(ctx, params, meta), (result) => result.kind !== 'error' && auditExternalSignIn(ctx, result.provider, result.signedIn, result.kind === 'session' ? result.session.user : result.user)),
    signInWithIdToken: (input: IdTokenInput, meta: RequestMeta = {}) =>
      audited(signInWithIdToken(ctx, input, meta), ({ provider, signedIn, session }) => auditExternalSignIn(ctx, provider, signedIn, session.user)).then(({ session }) => session),
    unlinkIdentity: (claims: AccessTokenClaims, identityId: string) =>
      audited(unlinkIdentity(ctx, claims.sub, identityId), (provider) => audit(ctx, 'identity_unlinked', actorOf(claims), { provider, traits: { identity_id: identityId } })),

    /** POST /sso: the SAML identity provider's URL, carrying an AuthnRequest. */
    ssoUrl: (input: StartSsoInput) => startSso(ctx, input),
    /** GET /sso/saml/metadata: this project's service-provider metadata. */
    samlMetadata: () => serviceProviderMetadata(ctx),
    /** POST /sso/saml/acs: the IdP's signed Response. */
    samlResponse: (form: { SAMLResponse?: string; RelayState?: string }, meta: RequestMeta = {}) =>
      audited(completeSso(ctx, form, meta), (result) => result.kind !== 'error' && auditExternalSignIn(ctx, result.provider, result.signedIn, result.kind === 'session' ? result.session.user : result.user)),

    admin: {
      /** Throws invalid_jwt for a bad token, not_admin unless its role is service_role. */
      assertServiceRole: (token: string) => assertServiceRole(ctx, token),
      listUsers: (search: UserSearch) => adminListUsers(ctx, search),
      createUser: (attrs: AdminUserAttributes) =>
        audited(adminCreateUser(ctx, attrs), (user) => audit(ctx, 'user_signedup', SERVICE_ROLE_ACTOR, { provider: 'email', traits: targetOf(user) })),
      getUser: (id: string) => adminGetUser(ctx, id),
      updateUser: (id: string, attrs: AdminUserAttributes) =>
        audited(adminUpdateUser(ctx, id, attrs), (user) => audit(ctx, 'user_modified', SERVICE_ROLE_ACTOR, { traits: targetOf(user) })),
      deleteUser: (id: string) =>
        audited(adminDeleteUser(ctx, id), (user) => audit(ctx, 'user_deleted', SERVICE_ROLE_ACTOR, { traits: targetOf(user) })),
      invite: (input: { email: string; data?: Record<string, unknown>; redirectTo?: string | null }) =>
        audited(inviteUser(ctx, input), (user) => audit(ctx, 'user_invited', SERVICE_ROLE_ACTOR, { provider: 'email', traits: targetOf(user) })),
      generateLink: (input: GenerateLinkInput) => generateLink(ctx, input),
      listFactors: (userId: string) => listFactors(ctx, userId),
      listSsoProviders: (resourceId?: string) => listSsoProviders(ctx, resourceId),
      getSsoProvider: (id: string) => getSsoProvider(ctx, id),
      createSsoProvider: (input: SsoProviderInput) => createSsoProvider(ctx, input),
      updateSsoProvider: (id: string, input: SsoProviderInput) => updateSsoProvider(ctx, id, input),
      deleteSsoProvider: (id: string) => deleteSsoProvider(ctx, id),
      deleteFactor: (userId: string, factorId: string) =>
        audited(deleteFactor(ctx, userId, factorId), () => audit(ctx, 'factor_unenrolled', SERVICE_ROLE_ACTOR, { traits: { user_id: userId, factor_id: factorId } })),
    },
  };
}

/** An external sign-in, as GoTrue files it: a sign-up or a linked identity, then the login. */
function auditExternalSignIn(ctx: AuthContext, provider: string, signedIn: { isNewUser: boolean; isLinked: boolean }, user: { id: string; email: string }): void {
  if (signedIn.isNewUser) audit(ctx, 'user_signedup', actorOf(user), { provider });
  if (signedIn.isLinked) audit(ctx, 'identity_linked', actorOf(user), { provider });
  audit(ctx, 'login', actorOf(user), { provider });
}

/** The user an admin call acted on, as GoTrue names it in traits. */
function targetOf(user: User): Record<string, string> {
  return { user_id: user.id, user_email: user.email };
}
