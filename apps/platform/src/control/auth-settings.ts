/**
 * A project's resolved auth configuration: what its members changed (`projects.auth_config`, and an
 * encrypted document of secrets) over the defaults below. Pure, so the gateway can resolve it with
 * each project's row; changing it is auth-config.ts.
 */
import type { AuthConfigSettings, AuthSecretField } from '@plinth/api-contract';
import type { ProjectRow } from './project-rows.ts';
import type { Secrets } from './secrets.ts';

const template = (heading: string, body: string, action: string) =>
  `<h2>${heading}</h2>\n<p>${body}</p>\n<p><a href="{{ .ConfirmationURL }}">${action}</a></p>\n<p>Or enter this code: {{ .Token }}</p>\n`;

export const AUTH_CONFIG_DEFAULTS: AuthConfigSettings = {
  site_url: 'http://localhost:3000',
  uri_allow_list: '',
  disable_signup: false,
  external_email_enabled: true,
  external_phone_enabled: false,
  external_anonymous_users_enabled: false,
  // Sign-ups get a session at once on a fresh install; turning "Confirm email" on sends the mail.
  mailer_autoconfirm: true,
  mailer_secure_email_change_enabled: true,
  mailer_otp_exp: 3600,
  mailer_otp_length: 6,
  password_min_length: 6,
  password_required_characters: '',
  security_update_password_require_reauthentication: false,
  jwt_exp: 3600,
  refresh_token_rotation_enabled: true,
  security_refresh_token_reuse_interval: 10,
  sessions_single_per_user: false,
  sessions_timebox: 0,
  sessions_inactivity_timeout: 0,
  smtp_admin_email: '',
  smtp_host: '',
  smtp_port: '',
  smtp_user: '',
  smtp_sender_name: '',
  smtp_max_frequency: 60,
  rate_limit_email_sent: 30,
  rate_limit_otp: 30,
  rate_limit_verify: 360,
  rate_limit_token_refresh: 1800,
  rate_limit_anonymous_users: 30,
  mailer_subjects_confirmation: 'Confirm your sign-up',
  mailer_subjects_invite: "You're invited",
  mailer_subjects_magic_link: 'Your sign-in link',
  mailer_subjects_email_change: 'Confirm your new email address',
  mailer_subjects_recovery: 'Reset your password',
  mailer_subjects_reauthentication: 'Your confirmation code',
  mailer_templates_confirmation_content: template('Confirm your sign-up', 'Open this link to confirm {{ .Email }}:', 'Confirm my email'),
  mailer_templates_invite_content: template("You're invited", 'You were invited to create an account at {{ .SiteURL }}. Open this link to accept:', 'Accept the invitation'),
  mailer_templates_magic_link_content: template('Sign in', 'Open this link to sign in:', 'Sign in'),
  mailer_templates_email_change_content: template('Confirm the change of your email', 'Open this link to confirm the change from {{ .Email }} to {{ .NewEmail }}:', 'Confirm the change'),
  mailer_templates_recovery_content: template('Reset your password', 'Open this link to choose a new password:', 'Reset my password'),
  mailer_templates_reauthentication_content: '<h2>Confirm it is you</h2>\n<p>Enter this code: {{ .Token }}</p>\n',
  external_google_enabled: false,
  external_google_client_id: '',
  external_github_enabled: false,
  external_github_client_id: '',
  external_gitlab_enabled: false,
  external_gitlab_client_id: '',
  external_gitlab_url: '',
  external_azure_enabled: false,
  external_azure_client_id: '',
  external_azure_url: '',
  external_keycloak_enabled: false,
  external_keycloak_client_id: '',
  external_keycloak_url: '',
  external_oidc_enabled: false,
  external_oidc_client_id: '',
  external_oidc_url: '',
  hook_custom_access_token_enabled: false,
  hook_custom_access_token_uri: '',
  hook_before_user_created_enabled: false,
  hook_before_user_created_uri: '',
  saml_enabled: false,
  security_manual_linking_enabled: false,
};

export type AuthSecrets = Partial<Record<AuthSecretField, string>>;

/** The resolved configuration a project's auth service runs with: settings and decrypted secrets. */
export interface ProjectAuthConfig {
  settings: AuthConfigSettings;
  secrets: AuthSecrets;
}

type AuthConfigRow = Pick<ProjectRow, 'ref'> & { auth_config?: unknown; auth_secrets_enc?: string | null };

export function storedSettings(row: AuthConfigRow): Partial<AuthConfigSettings> {
  const value = typeof row.auth_config === 'string' ? JSON.parse(row.auth_config) : row.auth_config;
  return value && typeof value === 'object' ? (value as Partial<AuthConfigSettings>) : {};
}

function storedSecrets(secrets: Secrets, row: AuthConfigRow): AuthSecrets {
  return row.auth_secrets_enc ? (JSON.parse(secrets.decrypt(row.auth_secrets_enc)) as AuthSecrets) : {};
}

export function projectAuthConfigOf(secrets: Secrets, row: AuthConfigRow): ProjectAuthConfig {
  return { settings: { ...AUTH_CONFIG_DEFAULTS, ...storedSettings(row) }, secrets: storedSecrets(secrets, row) };
}

