import { MAIL_TEMPLATES, type AuthConfigSettings, type MailTemplate } from '@plinth/api-contract';
import type { AuthConfig, AuthServiceOptions, MailTemplateConfig } from './context.ts';
import { oauthProvidersOf } from './oauth-providers.ts';
import { DEFAULT_PASSWORD_POLICY } from './password-policy.ts';

function defaultTotpIssuer(issuer: string): string {
  try {
    return new URL(issuer).host || 'Plinth';
  } catch {
    return 'Plinth';
  }
}

/** `pg-functions://postgres/{schema}/{function}` -> `"schema"."function"`, quoted once here. */
export function hookFunction(enabled: boolean, uri: string): string | null {
  const match = /^pg-functions:\/\/postgres\/([^/]+)\/([^/]+)$/.exec(uri);
  if (!enabled || !match) return null;
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  return `${quote(match[1])}.${quote(match[2])}`;
}

const PROVIDERS = ['google', 'github', 'gitlab', 'azure', 'keycloak', 'oidc'] as const;

function fromSettings(s: AuthConfigSettings): Partial<AuthConfig> {
  const templates = Object.fromEntries(
    MAIL_TEMPLATES.map((name) => [name, { subject: s[`mailer_subjects_${name}`], content: s[`mailer_templates_${name}_content`] }]),
  ) as Record<MailTemplate, MailTemplateConfig>;
  return {
    autoconfirm: s.mailer_autoconfirm,
    jwtExpirySeconds: s.jwt_exp,
    refreshTokenReuseIntervalSeconds: s.security_refresh_token_reuse_interval,
    disableSignup: s.disable_signup,
    passwordPolicy: { minLength: s.password_min_length, requiredCharacters: s.password_required_characters },
    siteUrl: s.site_url,
    redirectAllowList: s.uri_allow_list.split(',').map((entry) => entry.trim()).filter(Boolean),
    isEmailEnabled: s.external_email_enabled,
    isAnonymousEnabled: s.external_anonymous_users_enabled,
    isSecureEmailChange: s.mailer_secure_email_change_enabled,
    isReauthenticationRequired: s.security_update_password_require_reauthentication,
    otpExpirySeconds: s.mailer_otp_exp,
    otpLength: s.mailer_otp_length,
    emailFrequencySeconds: s.smtp_max_frequency,
    isRefreshTokenRotation: s.refresh_token_rotation_enabled,
    isSingleSessionPerUser: s.sessions_single_per_user,
    sessionTimeboxSeconds: s.sessions_timebox,
    sessionInactivitySeconds: s.sessions_inactivity_timeout,
    rateLimits: { otp: s.rate_limit_otp, verify: s.rate_limit_verify, tokenRefresh: s.rate_limit_token_refresh, anonymous: s.rate_limit_anonymous_users },
    templates,
    hooks: {
      customAccessToken: hookFunction(s.hook_custom_access_token_enabled, s.hook_custom_access_token_uri),
      beforeUserCreated: hookFunction(s.hook_before_user_created_enabled, s.hook_before_user_created_uri),
    },
    isSamlEnabled: s.saml_enabled,
    isManualLinkingEnabled: s.security_manual_linking_enabled,
    externalProviders: Object.fromEntries(PROVIDERS.map((p) => [p, s[`external_${p}_enabled`]])),
  };
}

const PLATFORM_TEMPLATE = (text: string) => ({ subject: text, content: `<p>${text}: <a href="{{ .ConfirmationURL }}">{{ .ConfirmationURL }}</a></p><p>Code: {{ .Token }}</p>` });

/** The options of createAuthService resolved into one configuration; a project's settings win. */
export function authConfigFrom(options: AuthServiceOptions): AuthConfig {
  const base: AuthConfig = {
    issuer: options.issuer,
    authUrl: options.issuer,
    autoconfirm: options.autoconfirm,
    jwtExpirySeconds: options.jwtExpirySeconds ?? 3600,
    refreshTokenReuseIntervalSeconds: options.refreshTokenReuseIntervalSeconds ?? 10,
    disableSignup: options.disableSignup ?? false,
    totpIssuer: options.totpIssuer ?? defaultTotpIssuer(options.issuer),
    passwordPolicy: options.passwordPolicy ?? DEFAULT_PASSWORD_POLICY,
    siteUrl: new URL(options.issuer).origin,
    redirectAllowList: [],
    isEmailEnabled: true,
    isAnonymousEnabled: false,
    isSecureEmailChange: true,
    isReauthenticationRequired: false,
    otpExpirySeconds: 3600,
    otpLength: 6,
    emailFrequencySeconds: 60,
    isRefreshTokenRotation: true,
    isSingleSessionPerUser: false,
    sessionTimeboxSeconds: 0,
    sessionInactivitySeconds: 0,
    rateLimits: { otp: 30, verify: 360, tokenRefresh: 1800, anonymous: 30 },
    templates: {
      confirmation: PLATFORM_TEMPLATE('Confirm your email'),
      invite: PLATFORM_TEMPLATE('Accept your invitation'),
      magic_link: PLATFORM_TEMPLATE('Sign in'),
      email_change: PLATFORM_TEMPLATE('Confirm your new email address'),
      recovery: PLATFORM_TEMPLATE('Reset your password'),
      reauthentication: { subject: 'Your confirmation code', content: '<p>Code: {{ .Token }}</p>' },
    },
    hooks: { customAccessToken: null, beforeUserCreated: null },
    isSamlEnabled: false,
    isManualLinkingEnabled: false,
    externalProviders: {},
    oauthProviders: {},
  };
  if (!options.settings) return base;
  return { ...base, ...fromSettings(options.settings), oauthProviders: oauthProvidersOf(options.settings, options.providerSecrets ?? {}) };
}
