import type { AuthConfigSettings, MailTemplate } from '@plinth/api-contract';
import type { Database, Queryable } from '../../engines/types.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { AuditSink } from './audit.ts';
import type { OAuthProviderConfig } from './oauth-providers.ts';
import type { PasswordPolicy } from './password-policy.ts';
import type { RateLimiter, RateLimitOptions, RateLimitStore } from './rate-limit.ts';
import type { ProjectSigningKeys, TokenSigner } from './tokens.ts';
import type { User } from './users.ts';

export interface AuthServiceOptions {
  db: Database;
  /** HS256 secret shared with whatever verifies these tokens (the REST gateway for a project). */
  jwtSecret: string;
  /** A project's asymmetric signing keys; absent: tokens are signed with jwtSecret (HS256). */
  signingKeys?: ProjectSigningKeys;
  /** `iss` claim of issued tokens, e.g. `http://localhost:8000/auth/v1`. */
  issuer: string;
  /** Sign-ups are confirmed at once and get a session (there is no mailer yet). */
  autoconfirm: boolean;
  jwtExpirySeconds?: number;
  /** Password-grant and MFA-verify attempts per IP and account. */
  rateLimit?: Partial<RateLimitOptions>;
  /** Where every rate limit counts (the platform database, shared by all nodes); without one, in memory. */
  rateLimitStore?: RateLimitStore;
  /** A rotated refresh token may be presented again within this many seconds (GoTrue's default: 10). */
  refreshTokenReuseIntervalSeconds?: number;
  disableSignup?: boolean;
  /** Issuer shown by authenticator apps; defaults to the host of `issuer`. */
  totpIssuer?: string;
  /** Applied on sign-up, password change and admin create/update; GoTrue's default (6 characters) when absent. */
  passwordPolicy?: PasswordPolicy;
  /**
   * A project's whole configuration (Management API names): email flows, redirects, anonymous
   * sign-ins, sessions, hooks. It overrides the single options above. The platform's own auth has none.
   */
  settings?: AuthConfigSettings;
  /** Where emails go (SMTP or the mail catcher); without one, flows that send mail are unavailable. */
  outbox?: Outbox;
  /**
   * Asked before a first-factor sign-in counts the user as active this month (`userId` null: a user
   * being created); throws to refuse it. A project's is its organisation's spend cap on monthly active users.
   */
  admitSignIn?: SignInGate;
  /** External providers' client secrets, decrypted, by provider name (`google`, `keycloak`...). */
  providerSecrets?: Record<string, string>;
  /**
   * Asked after a right password, before the session: throws to refuse password sign-in (the
   * platform's auth: organisations that require SSO, control/dashboard-sso). Projects have none.
   */
  beforePasswordSignIn?: (user: { id: string; email: string }) => Promise<void>;
}

/** A mail template as the project configured it. */
export interface MailTemplateConfig {
  subject: string;
  content: string;
}

export interface AuthConfig {
  issuer: string;
  autoconfirm: boolean;
  jwtExpirySeconds: number;
  refreshTokenReuseIntervalSeconds: number;
  disableSignup: boolean;
  totpIssuer: string;
  passwordPolicy: PasswordPolicy;
  /** The auth API's own URL (links in emails point at its /verify). */
  authUrl: string;
  siteUrl: string;
  /** Redirect targets besides the site URL's origin: URLs with * and ** wildcards. */
  redirectAllowList: string[];
  isEmailEnabled: boolean;
  isAnonymousEnabled: boolean;
  isSecureEmailChange: boolean;
  /** A password change needs the nonce from /reauthenticate. */
  isReauthenticationRequired: boolean;
  otpExpirySeconds: number;
  otpLength: number;
  /** Seconds before another email of the same kind may go to the same user. */
  emailFrequencySeconds: number;
  isRefreshTokenRotation: boolean;
  isSingleSessionPerUser: boolean;
  /** 0: unlimited. */
  sessionTimeboxSeconds: number;
  sessionInactivitySeconds: number;
  /** Requests per hour and IP. */
  rateLimits: { otp: number; verify: number; tokenRefresh: number; anonymous: number };
  templates: Record<MailTemplate, MailTemplateConfig>;
  /** Postgres functions called as hooks, as `"schema"."function"`; null: off. */
  hooks: { customAccessToken: string | null; beforeUserCreated: string | null };
  isSamlEnabled: boolean;
  isManualLinkingEnabled: boolean;
  /** Enabled external providers by name. */
  externalProviders: Record<string, boolean>;
  /** Each external provider's client id, secret and URL, by name. */
  oauthProviders: Record<string, OAuthProviderConfig>;
}

/** What every part of the domain shares; built once per service. */
export interface AuthContext {
  db: Database;
  signer: TokenSigner;
  limiter: RateLimiter;
  /** Hourly budgets per IP (OTP requests, verifications, refreshes, anonymous sign-ins): the limit is passed per hit. */
  hourly: RateLimiter;
  config: AuthConfig;
  /** Told of every audit event (a project's auth_logs); the platform's own auth has none. */
  audit?: AuditSink;
  outbox: Outbox | null;
  admitSignIn?: SignInGate;
  beforePasswordSignIn?: AuthServiceOptions['beforePasswordSignIn'];
}

export type SignInGate = (q: Queryable, userId: string | null) => Promise<void>;

/** Where a request came from: used for rate limits and recorded on sessions. */
export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

export interface Session {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: User;
  /** An external provider's tokens, when the session came from one (OAuth, including a PKCE exchange). */
  provider_token?: string;
  provider_refresh_token?: string;
}
