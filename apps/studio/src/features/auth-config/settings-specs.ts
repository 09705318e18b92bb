/**
 * Settings > Authentication's sections as drafts, bodies and rules (pure, so they are unit-tested):
 * SMTP, user sign-ups, user sessions, password policy, auth hooks and SAML.
 */
import type { AuthConfig } from '../../data/auth-config/auth-config-query.ts';
import {
  hookProblem, hookUriOf, integerProblem, parseHookUri, RANGES, senderEmailProblem, smtpPortProblem,
} from './auth-config-rules.ts';
import { secretBody } from './config-body.ts';
import type { ConfigFormSpec } from './use-config-form.ts';

const whole = (text: string) => Number(text.trim());

export interface SmtpDraft {
  isEnabled: boolean;
  senderEmail: string;
  senderName: string;
  host: string;
  port: string;
  user: string;
  /** '' keeps the stored password, null removes it. */
  password: string | null;
  maxFrequency: string;
}

/** Custom SMTP is on while a host is set; turning it off forgets the server, its sender and password. */
export const smtpSpec: ConfigFormSpec<SmtpDraft> = {
  draftOf: (config) => ({
    isEnabled: config.smtp_host !== '',
    senderEmail: config.smtp_admin_email,
    senderName: config.smtp_sender_name,
    host: config.smtp_host,
    port: config.smtp_port,
    user: config.smtp_user,
    password: '',
    maxFrequency: String(config.smtp_max_frequency),
  }),
  bodyOf: (draft) => {
    const server = draft.isEnabled
      ? { smtp_admin_email: draft.senderEmail.trim(), smtp_sender_name: draft.senderName.trim(), smtp_host: draft.host.trim(), smtp_port: draft.port.trim(), smtp_user: draft.user.trim() }
      : { smtp_admin_email: '', smtp_sender_name: '', smtp_host: '', smtp_port: '', smtp_user: '' };
    return { ...server, smtp_max_frequency: whole(draft.maxFrequency), ...secretBody('smtp_pass', draft.password) };
  },
  validate: (draft) =>
    draft.isEnabled
      ? {
          senderEmail: senderEmailProblem(draft.senderEmail),
          host: draft.host.trim() === '' ? 'The host is required when SMTP is enabled' : null,
          port: smtpPortProblem(draft.port),
          maxFrequency: integerProblem(draft.maxFrequency, RANGES.smtp_max_frequency),
        }
      : { maxFrequency: integerProblem(draft.maxFrequency, RANGES.smtp_max_frequency) },
};

export interface SignupsDraft {
  allowSignups: boolean;
  allowManualLinking: boolean;
}

export const signupsSpec: ConfigFormSpec<SignupsDraft> = {
  draftOf: (config) => ({ allowSignups: !config.disable_signup, allowManualLinking: config.security_manual_linking_enabled }),
  bodyOf: (draft) => ({ disable_signup: !draft.allowSignups, security_manual_linking_enabled: draft.allowManualLinking }),
  validate: () => ({}),
};

export interface SessionsDraft {
  jwtExp: string;
  isRotationEnabled: boolean;
  reuseInterval: string;
  isSingleSession: boolean;
  timebox: string;
  inactivityTimeout: string;
}

export const sessionsSpec: ConfigFormSpec<SessionsDraft> = {
  draftOf: (config) => ({
    jwtExp: String(config.jwt_exp),
    isRotationEnabled: config.refresh_token_rotation_enabled,
    reuseInterval: String(config.security_refresh_token_reuse_interval),
    isSingleSession: config.sessions_single_per_user,
    timebox: String(config.sessions_timebox),
    inactivityTimeout: String(config.sessions_inactivity_timeout),
  }),
  bodyOf: (draft) => ({
    jwt_exp: whole(draft.jwtExp),
    refresh_token_rotation_enabled: draft.isRotationEnabled,
    security_refresh_token_reuse_interval: whole(draft.reuseInterval),
    sessions_single_per_user: draft.isSingleSession,
    sessions_timebox: whole(draft.timebox),
    sessions_inactivity_timeout: whole(draft.inactivityTimeout),
  }),
  validate: (draft) => ({
    jwtExp: integerProblem(draft.jwtExp, RANGES.jwt_exp),
    reuseInterval: integerProblem(draft.reuseInterval, RANGES.security_refresh_token_reuse_interval),
    timebox: integerProblem(draft.timebox, RANGES.sessions_timebox),
    inactivityTimeout: integerProblem(draft.inactivityTimeout, RANGES.sessions_inactivity_timeout),
  }),
};

export interface PasswordDraft {
  minLength: string;
  requiredCharacters: string;
  requireReauthentication: boolean;
}

export const passwordSpec: ConfigFormSpec<PasswordDraft> = {
  draftOf: (config) => ({
    minLength: String(config.password_min_length),
    requiredCharacters: config.password_required_characters,
    requireReauthentication: config.security_update_password_require_reauthentication,
  }),
  bodyOf: (draft) => ({
    password_min_length: whole(draft.minLength),
    password_required_characters: draft.requiredCharacters,
    security_update_password_require_reauthentication: draft.requireReauthentication,
  }),
  validate: (draft) => ({ minLength: integerProblem(draft.minLength, RANGES.password_min_length) }),
};

export const HOOKS = ['custom_access_token', 'before_user_created'] as const;
export type Hook = (typeof HOOKS)[number];

export interface HookDraft {
  isEnabled: boolean;
  schema: string;
  fn: string;
  /** The URI as stored, kept while no function is chosen (a URI set through the Management API). */
  savedUri: string;
}
export type HooksDraft = Record<Hook, HookDraft>;

function hookDraftOf(config: AuthConfig, hook: Hook): HookDraft {
  const savedUri = config[`hook_${hook}_uri`];
  return { isEnabled: config[`hook_${hook}_enabled`], ...parseHookUri(savedUri), savedUri };
}

export function hookUriBody(draft: HookDraft): string {
  return draft.fn.trim() === '' ? draft.savedUri : hookUriOf(draft.schema, draft.fn);
}

export const hooksSpec: ConfigFormSpec<HooksDraft> = {
  draftOf: (config) => ({ custom_access_token: hookDraftOf(config, 'custom_access_token'), before_user_created: hookDraftOf(config, 'before_user_created') }),
  bodyOf: (draft) => ({
    hook_custom_access_token_enabled: draft.custom_access_token.isEnabled,
    hook_custom_access_token_uri: hookUriBody(draft.custom_access_token),
    hook_before_user_created_enabled: draft.before_user_created.isEnabled,
    hook_before_user_created_uri: hookUriBody(draft.before_user_created),
  }),
  validate: (draft) => {
    const errors: Partial<Record<Hook, string | null>> = {};
    for (const hook of HOOKS) {
      if (!draft[hook].isEnabled) continue;
      const problem = hookProblem(draft[hook].schema, draft[hook].fn);
      errors[hook] = problem.schema ?? problem.fn;
    }
    return errors;
  },
};

export interface SamlDraft {
  isEnabled: boolean;
}

export const samlSpec: ConfigFormSpec<SamlDraft> = {
  draftOf: (config) => ({ isEnabled: config.saml_enabled }),
  bodyOf: (draft) => ({ saml_enabled: draft.isEnabled }),
  validate: (draft, config) => ({ isEnabled: draft.isEnabled && !config.saml_available ? 'SAML 2.0 single sign-on is available on the Pro plan and above' : null }),
};
