import type { Database } from '../../engines/types.ts';
import type { AuditSink } from './audit.ts';
import type { PasswordPolicy } from './password-policy.ts';
import type { RateLimiter, RateLimitOptions } from './rate-limit.ts';
import type { TokenSigner } from './tokens.ts';
import type { User } from './users.ts';

export interface AuthServiceOptions {
  db: Database;
  /** HS256 secret shared with whatever verifies these tokens (the REST gateway for a project). */
  jwtSecret: string;
  /** `iss` claim of issued tokens, e.g. `http://localhost:8000/auth/v1`. */
  issuer: string;
  /** Sign-ups are confirmed at once and get a session (there is no mailer yet). */
  autoconfirm: boolean;
  jwtExpirySeconds?: number;
  /** Password-grant and MFA-verify attempts per IP and account. */
  rateLimit?: Partial<RateLimitOptions>;
  /** A rotated refresh token may be presented again within this many seconds (GoTrue's default: 10). */
  refreshTokenReuseIntervalSeconds?: number;
  disableSignup?: boolean;
  /** Issuer shown by authenticator apps; defaults to the host of `issuer`. */
  totpIssuer?: string;
  /** Applied on sign-up, password change and admin create/update; GoTrue's default (6 characters) when absent. */
  passwordPolicy?: PasswordPolicy;
}

export interface AuthConfig {
  issuer: string;
  autoconfirm: boolean;
  jwtExpirySeconds: number;
  refreshTokenReuseIntervalSeconds: number;
  disableSignup: boolean;
  totpIssuer: string;
  passwordPolicy: PasswordPolicy;
}

/** What every part of the domain shares; built once per service. */
export interface AuthContext {
  db: Database;
  signer: TokenSigner;
  limiter: RateLimiter;
  config: AuthConfig;
  /** Told of every audit event (a project's auth_logs); the platform's own auth has none. */
  audit?: AuditSink;
}

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
}
