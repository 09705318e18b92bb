/**
 * An organisation's OpenID provider as openid-client sees it: discovered from the issuer
 * (`{issuer}/.well-known/openid-configuration`). Discoveries are a cache of this process, kept ten
 * minutes; nothing of a sign-in lives here (the flow's state is in dashboard_sso_logins).
 */
import { PlinthError } from '@plinth/errors';
import * as client from 'openid-client';

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const DISCOVERY_TTL_MS = 10 * 60_000;
const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/** A provider on plain http is the administrator's choice (a LAN provider, a local test one). */
const insecureIfHttp = (url: string) => (url.startsWith('http://') ? [client.allowInsecureRequests] : []);

function discover(settings: ProviderSettings): Promise<client.Configuration> {
  const issuer = settings.issuer.replace(/\/+$/, '');
  return client.discovery(new URL(issuer), settings.clientId, settings.clientSecret, undefined, { execute: insecureIfHttp(issuer) });
}

function unreachable(error: unknown): PlinthError {
  const reason = error instanceof Error ? error.message : String(error);
  return new PlinthError('sso_provider_unreachable', `The identity provider could not be reached at this issuer URL: ${reason}`);
}

/** Discovers afresh (saving the settings checks them); sso_provider_unreachable when it fails. */
export async function checkProvider(settings: ProviderSettings): Promise<void> {
  const config = await discover(settings).catch((error: unknown) => {
    throw unreachable(error);
  });
  const metadata = config.serverMetadata();
  if (!metadata.authorization_endpoint || !metadata.token_endpoint) {
    throw new PlinthError('sso_provider_unreachable', 'The identity provider does not publish an authorization and a token endpoint.');
  }
}

/** The provider's configuration, discovered at most every ten minutes per settings. */
export async function providerConfiguration(settings: ProviderSettings): Promise<client.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const config = discover(settings);
  if (discovered.size > 200) discovered.clear();
  discovered.set(key, { at: Date.now(), config });
  // A failed discovery is not kept: the next sign-in tries again.
  config.catch(() => discovered.delete(key));
  return config.catch((error: unknown) => {
    throw unreachable(error);
  });
}
