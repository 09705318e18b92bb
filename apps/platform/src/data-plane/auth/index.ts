/** The GoTrue-compatible auth domain: used for platform sign-in and for each project's /auth/v1. */
export { createAuthService, type AuthService, type AuthSettings } from './service.ts';
export { AUDIT_LOG_TYPES, type AuditAction, type AuditActor, type AuditEvent, type AuditSink } from './audit.ts';
export type { AuthServiceOptions, RequestMeta, Session } from './context.ts';
export type { AdminUserAttributes } from './admin.ts';
export type { EnrolledFactor } from './mfa.ts';
export type { LogoutScope } from './sessions.ts';
export type { AccessTokenClaims, Aal, AmrEntry } from './tokens.ts';
export type { Factor, Identity, User } from './users.ts';
export { applyAuthSchema, authSchemaPath, authSchemaSql, ensureAuthSchema } from './schema.ts';
export { hashPassword, verifyPassword } from './password.ts';
export {
  DEFAULT_PASSWORD_POLICY, PLATFORM_PASSWORD_POLICY, REQUIRED_CHARACTER_CHOICES, assertPasswordMeetsPolicy, type PasswordPolicy,
} from './password-policy.ts';
export { totpCode, matchTotp, hotp, base32Decode, base32Encode } from './totp.ts';
export { qrSvg } from './qr.ts';
export { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rate-limit.ts';
export type { FlowRequest } from './email-flows.ts';
export { codeChallengeOf } from './pkce.ts';
export { LINK_TYPES, type LinkType } from './admin-links.ts';
export type { UserSearch } from './users.ts';
