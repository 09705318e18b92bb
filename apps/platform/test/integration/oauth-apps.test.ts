/**
 * OAuth apps end to end: an organisation publishes an app, a member of another organisation
 * approves it through the consent API, and a standard client (oauth4webapi) runs the
 * authorization-code flow with PKCE against the real server. The token acts on /api/v1 within its
 * scopes and its one organisation, and every way of ending it works.
 */
import { createHash } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

const REDIRECT = 'http://localhost:7777/callback';
const OTHER_REDIRECT = 'http://127.0.0.1:7777/other';
const insecure = { [oauth.allowInsecureRequests]: true };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('OAuth apps', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let publisher: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  let customerSlug: string;
  let customerRef: string;
  let otherRef: string;
  let app: { id: string; client_id: string; client_secret: string };
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;

  beforeAll(async () => {
    platform = await startPlatform();
    publisher = await signUp(platform.url);
    customer = await signUp(platform.url);
    const publisherSlug = (await publisher.api.post('/api/organizations', { name: 'Tool maker' })).body.slug;
    customerSlug = (await customer.api.post('/api/organizations', { name: 'Customer' })).body.slug;
    const otherSlug = (await customer.api.post('/api/organizations', { name: 'Customer side org' })).body.slug;
    customerRef = (await customer.api.post('/api/projects', { name: 'granted', organization_slug: customerSlug, db_pass: 'a-long-db-password' })).body.ref;
    otherRef = (await customer.api.post('/api/projects', { name: 'not granted', organization_slug: otherSlug, db_pass: 'a-long-db-password' })).body.ref;
    expect(customerRef).toMatch(/^[a-z]{20}$/);
    expect(otherRef).toMatch(/^[a-z]{20}$/);

    const created = await publisher.api.post(`/api/platform/organizations/${publisherSlug}/oauth/apps`, {
      name: 'Deploy bot',
      website: 'https://deploy.example.com',
      redirect_uris: [REDIRECT, OTHER_REDIRECT],
      scopes: ['projects:read', 'organizations:read'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    app = created.body;
    expect(app.client_secret).toMatch(/^sba_[a-f0-9]{40}$/);
    const listed = await publisher.api.get(`/api/platform/organizations/${publisherSlug}/oauth/apps`);
    expect(listed.body).toEqual([expect.objectContaining({ id: app.id, name: 'Deploy bot', client_id: app.client_id, scopes: ['organizations:read', 'projects:read'] })]);
    expect(JSON.stringify(listed.body)).not.toContain(app.client_secret);
    const { rows } = await platform.control.db.query<Record<string, unknown>>('select * from oauth_apps where id = $1', [app.id]);
    expect(rows[0].client_secret_hash).toBe(sha256(app.client_secret));
    expect(Object.values(rows[0])).not.toContain(app.client_secret);

    as = {
      issuer: platform.url,
      authorization_endpoint: `${platform.url}/api/v1/oauth/authorize`,
      token_endpoint: `${platform.url}/api/v1/oauth/token`,
      revocation_endpoint: `${platform.url}/api/v1/oauth/revoke`,
    };
    client = { client_id: app.client_id };
  });
  afterAll(async () => platform?.stop());

  /** GET /authorize as the browser would, without following the redirect. */
  async function authorizeRequest(params: Record<string, string>): Promise<{ status: number; location: string | null; body: string }> {
    const url = new URL(as.authorization_endpoint!);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const response = await fetch(url, { redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location'), body: await response.text() };
  }

  /** The whole browser half: authorize -> consent (approve or deny) -> the app's callback URL. */
  async function consent(options: { verifier: string; state?: string; redirect?: string; scope?: string; decision?: object; member?: ApiClient }): Promise<URL> {
    const challenge = await oauth.calculatePKCECodeChallenge(options.verifier);
    const started = await authorizeRequest({
      response_type: 'code',
      client_id: app.client_id,
      redirect_uri: options.redirect ?? REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...(options.scope !== undefined && { scope: options.scope }),
      ...(options.state && { state: options.state }),
    });
    expect(started.status, started.body).toBe(302);
    const consentUrl = new URL(started.location!, platform.url);
    expect(consentUrl.pathname).toBe('/authorize');
    const id = consentUrl.searchParams.get('auth_id')!;
    const member = options.member ?? customer.api;
    const shown = await member.get(`/api/platform/oauth/authorizations/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.app).toEqual({ name: 'Deploy bot', website: 'https://deploy.example.com', publisher: 'Tool maker' });
    const decided = await member.post(`/api/platform/oauth/authorizations/${id}`, options.decision ?? { decision: 'approve', organization_slug: customerSlug });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    // A decision is final: the request cannot be answered twice.
    expect((await member.post(`/api/platform/oauth/authorizations/${id}`, { decision: 'deny' })).status).toBe(404);
    return new URL(decided.body.redirect_url);
  }

  async function exchange(callback: URL, verifier: string, redirect = REDIRECT, state: string | typeof oauth.expectNoState = oauth.expectNoState): Promise<oauth.TokenEndpointResponse> {
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.ClientSecretBasic(app.client_secret), params, redirect, verifier, insecure);
    return oauth.processAuthorizationCodeResponse(as, client, response);
  }

  async function grantError(run: () => Promise<unknown>): Promise<string> {
    const error = await run().then(() => null, (caught: unknown) => caught);
    expect(error, 'the grant should have been refused').toBeInstanceOf(oauth.ResponseBodyError);
    return (error as oauth.ResponseBodyError).error;
  }

  async function fullFlow(): Promise<oauth.TokenEndpointResponse> {
    const verifier = oauth.generateRandomCodeVerifier();
    return exchange(await consent({ verifier }), verifier);
  }

  it('runs the code flow with PKCE, returning state, and the token acts on its one organisation within its scopes', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const callback = await consent({ verifier, state });
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    expect(callback.searchParams.get('state')).toBe(state);
    const tokens = await exchange(callback, verifier, REDIRECT, state);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'organizations:read projects:read' });
    expect(tokens.access_token).toMatch(/^sbp_oauth_[a-f0-9]{40}$/);
    const api = new ApiClient(platform.url, tokens.access_token);

    expect((await api.get('/api/v1/organizations')).body).toEqual([{ id: customerSlug, name: 'Customer' }]);
    const projects = await api.get('/api/v1/projects');
    expect(projects.body.map((project: { ref: string }) => project.ref)).toEqual([customerRef]);
    expect((await api.get(`/api/v1/projects/${customerRef}`)).status).toBe(200);
    // The customer's other organisation is out of reach, as if it did not exist.
    const other = await api.get(`/api/v1/projects/${otherRef}`);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('project_not_found');
    // Beyond its scopes: auth config needs auth:read.
    const auth = await api.get(`/api/v1/projects/${customerRef}/config/auth`);
    expect(auth.status).toBe(403);
    expect(auth.body.code).toBe('access_token_scope_missing');
    // The dashboard API takes sessions only.
    expect((await api.get('/api/organizations')).status).toBe(401);

    // Nothing secret is stored as given.
    const { rows } = await platform.control.db.query<Record<string, unknown>>('select * from oauth_tokens');
    expect(JSON.stringify(rows)).not.toContain(tokens.access_token);
    expect(JSON.stringify(rows)).not.toContain(tokens.refresh_token);
  });

  it('refuses a wrong code_verifier, and the code is spent by the failed try', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const callback = await consent({ verifier });
    expect(await grantError(() => exchange(callback, oauth.generateRandomCodeVerifier()))).toBe('invalid_grant');
    expect(await grantError(() => exchange(callback, verifier))).toBe('invalid_grant');
  });

  it('refuses a code used twice and ends the tokens the first use gave', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const callback = await consent({ verifier });
    const tokens = await exchange(callback, verifier);
    const api = new ApiClient(platform.url, tokens.access_token);
    expect((await api.get('/api/v1/organizations')).status).toBe(200);
    expect(await grantError(() => exchange(callback, verifier))).toBe('invalid_grant');
    expect((await api.get('/api/v1/organizations')).status).toBe(401);
  });

  it('matches redirect URIs exactly: an unregistered one is never redirected to, a different registered one fails the exchange', async () => {
    const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
    const base = { response_type: 'code', client_id: app.client_id, code_challenge: challenge, code_challenge_method: 'S256' };
    for (const redirect of ['http://localhost:7777/callback/extra', 'http://localhost:7777/callback?x=1', 'https://evil.example.com/callback']) {
      const refused = await authorizeRequest({ ...base, redirect_uri: redirect });
      expect(refused.status).toBe(400);
      expect(refused.location).toBeNull();
      expect(JSON.parse(refused.body).error).toBe('invalid_request');
    }
    const verifier = oauth.generateRandomCodeVerifier();
    const callback = await consent({ verifier, redirect: OTHER_REDIRECT });
    expect(await grantError(() => exchange(callback, verifier, REDIRECT))).toBe('invalid_grant');
  });

  it('sends bad requests back to the app: no PKCE, plain PKCE, scopes beyond the app, and a denial', async () => {
    const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
    const base = { response_type: 'code', client_id: app.client_id, redirect_uri: REDIRECT, state: 'st' };
    const errorOf = async (params: Record<string, string>) => {
      const answer = await authorizeRequest({ ...base, ...params });
      expect(answer.status).toBe(302);
      const location = new URL(answer.location!);
      expect(location.origin + location.pathname).toBe(REDIRECT);
      expect(location.searchParams.get('state')).toBe('st');
      return location.searchParams.get('error');
    };
    expect(await errorOf({})).toBe('invalid_request');
    expect(await errorOf({ code_challenge: challenge, code_challenge_method: 'plain' })).toBe('invalid_request');
    expect(await errorOf({ code_challenge: challenge, code_challenge_method: 'S256', scope: 'projects:read database:write' })).toBe('invalid_scope');
    expect(await errorOf({ code_challenge: challenge, code_challenge_method: 'S256', response_type: 'token' })).toBe('unsupported_response_type');
    // state is kept until the redirect: bounded, and never a NUL (Postgres text cannot hold it).
    const long = await authorizeRequest({ ...base, code_challenge: challenge, code_challenge_method: 'S256', state: 'x'.repeat(1025) });
    expect(new URL(long.location!).searchParams.get('error')).toBe('invalid_request');
    const nul = await authorizeRequest({ ...base, code_challenge: challenge, code_challenge_method: 'S256', state: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body).code).toBe('text_contains_nul');

    const denied = await consent({ verifier: oauth.generateRandomCodeVerifier(), state: 'no-thanks', decision: { decision: 'deny' } });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('no-thanks');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('limits a token to the scopes the member approved', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const tokens = await exchange(await consent({ verifier, scope: 'projects:read' }), verifier);
    const api = new ApiClient(platform.url, tokens.access_token);
    expect((await api.get('/api/v1/projects')).status).toBe(200);
    expect((await api.get('/api/v1/organizations')).status).toBe(403);
  });

  it('lets only a member who may change the organisation approve it', async () => {
    const stranger = await signUp(platform.url);
    const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
    const started = await authorizeRequest({ response_type: 'code', client_id: app.client_id, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256' });
    const id = new URL(started.location!, platform.url).searchParams.get('auth_id');
    const refused = await stranger.api.post(`/api/platform/oauth/authorizations/${id}`, { decision: 'approve', organization_slug: customerSlug });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('organization_not_found');
  });

  it('rotates refresh tokens: the new pair works, the old access token stops, a replayed refresh token ends them all', async () => {
    const first = await fullFlow();
    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretPost(app.client_secret), first.refresh_token!, insecure));
    expect(refreshed.access_token).not.toBe(first.access_token);
    expect((await new ApiClient(platform.url, refreshed.access_token).get('/api/v1/projects')).status).toBe(200);
    expect((await new ApiClient(platform.url, first.access_token).get('/api/v1/projects')).status).toBe(401);

    const replay = () => oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretPost(app.client_secret), first.refresh_token!, insecure).then((response) => oauth.processRefreshTokenResponse(as, client, response));
    expect(await grantError(replay)).toBe('invalid_grant');
    expect((await new ApiClient(platform.url, refreshed.access_token).get('/api/v1/projects')).status).toBe(401);
  });

  it('revokes a token through the revocation endpoint', async () => {
    const tokens = await fullFlow();
    const api = new ApiClient(platform.url, tokens.access_token);
    expect((await api.get('/api/v1/projects')).status).toBe(200);
    const response = await oauth.revocationRequest(as, client, oauth.ClientSecretBasic(app.client_secret), tokens.access_token, insecure);
    await oauth.processRevocationResponse(response);
    expect((await api.get('/api/v1/projects')).status).toBe(401);
    expect(await grantError(() => oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretBasic(app.client_secret), tokens.refresh_token!, insecure).then((r) => oauth.processRefreshTokenResponse(as, client, r)))).toBe('invalid_grant');
  });

  it('lists the app as authorised on the organisation, and revoking it there ends its tokens', async () => {
    const tokens = await fullFlow();
    const api = new ApiClient(platform.url, tokens.access_token);
    const listed = await customer.api.get(`/api/platform/organizations/${customerSlug}/oauth/authorized-apps`);
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body[0]).toMatchObject({ app_id: app.id, name: 'Deploy bot', authorized_by: customer.email });
    for (const grant of listed.body) {
      expect((await customer.api.delete(`/api/platform/organizations/${customerSlug}/oauth/authorized-apps/${grant.id}`)).status).toBe(200);
    }
    expect((await customer.api.get(`/api/platform/organizations/${customerSlug}/oauth/authorized-apps`)).body).toEqual([]);
    expect((await api.get('/api/v1/projects')).status).toBe(401);
  });

  it('authenticates the client: a regenerated secret replaces the old one', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const callback = await consent({ verifier });
    const publisherSlug = (await publisher.api.get('/api/organizations')).body[0].slug;
    const reset = await publisher.api.post(`/api/platform/organizations/${publisherSlug}/oauth/apps/${app.id}/client-secret`);
    expect(reset.status).toBe(200);
    const oldSecret = app.client_secret;
    expect(reset.body.client_secret).not.toBe(oldSecret);
    const params = oauth.validateAuthResponse(as, client, callback, oauth.expectNoState);
    const refused = await oauth.authorizationCodeGrantRequest(as, client, oauth.ClientSecretBasic(oldSecret), params, REDIRECT, verifier, insecure);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error).toBe('invalid_client');
    app = { ...app, client_secret: reset.body.client_secret };
    expect((await fullFlow()).access_token).toMatch(/^sbp_oauth_/);
    // The customer cannot manage the publisher's app.
    expect((await customer.api.delete(`/api/platform/organizations/${publisherSlug}/oauth/apps/${app.id}`)).status).toBe(404);
  });

  it('deleting the app ends every token it holds', async () => {
    const tokens = await fullFlow();
    const publisherSlug = (await publisher.api.get('/api/organizations')).body[0].slug;
    expect((await publisher.api.delete(`/api/platform/organizations/${publisherSlug}/oauth/apps/${app.id}`)).status).toBe(200);
    expect((await new ApiClient(platform.url, tokens.access_token).get('/api/v1/projects')).status).toBe(401);
  });

  it('publishes the authorization server metadata (RFC 8414), which a client library discovers', async () => {
    const issuer = new URL(platform.url);
    const response = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure });
    expect(response.headers.get('content-type')).toContain('application/json');
    const metadata = await oauth.processDiscoveryResponse(issuer, response);
    expect(metadata).toMatchObject({
      authorization_endpoint: as.authorization_endpoint,
      token_endpoint: as.token_endpoint,
      revocation_endpoint: as.revocation_endpoint,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
    expect(new URL(metadata.issuer).href).toBe(issuer.href);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['organizations:read', 'projects:read']));
  });

  // Last: it spends this client's budget for the minute.
  it('limits token requests per client address, counted in the platform database every node shares', async () => {
    const form = () => new URLSearchParams({ grant_type: 'authorization_code', code: 'nope', client_id: app.client_id, client_secret: 'wrong' });
    const statuses: number[] = [];
    let refusal: Response | null = null;
    // 60 a minute: within 121 requests one minute's budget is spent, even if a new minute starts midway.
    for (let i = 0; i < 121 && !refusal; i++) {
      const response = await fetch(as.token_endpoint!, { method: 'POST', body: form() });
      statuses.push(response.status);
      if (response.status === 429) refusal = response;
    }
    expect(refusal, statuses.join(',')).not.toBeNull();
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(Number(refusal!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refusal!.json()).toMatchObject({ error: 'slow_down', error_description: expect.stringContaining('Too many requests') });
    const { rows } = await platform.control.db.query<{ hits: number }>(`select hits from rate_limit_windows where key like 'oauth-token:%'`);
    expect(rows.reduce((sum, row) => sum + row.hits, 0)).toBeGreaterThan(60);
  });
});
