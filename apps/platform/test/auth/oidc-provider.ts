/**
 * A real OpenID Provider for the OAuth tests (panva's oidc-provider, the certified implementation)
 * on a free port, with one confidential client and accounts that sign in without a form: the
 * interaction page logs in whoever the authorization request names in `login_hint` and grants the
 * requested scopes, so a test drives the whole browser flow with fetch and a cookie jar.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/** Accounts are named by their id; `unverified-...` ones have an address the provider has not verified. */
function accountClaims(id: string) {
  return { sub: id, email: `${id}@idp.test`, email_verified: !id.startsWith('unverified-'), name: `User ${id}`, picture: `https://idp.test/${id}.png` };
}

export async function startIdentityProvider(redirectUris: string[]): Promise<TestIdentityProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'plinth-project';
  const clientSecret = 'a-client-secret-that-is-long-enough-for-hs256';
  const provider = new Provider(issuer, {
    clients: [{
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: redirectUris,
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Scope claims in the ID token too, so an ID token alone (signInWithIdToken) names the address.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => accountClaims(id) }),
  });
  const handle = provider.callback();
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      const accountId = String(details.params.login_hint ?? 'alice');
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A browser's cookies, enough for the provider's interaction and session cookies (one host, no paths). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Follows redirects like a browser until one leaves for a URL `stopAt` accepts (not fetched): the
 * provider's pages with the jar's cookies. Returns that URL.
 */
export async function followRedirects(start: string, stopAt: (url: URL) => boolean, jar = new CookieJar()): Promise<URL> {
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get('location');
    if (!location) throw new Error(`${url.href} answered ${response.status} without a redirect: ${await response.text()}`);
    url = new URL(location, url);
    if (stopAt(url)) return url;
  }
  throw new Error(`too many redirects, last at ${url.href}`);
}
