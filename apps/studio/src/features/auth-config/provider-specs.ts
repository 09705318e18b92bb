/**
 * The sign-in providers as drafts, bodies and rules (pure, so they are unit-tested): email,
 * anonymous sign-ins and the OAuth / OpenID Connect providers.
 */
import type { ExternalProvider } from '@plinth/api-contract';
import type { AuthConfig } from '../../data/auth-config/auth-config-query.ts';
import { integerProblem, isHttpUrl, optionalUrlProblem, RANGES } from './auth-config-rules.ts';
import { secretBody, willHaveSecret } from './config-body.ts';
import type { ConfigFormSpec } from './use-config-form.ts';

interface ProviderUrl {
  label: string;
  description: string;
  placeholder: string;
  /** Keycloak and generic OIDC cannot work without one; GitLab and Azure have a default. */
  isRequired: boolean;
}

export interface OAuthProviderInfo {
  label: string;
  description: string;
  url?: ProviderUrl;
}

/** In the order the providers page lists them; every provider of the contract has an entry. */
export const OAUTH_PROVIDERS = {
  google: { label: 'Google', description: 'Sign in with a Google account.' },
  github: { label: 'GitHub', description: 'Sign in with a GitHub account.' },
  gitlab: {
    label: 'GitLab',
    description: 'Sign in with a GitLab account, on gitlab.com or your own instance.',
    url: { label: 'GitLab URL', description: 'Only for a self-hosted GitLab: its address. Leave empty for gitlab.com.', placeholder: 'https://gitlab.example.com', isRequired: false },
  },
  azure: {
    label: 'Azure',
    description: 'Sign in with a Microsoft account (Microsoft Entra ID).',
    url: { label: 'Azure Tenant URL', description: 'Optional: limits sign-ins to one tenant, as https://login.microsoftonline.com/{tenant-id}.', placeholder: 'https://login.microsoftonline.com/{tenant-id}', isRequired: false },
  },
  keycloak: {
    label: 'Keycloak',
    description: 'Sign in through a Keycloak realm.',
    url: { label: 'Realm URL', description: 'The realm that signs users in, as https://{host}/realms/{realm}.', placeholder: 'https://keycloak.example.com/realms/myrealm', isRequired: true },
  },
  oidc: {
    label: 'OpenID Connect',
    description: 'Sign in through any OpenID Connect provider, found from its issuer URL.',
    url: { label: 'Issuer URL', description: "The provider's issuer; its settings are read from {issuer}/.well-known/openid-configuration.", placeholder: 'https://id.example.com', isRequired: true },
  },
} satisfies Record<ExternalProvider, OAuthProviderInfo>;

export const OAUTH_PROVIDER_IDS = Object.keys(OAUTH_PROVIDERS) as ExternalProvider[];

export function providerInfo(provider: ExternalProvider): OAuthProviderInfo {
  return OAUTH_PROVIDERS[provider];
}

export interface OAuthDraft {
  isEnabled: boolean;
  clientId: string;
  /** '' keeps the stored secret, null removes it. */
  secret: string | null;
  url: string;
}

type UrlProvider = 'gitlab' | 'azure' | 'keycloak' | 'oidc';
const hasUrl = (provider: ExternalProvider): provider is UrlProvider => providerInfo(provider).url !== undefined;

export function oauthSpec(provider: ExternalProvider): ConfigFormSpec<OAuthDraft> {
  const info = providerInfo(provider);
  return {
    draftOf: (config) => ({
      isEnabled: config[`external_${provider}_enabled`],
      clientId: config[`external_${provider}_client_id`],
      secret: '',
      url: hasUrl(provider) ? config[`external_${provider}_url`] : '',
    }),
    bodyOf: (draft) => ({
      [`external_${provider}_enabled`]: draft.isEnabled,
      [`external_${provider}_client_id`]: draft.clientId.trim(),
      ...(hasUrl(provider) ? { [`external_${provider}_url`]: draft.url.trim() } : {}),
      ...secretBody(`external_${provider}_secret`, draft.secret),
    }),
    validate: (draft, config) => {
      const isSecretStored = config.secrets_set[`external_${provider}_secret`] ?? false;
      const urlProblem = !info.url ? null
        : draft.isEnabled && info.url.isRequired && !isHttpUrl(draft.url.trim()) ? `${info.url.label} is required to enable this provider`
        : optionalUrlProblem(draft.url);
      return {
        clientId: draft.isEnabled && draft.clientId.trim() === '' ? 'A client ID is required to enable this provider' : null,
        secret: draft.isEnabled && !willHaveSecret(isSecretStored, draft.secret) ? 'A client secret is required to enable this provider' : null,
        url: urlProblem,
      };
    },
  };
}

export interface EmailDraft {
  isEnabled: boolean;
  /** `mailer_autoconfirm` inverted: users confirm their address before their first sign-in. */
  confirmEmail: boolean;
  secureEmailChange: boolean;
  otpExp: string;
  otpLength: string;
}

export const emailSpec: ConfigFormSpec<EmailDraft> = {
  draftOf: (config) => ({
    isEnabled: config.external_email_enabled,
    confirmEmail: !config.mailer_autoconfirm,
    secureEmailChange: config.mailer_secure_email_change_enabled,
    otpExp: String(config.mailer_otp_exp),
    otpLength: String(config.mailer_otp_length),
  }),
  bodyOf: (draft) => ({
    external_email_enabled: draft.isEnabled,
    mailer_autoconfirm: !draft.confirmEmail,
    mailer_secure_email_change_enabled: draft.secureEmailChange,
    mailer_otp_exp: Number(draft.otpExp.trim()),
    mailer_otp_length: Number(draft.otpLength.trim()),
  }),
  validate: (draft) => ({
    otpExp: integerProblem(draft.otpExp, RANGES.mailer_otp_exp),
    otpLength: integerProblem(draft.otpLength, RANGES.mailer_otp_length),
  }),
};

export interface AnonymousDraft {
  isEnabled: boolean;
}

export const anonymousSpec: ConfigFormSpec<AnonymousDraft> = {
  draftOf: (config) => ({ isEnabled: config.external_anonymous_users_enabled }),
  bodyOf: (draft) => ({ external_anonymous_users_enabled: draft.isEnabled }),
  validate: () => ({}),
};

/** Whether a provider is on, as saved (the list's badges). */
export function isProviderEnabled(config: AuthConfig, provider: ExternalProvider): boolean {
  return config[`external_${provider}_enabled`];
}
