/**
 * A project's auth configuration as members read and change it (Settings > Authentication, the
 * Authentication pages, the Management API's `config/auth`): permissions, cross-field rules, secrets
 * kept write-only. The resolution over defaults is auth-settings.ts.
 */
import {
  AUTH_SECRET_FIELDS, type AuthConfig, type AuthConfigSettings, type AuthConfigUpdate, type AuthSecretField,
} from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import type { Plan } from '@plinth/plans';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';
import { projectAuthConfigOf, storedSettings, type AuthSecrets, type ProjectAuthConfig } from './auth-settings.ts';
import { forgetProjectRow } from './project-caches.ts';

/** SAML 2.0 single sign-on is on the Pro plan and above, as on Supabase. */
export function samlAvailableOf(plan: Plan): boolean {
  return plan !== 'free';
}

/** Where external providers send users back: one callback per project. */
export function callbackUrlOf(ctx: ControlContext, ref: string): string {
  return `${ctx.config.publicUrl}/p/${ref}/auth/v1/callback`;
}

function present(ctx: ControlContext, ref: string, plan: Plan, config: ProjectAuthConfig): AuthConfig {
  const masked = Object.fromEntries(AUTH_SECRET_FIELDS.map((field) => [field, null])) as Record<AuthSecretField, null>;
  return {
    ...config.settings,
    ...masked,
    secrets_set: Object.fromEntries(AUTH_SECRET_FIELDS.map((field) => [field, !!config.secrets[field]])),
    external_callback_url: callbackUrlOf(ctx, ref),
    saml_available: samlAvailableOf(plan),
  };
}

export async function projectAuthConfig(ctx: ControlContext, actor: Actor, ref: string): Promise<AuthConfig> {
  const { project, role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.READ, Resource.AUTH_CONFIG);
  return present(ctx, ref, organization.plan, projectAuthConfigOf(ctx.secrets, project));
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const HOOK_URI = /^pg-functions:\/\/postgres\/[A-Za-z_][A-Za-z0-9_$]*\/[A-Za-z_][A-Za-z0-9_$]*$/;
const PROVIDER_FIELDS = ['google', 'github', 'gitlab', 'azure', 'keycloak', 'oidc'] as const;
const PROVIDERS_NEEDING_URL = new Set(['keycloak', 'oidc']);

/** Rules across fields, checked on the configuration as it would be after the change. */
function assertConsistent(next: ProjectAuthConfig, plan: Plan): void {
  const s = next.settings;
  if (s.site_url !== '' && !isHttpUrl(s.site_url)) throw new PlinthError('validation_failed', 'site_url: Must be a valid URL');
  for (const entry of s.uri_allow_list.split(',').map((item) => item.trim()).filter(Boolean)) {
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(entry)) throw new PlinthError('validation_failed', `uri_allow_list: ${entry} is not a URL (it needs a scheme, such as https://)`);
  }
  if (s.smtp_host !== '') {
    if (!/^\d+$/.test(s.smtp_port) || Number(s.smtp_port) < 1 || Number(s.smtp_port) > 65535) throw new PlinthError('validation_failed', 'smtp_port: Must be a port number');
    if (!/^[^\s@]+@[^\s@]+$/.test(s.smtp_admin_email)) throw new PlinthError('validation_failed', 'smtp_admin_email: The sender email address is required when SMTP is enabled');
  }
  for (const provider of PROVIDER_FIELDS) {
    if (!s[`external_${provider}_enabled`]) continue;
    if (s[`external_${provider}_client_id`] === '' || !next.secrets[`external_${provider}_secret`]) {
      throw new PlinthError('validation_failed', `external_${provider}: A client ID and a secret are required to enable this provider`);
    }
    const url = PROVIDERS_NEEDING_URL.has(provider) ? (s as Record<string, unknown>)[`external_${provider}_url`] : undefined;
    if (url !== undefined && !isHttpUrl(String(url))) throw new PlinthError('validation_failed', `external_${provider}_url: The issuer URL is required to enable this provider`);
  }
  for (const hook of ['custom_access_token', 'before_user_created'] as const) {
    if (s[`hook_${hook}_enabled`] && !HOOK_URI.test(s[`hook_${hook}_uri`])) {
      throw new PlinthError('validation_failed', `hook_${hook}_uri: Must be pg-functions://postgres/{schema}/{function}`);
    }
  }
  if (s.saml_enabled && !samlAvailableOf(plan)) throw new PlinthError('plan_feature_unavailable', 'SAML 2.0 single sign-on is available on the Pro plan and above');
}

/** Owner and Administrator change the configuration; the project's auth service picks it up at once. */
export async function updateProjectAuthConfig(ctx: ControlContext, actor: Actor, ref: string, update: AuthConfigUpdate): Promise<AuthConfig> {
  const { project, role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.UPDATE, Resource.AUTH_CONFIG);
  const current = projectAuthConfigOf(ctx.secrets, project);
  const changedSettings: Partial<AuthConfigSettings> = {};
  const secrets: AuthSecrets = { ...current.secrets };
  for (const [field, value] of Object.entries(update)) {
    if (value === undefined) continue;
    if ((AUTH_SECRET_FIELDS as string[]).includes(field)) {
      if (value === '') delete secrets[field as AuthSecretField];
      else secrets[field as AuthSecretField] = String(value);
    } else {
      (changedSettings as Record<string, unknown>)[field] = value;
    }
  }
  const next: ProjectAuthConfig = { settings: { ...current.settings, ...changedSettings }, secrets };
  assertConsistent(next, organization.plan);
  const stored = { ...storedSettings(project), ...changedSettings };
  const secretsEnc = Object.keys(secrets).length > 0 ? ctx.secrets.encrypt(JSON.stringify(secrets)) : null;
  await ctx.db.query('update projects set auth_config = $2, auth_secrets_enc = $3 where id = $1', [project.id, JSON.stringify(stored), secretsEnc]);
  await forgetProjectRow(ctx, ref);
  // Field names only: values may be addresses or URLs a member would not want in the audit trail.
  await recordAudit(ctx.db, actor, {
    action: 'project.auth_config.update',
    organizationSlug: organization.slug,
    projectRef: ref,
    target: Object.keys(update).sort().join(','),
  });
  return present(ctx, ref, organization.plan, next);
}
