import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * A project's auth configuration with the Supabase Management API's field names
 * (`GET|PATCH /v1/projects/{ref}/config/auth`), which the studio's Authentication pages read and
 * write. Secrets (`smtp_pass`, provider secrets) are write-only: reads answer null for them and
 * `*_set` booleans say whether one is stored; a PATCH that leaves a secret out keeps it, '' clears it.
 */

const seconds = z.number().int().min(0);
const perHour = z.number().int().min(0).max(100_000);
const templateText = z.string().max(100_000);
const subject = z.string().max(1000);

/** Fields anyone who may read the config sees; every one of them is settable. */
const settableFields = {
  site_url: z.string().max(2000),
  /** Comma-separated URLs a redirect may go to; `*` matches within a path segment or host label, `**` across them. */
  uri_allow_list: z.string().max(20_000),
  disable_signup: z.boolean(),
  external_email_enabled: z.boolean(),
  external_phone_enabled: z.boolean(),
  external_anonymous_users_enabled: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  /** Email change needs the link sent to both the old and the new address. */
  mailer_secure_email_change_enabled: z.boolean(),
  mailer_otp_exp: z.number().int().min(60).max(86_400),
  mailer_otp_length: z.number().int().min(6).max(10),
  password_min_length: z.number().int().min(6).max(1024),
  /** '' or GoTrue's format: character sets separated by ':'. */
  password_required_characters: z.string().max(200),
  security_update_password_require_reauthentication: z.boolean(),
  jwt_exp: z.number().int().min(30).max(604_800),
  refresh_token_rotation_enabled: z.boolean(),
  security_refresh_token_reuse_interval: seconds.max(3600),
  sessions_single_per_user: z.boolean(),
  /** Seconds a session may live at most; 0: no limit. */
  sessions_timebox: seconds,
  /** Seconds without a refresh after which a session ends; 0: never. */
  sessions_inactivity_timeout: seconds,
  smtp_admin_email: z.string().max(320),
  smtp_host: z.string().max(255),
  smtp_port: z.string().max(5),
  smtp_user: z.string().max(255),
  smtp_sender_name: z.string().max(255),
  /** Seconds before another email may go to the same address. */
  smtp_max_frequency: seconds.max(86_400),
  rate_limit_email_sent: perHour,
  rate_limit_otp: perHour,
  rate_limit_verify: perHour,
  rate_limit_token_refresh: perHour,
  rate_limit_anonymous_users: perHour,
  mailer_subjects_confirmation: subject,
  mailer_subjects_invite: subject,
  mailer_subjects_magic_link: subject,
  mailer_subjects_email_change: subject,
  mailer_subjects_recovery: subject,
  mailer_subjects_reauthentication: subject,
  mailer_templates_confirmation_content: templateText,
  mailer_templates_invite_content: templateText,
  mailer_templates_magic_link_content: templateText,
  mailer_templates_email_change_content: templateText,
  mailer_templates_recovery_content: templateText,
  mailer_templates_reauthentication_content: templateText,
  external_google_enabled: z.boolean(),
  external_google_client_id: z.string().max(500),
  external_github_enabled: z.boolean(),
  external_github_client_id: z.string().max(500),
  external_gitlab_enabled: z.boolean(),
  external_gitlab_client_id: z.string().max(500),
  external_gitlab_url: z.string().max(2000),
  external_azure_enabled: z.boolean(),
  external_azure_client_id: z.string().max(500),
  external_azure_url: z.string().max(2000),
  external_keycloak_enabled: z.boolean(),
  external_keycloak_client_id: z.string().max(500),
  external_keycloak_url: z.string().max(2000),
  /** A generic OpenID Connect provider: its issuer URL (discovery at /.well-known/openid-configuration). */
  external_oidc_enabled: z.boolean(),
  external_oidc_client_id: z.string().max(500),
  external_oidc_url: z.string().max(2000),
  /** Postgres functions as hooks: `pg-functions://postgres/{schema}/{function}`. */
  hook_custom_access_token_enabled: z.boolean(),
  hook_custom_access_token_uri: z.string().max(500),
  hook_before_user_created_enabled: z.boolean(),
  hook_before_user_created_uri: z.string().max(500),
  saml_enabled: z.boolean(),
  /** Signed-in users may link further identities (linkIdentity); off by default, as on Supabase. */
  security_manual_linking_enabled: z.boolean(),
};

/** Write-only fields: never read back. */
const secretFields = {
  smtp_pass: z.string().max(1000),
  external_google_secret: z.string().max(2000),
  external_github_secret: z.string().max(2000),
  external_gitlab_secret: z.string().max(2000),
  external_azure_secret: z.string().max(2000),
  external_keycloak_secret: z.string().max(2000),
  external_oidc_secret: z.string().max(2000),
};
export const AUTH_SECRET_FIELDS = Object.keys(secretFields) as (keyof typeof secretFields)[];
export type AuthSecretField = keyof typeof secretFields;

export const authConfigSchema = z.object({
  ...settableFields,
  smtp_pass: z.null(),
  external_google_secret: z.null(),
  external_github_secret: z.null(),
  external_gitlab_secret: z.null(),
  external_azure_secret: z.null(),
  external_keycloak_secret: z.null(),
  external_oidc_secret: z.null(),
  /** Which write-only secrets are stored, by field name. */
  secrets_set: z.record(z.string(), z.boolean()),
  /** Read-only: where providers send users back (to copy into the provider's console). */
  external_callback_url: z.string(),
  /** Read-only: the plan includes SAML 2.0 single sign-on. */
  saml_available: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
export type AuthConfigSettings = { [K in keyof typeof settableFields]: z.infer<(typeof settableFields)[K]> };

export const authConfigUpdateBody = z
  .object({ ...settableFields, ...secretFields })
  .partial()
  .strict();
export type AuthConfigUpdate = z.infer<typeof authConfigUpdateBody>;

const refParams = z.object({ ref: refSchema });

export const authConfigEndpoints = {
  authConfig: endpoint({
    method: 'GET',
    path: '/projects/:ref/config/auth',
    summary: "The project's auth configuration (secrets never read back)",
    params: refParams,
    response: authConfigSchema,
  }),
  authConfigUpdate: endpoint({
    method: 'PATCH',
    path: '/projects/:ref/config/auth',
    summary: "Change the project's auth configuration (Owner and Administrator)",
    params: refParams,
    body: authConfigUpdateBody,
    response: authConfigSchema,
  }),
  v1AuthConfig: endpoint({
    method: 'GET',
    path: '/projects/:ref/config/auth',
    scope: 'auth:read',
    summary: "The project's auth configuration, Supabase's field names",
    params: refParams,
    response: authConfigSchema,
  }),
  v1AuthConfigUpdate: endpoint({
    method: 'PATCH',
    path: '/projects/:ref/config/auth',
    scope: 'auth:write',
    summary: "Change the project's auth configuration",
    params: refParams,
    body: authConfigUpdateBody,
    response: authConfigSchema,
  }),
} as const satisfies Record<string, Endpoint>;
