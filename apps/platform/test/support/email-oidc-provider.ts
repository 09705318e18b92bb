/**
 * A real OpenID Provider (panva's oidc-provider) on a free port for the dashboard SSO tests: one
 * confidential client, and an interaction that signs in whoever `login_hint` names (an email
 * address, as Plinth sends the work email) and grants the scopes, so a test (or a browser) goes
 * through the whole authorization-code flow with no form to fill.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const DOMAIN = 'acme.test';
export const CLIENT_ID = 'plinth-dashboard';
export const CLIENT_SECRET = 'a-dashboard-client-secret-long-enough-for-hs256';

/** Accounts are their email addresses; `unverified...` ones have an address the provider has not verified. */
export async function startEmailProvider(redirectUri: string): Promise<{ issuer: string; stop(): Promise<void> }> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [redirectUri], token_endpoint_auth_method: 'client_secret_post', grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id, email: id, email_verified: !id.startsWith('unverified'), name: `Person ${id}` }) }),
  });
  const handle = provider.callback();
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      const accountId = String(details.params.login_hint);
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: false });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  return {
    issuer,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

