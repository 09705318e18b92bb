/**
 * The external sign-in providers a project can enable, and how each is reached. OpenID Connect
 * providers (google, gitlab, azure, keycloak and the generic `oidc`) are found by issuer discovery
 * (`{issuer}/.well-known/openid-configuration`), so their endpoints, keys and ID tokens come from the
 * provider itself, through openid-client. GitHub speaks plain OAuth 2.0: fixed endpoints and its
 * REST API for the profile. Configurations are discovered once and kept for an hour.
 */
import { EXTERNAL_PROVIDERS, type AuthConfigSettings, type ExternalProvider } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import * as client from 'openid-client';

/** A provider as the project configured it (client id and url from the settings, the secret decrypted). */
export interface OAuthProviderConfig {
  clientId: string;
  secret: string;
  /** Issuer or base URL ('' where the provider has a fixed one). */
  url: string;
}

/** What Plinth keeps of the signed-in account: OpenID Connect's standard claims. */
export interface ProviderClaims {
  iss: string;
  sub: string;
  email: string | null;
  email_verified: boolean;
  name?: string;
  picture?: string;
  preferred_username?: string;
  /** SAML: the provider's attribute mapping applied (GoTrue's custom_claims). */
  custom?: Record<string, unknown>;
}

interface ProviderSpec {
  /** The issuer to discover (OIDC), or null for a plain OAuth 2.0 provider with `endpoints`. */
  issuer(url: string): string | null;
  scopes: string;
  endpoints?: { authorization_endpoint: string; token_endpoint: string };
  /** Plain OAuth 2.0: the account behind an access token. */
  profile?(accessToken: string): Promise<ProviderClaims>;
}

const OIDC_SCOPES = 'openid email profile';
const trimmed = (url: string) => url.replace(/\/+$/, '');

const CATALOGUE: Record<ExternalProvider, ProviderSpec> = {
  google: { issuer: () => 'https://accounts.google.com', scopes: OIDC_SCOPES },
  gitlab: { issuer: (url) => trimmed(url || 'https://gitlab.com'), scopes: OIDC_SCOPES },
  // A tenant's issuer (`https://login.microsoftonline.com/{tenant}/v2.0`): the multi-tenant
  // `common` endpoint answers discovery with a templated issuer that cannot be validated.
  azure: { issuer: (url) => trimmed(url || 'https://login.microsoftonline.com/common/v2.0'), scopes: OIDC_SCOPES },
  // A realm's URL, e.g. `https://keycloak.example.com/realms/myrealm`, is its issuer.
  keycloak: { issuer: (url) => trimmed(url), scopes: OIDC_SCOPES },
  oidc: { issuer: (url) => trimmed(url), scopes: OIDC_SCOPES },
  github: {
    issuer: () => null,
    scopes: 'read:user user:email',
    endpoints: { authorization_endpoint: 'https://github.com/login/oauth/authorize', token_endpoint: 'https://github.com/login/oauth/access_token' },
    profile: githubProfile,
  },
};

export const isExternalProvider = (name: string): name is ExternalProvider => (EXTERNAL_PROVIDERS as readonly string[]).includes(name);

/** The providers' client settings of a project: ids and urls from its settings, secrets from `secrets` (by provider name). */
export function oauthProvidersOf(settings: AuthConfigSettings, secrets: Record<string, string>): Record<string, OAuthProviderConfig> {
  return Object.fromEntries(EXTERNAL_PROVIDERS.map((name) => {
    const url = (settings as unknown as Record<string, unknown>)[`external_${name}_url`];
    return [name, { clientId: settings[`external_${name}_client_id`], secret: secrets[name] ?? '', url: typeof url === 'string' ? url : '' }];
  }));
}

export interface ResolvedProvider {
  name: ExternalProvider;
  spec: ProviderSpec;
  config: client.Configuration;
  /** OpenID Connect: ID tokens are issued (and validated). */
  isOidc: boolean;
  /** The client ids an ID token may be issued to: several apps (web, iOS, Android) may share a provider, comma-separated as in GoTrue. */
  audiences: string[];
}

const DISCOVERY_TTL_MS = 3600_000;
const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/** A provider's own server on plain http is the administrator's choice (a LAN Keycloak, a local test provider). */
const insecureIfHttp = (url: string) => (url.startsWith('http://') ? [client.allowInsecureRequests] : []);

function configurationOf(name: ExternalProvider, spec: ProviderSpec, settings: OAuthProviderConfig): Promise<client.Configuration> {
  const issuer = spec.issuer(settings.url);
  if (issuer === null) {
    const server = { issuer: `https://${name}.invalid`, ...spec.endpoints! };
    return Promise.resolve(new client.Configuration(server, settings.clientId, settings.secret));
  }
  const key = JSON.stringify([issuer, settings.clientId, settings.secret]);
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const config = client.discovery(new URL(issuer), settings.clientId, settings.secret, undefined, { execute: insecureIfHttp(issuer) });
  if (discovered.size > 200) discovered.clear();
  discovered.set(key, { at: Date.now(), config });
  // A failed discovery is not kept: the next sign-in tries again.
  config.catch(() => discovered.delete(key));
  return config;
}

/** The enabled provider called `name`, its configuration discovered; provider_disabled otherwise (as GoTrue answers). */
export async function resolveProvider(enabled: Record<string, boolean>, providers: Record<string, OAuthProviderConfig>, name: string): Promise<ResolvedProvider> {
  const settings = providers[name];
  if (!isExternalProvider(name) || !enabled[name] || !settings || settings.clientId === '') throw new PlinthError('provider_disabled');
  const spec = CATALOGUE[name];
  const audiences = settings.clientId.split(',').map((id) => id.trim()).filter(Boolean);
  try {
    const config = await configurationOf(name, spec, { ...settings, clientId: audiences[0] });
    return { name, spec, config, isOidc: spec.issuer(settings.url) !== null, audiences };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PlinthError('bad_oauth_callback', `Unable to reach the ${name} provider: ${reason}`);
  }
}

export const defaultScopes = (provider: ResolvedProvider) => provider.spec.scopes;

async function githubJson(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.github+json', 'user-agent': 'Plinth' } });
  if (!response.ok) throw new PlinthError('bad_oauth_callback', `Error getting user profile from external provider (${response.status})`);
  return response.json();
}

/** GitHub's user, with its primary verified address from /user/emails (the profile's may be hidden). */
async function githubProfile(accessToken: string): Promise<ProviderClaims> {
  const user = (await githubJson('https://api.github.com/user', accessToken)) as { id: number; login: string; name?: string; avatar_url?: string; email?: string };
  const emails = (await githubJson('https://api.github.com/user/emails', accessToken)) as { email: string; primary: boolean; verified: boolean }[];
  const primary = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
  return {
    iss: 'https://api.github.com',
    sub: String(user.id),
    email: primary?.email ?? user.email ?? null,
    email_verified: primary !== undefined,
    name: user.name ?? undefined,
    picture: user.avatar_url,
    preferred_username: user.login,
  };
}

/** `external_{provider}_secret` fields of a project's stored secrets, keyed by provider name. */
export function providerSecretsOf(secrets: Partial<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(EXTERNAL_PROVIDERS.flatMap((name) => {
    const secret = secrets[`external_${name}_secret`];
    return secret ? [[name, secret]] : [];
  }));
}
