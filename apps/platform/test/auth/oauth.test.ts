/**
 * Sign-in with an external OpenID provider through supabase-js, against a real provider the test
 * starts (oidc-provider): the browser flow (implicit and PKCE), identities and their linking,
 * signInWithIdToken with a token the provider minted, and the errors of a disabled provider.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoWebSocket } from '../rest/harness.ts';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
// One node, or N behind a proxy under PLINTH_TEST_FLEET=N.
import { startPlatform } from '../support/fleet-platform.ts';
import { useUpMonthlyActiveUsers } from './spend-cap.ts';
import { CookieJar, followRedirects, startIdentityProvider, type TestIdentityProvider } from './oidc-provider.ts';

const SITE = 'http://app.test';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

describe('sign-in with an external OpenID provider (local engine)', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let idp: TestIdentityProvider;
  let api: ApiClient;
  let ref: string;
  let url: string;
  let anonKey: string;
  let account = 0;

  const client = (options: { pkce?: boolean } = {}): SupabaseClient =>
    createClient(url, anonKey, {
      auth: { persistSession: true, storage: memoryStorage(), autoRefreshToken: false, detectSessionInUrl: false, flowType: options.pkce ? 'pkce' : 'implicit' },
      realtime: { transport: NoWebSocket as never },
    });
  const configure = async (patch: Record<string, unknown>) => {
    const response = await api.patch(`/api/platform/projects/${ref}/config/auth`, patch);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  const newAccount = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${account++}`;
  /** The browser's way from the provider URL auth-js gave to the app's page. */
  const signInAt = (providerUrl: string, jar = new CookieJar()) => followRedirects(providerUrl, (at) => at.origin === SITE, jar);
  const fragmentOf = (location: URL) => new URLSearchParams(location.hash.slice(1));
  const withHint = (login: string) => ({ redirectTo: `${SITE}/home`, skipBrowserRedirect: true, queryParams: { login_hint: login } });

  beforeAll(async () => {
    platform = await startPlatform({ engine: 'local' });
    ({ api } = await signUp(platform.url));
    const slug = (await api.post('/api/organizations', { name: 'OAuth Co', plan: 'pro', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug as string;
    const { body } = await api.post('/api/projects', { name: 'Social', organization_slug: slug, db_pass: 'a-long-db-password' });
    ref = body.ref;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    const settings = (await api.get(`/api/props/project/${ref}/settings`)).body;
    url = `${platform.url}/p/${ref}`;
    anonKey = settings.autoApiService.defaultApiKey;
    idp = await startIdentityProvider([`${url}/auth/v1/callback`]);
    await configure({
      site_url: SITE,
      uri_allow_list: `${SITE}/**`,
      external_keycloak_enabled: true,
      external_keycloak_client_id: idp.clientId,
      external_keycloak_secret: idp.clientSecret,
      external_keycloak_url: idp.issuer,
    });
  }, 180_000);
  afterAll(async () => {
    await idp?.stop();
    await platform?.stop();
  });

  it('signs in through the provider and lands on the redirect with a session (implicit flow)', async () => {
    const login = newAccount();
    const supabase = client();
    const { data, error } = await supabase.auth.signInWithOAuth({ provider: 'keycloak', options: withHint(login) });
    expect(error).toBeNull();
    const landing = await signInAt(data.url!);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${SITE}/home`);
    const tokens = fragmentOf(landing);
    expect(tokens.get('error_description')).toBeNull();
    expect(tokens.get('provider_token')).toBeTruthy();
    const { data: user } = await supabase.auth.getUser(tokens.get('access_token')!);
    expect(user.user).toMatchObject({
      email: `${login}@idp.test`,
      app_metadata: { provider: 'keycloak', providers: ['keycloak'] },
      user_metadata: { full_name: `User ${login}`, avatar_url: `https://idp.test/${login}.png`, email_verified: true },
    });
    expect(user.user!.email_confirmed_at).toBeTruthy();
    expect(user.user!.identities).toEqual([expect.objectContaining({ provider: 'keycloak', id: login, identity_data: expect.objectContaining({ sub: login, iss: idp.issuer }) })]);

    // Signing in again finds the same user through its identity.
    const again = fragmentOf(await signInAt((await supabase.auth.signInWithOAuth({ provider: 'keycloak', options: withHint(login) })).data.url!));
    const { data: same } = await supabase.auth.getUser(again.get('access_token')!);
    expect(same.user!.id).toBe(user.user!.id);
  });

  it('ends a PKCE flow with a code the client exchanges', async () => {
    const login = newAccount('pkce');
    const supabase = client({ pkce: true });
    const { data } = await supabase.auth.signInWithOAuth({ provider: 'keycloak', options: withHint(login) });
    expect(new URL(data.url!).searchParams.get('code_challenge_method')).toBe('s256');
    const landing = await signInAt(data.url!);
    expect(landing.hash).toBe('');
    const code = landing.searchParams.get('code');
    expect(code).toBeTruthy();
    const { data: exchanged, error } = await supabase.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(exchanged.session!.user.email).toBe(`${login}@idp.test`);
    // The provider's token comes with the session, as in the implicit flow's fragment.
    expect(exchanged.session!.provider_token).toBeTruthy();
    // A code works once.
    expect((await client({ pkce: true }).auth.exchangeCodeForSession(code!)).error).not.toBeNull();
  });

  it('links a verified address to the existing account, and never redirects outside the allow-list', async () => {
    const login = newAccount('existing');
    const email = `${login}@idp.test`;
    const { data: signedUp } = await client().auth.signUp({ email, password: 'password-123' });
    const { data } = await client().auth.signInWithOAuth({ provider: 'keycloak', options: { ...withHint(login), redirectTo: 'https://evil.test/steal' } });
    const landing = await signInAt(data.url!);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${SITE}/`);
    const { data: user } = await client().auth.getUser(fragmentOf(landing).get('access_token')!);
    expect(user.user!.id).toBe(signedUp.user!.id);
    expect(user.user!.identities!.map((i) => i.provider).sort()).toEqual(['email', 'keycloak']);
    expect(user.user!.app_metadata).toMatchObject({ provider: 'email', providers: expect.arrayContaining(['email', 'keycloak']) });
  });

  it('links an identity to the signed-in user, unlinks it, and refuses to unlink the last one', async () => {
    const supabase = client();
    const { error: signUpError } = await supabase.auth.signUp({ email: uniqueEmail('linker'), password: 'password-123' });
    expect(signUpError).toBeNull();
    const login = newAccount('linked');
    const off = await supabase.auth.linkIdentity({ provider: 'keycloak', options: withHint(login) });
    expect(off.error).toMatchObject({ code: 'manual_linking_disabled', status: 404 });
    await configure({ security_manual_linking_enabled: true });
    const { data: link, error } = await supabase.auth.linkIdentity({ provider: 'keycloak', options: withHint(login) });
    expect(error).toBeNull();
    const landing = await signInAt(link.url!);
    const tokens = fragmentOf(landing);
    expect(tokens.get('error_description')).toBeNull();
    await supabase.auth.setSession({ access_token: tokens.get('access_token')!, refresh_token: tokens.get('refresh_token')! });
    const { data: identities } = await supabase.auth.getUserIdentities();
    expect(identities!.identities.map((i) => i.provider).sort()).toEqual(['email', 'keycloak']);
    const keycloak = identities!.identities.find((i) => i.provider === 'keycloak')!;
    expect(keycloak.identity_data?.email).toBe(`${login}@idp.test`);

    // The same provider account cannot be linked twice.
    const twice = await signInAt((await supabase.auth.linkIdentity({ provider: 'keycloak', options: withHint(login) })).data.url!);
    expect(fragmentOf(twice).get('error_code')).toBe('identity_already_exists');

    expect((await supabase.auth.unlinkIdentity(keycloak)).error).toBeNull();
    const { data: after } = await supabase.auth.getUserIdentities();
    expect(after!.identities.map((i) => i.provider)).toEqual(['email']);
    const { data: user } = await supabase.auth.getUser();
    expect(user.user!.app_metadata.providers).toEqual(['email']);

    const last = await supabase.auth.unlinkIdentity(after!.identities[0]);
    expect(last.error?.code).toBe('single_identity_not_deletable');
    const unknown = await supabase.auth.unlinkIdentity({ ...after!.identities[0], identity_id: '00000000-0000-0000-0000-000000000000' });
    expect(unknown.error?.code).toBe('identity_not_found');
  });

  it('signs in with an ID token the provider minted, checking its nonce', async () => {
    const login = newAccount('idtoken');
    const nonce = 'a-nonce-for-this-sign-in';
    // The app's own code flow with the provider (as a mobile SDK would), stopped before Plinth's callback.
    const authorize = new URL(`${idp.issuer}/auth`);
    authorize.search = new URLSearchParams({ client_id: idp.clientId, redirect_uri: `${url}/auth/v1/callback`, response_type: 'code', scope: 'openid email profile', login_hint: login, nonce }).toString();
    const back = await followRedirects(authorize.href, (at) => at.pathname.endsWith('/auth/v1/callback'));
    const tokenResponse = await fetch(`${idp.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: `${url}/auth/v1/callback`, client_id: idp.clientId, client_secret: idp.clientSecret }),
    });
    const { id_token: idToken } = (await tokenResponse.json()) as { id_token: string };
    expect(idToken).toBeTruthy();

    const wrongNonce = await client().auth.signInWithIdToken({ provider: 'keycloak', token: idToken, nonce: 'another-nonce' });
    expect(wrongNonce.error?.message).toBe('Nonces mismatch');
    const forged = await client().auth.signInWithIdToken({ provider: 'keycloak', token: `${idToken.slice(0, -4)}AAAA`, nonce });
    expect(forged.error?.message).toBe('Bad ID token');

    const { data, error } = await client().auth.signInWithIdToken({ provider: 'keycloak', token: idToken, nonce });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: `${login}@idp.test`, app_metadata: { provider: 'keycloak' } });
    expect(data.user!.identities!.map((i) => i.id)).toEqual([login]);
  });

  it('answers GoTrue errors for disabled providers and bad callbacks', async () => {
    const github = await client().auth.signInWithOAuth({ provider: 'github', options: { skipBrowserRedirect: true } });
    const response = await fetch(github.data.url!, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'provider_disabled', msg: 'Unsupported provider: Provider is not enabled' });
    const idToken = await client().auth.signInWithIdToken({ provider: 'google', token: 'x.y.z' });
    expect(idToken.error?.code).toBe('provider_disabled');

    // A forged or missing state lands on the site with GoTrue's error, never on a requested target.
    const forged = await fetch(`${url}/auth/v1/callback?code=abc&state=not-a-jwt`, { redirect: 'manual' });
    expect(forged.status).toBe(303);
    const landing = new URL(forged.headers.get('location')!);
    expect(landing.origin).toBe(SITE);
    expect(fragmentOf(landing).get('error_code')).toBe('bad_oauth_state');

    // The provider's own refusal reaches the app.
    const { data } = await client().auth.signInWithOAuth({ provider: 'keycloak', options: withHint(newAccount()) });
    const state = new URL((await fetch(data.url!, { redirect: 'manual' })).headers.get('location')!).searchParams.get('state')!;
    const refused = await fetch(`${url}/auth/v1/callback?error=access_denied&error_description=User+cancelled&state=${encodeURIComponent(state)}`, { redirect: 'manual' });
    const refusal = fragmentOf(new URL(refused.headers.get('location')!));
    expect(refusal.get('error')).toBe('access_denied');
    expect(refusal.get('error_description')).toBe('User cancelled');

    await configure({ external_keycloak_enabled: false });
    const disabled = await fetch(data.url!, { redirect: 'manual' });
    expect(disabled.status).toBe(400);
    await configure({ external_keycloak_enabled: true });
  });

  it("counts provider sign-ins against the spend cap: once the plan's monthly active users are used, only users counted this month sign in", async () => {
    const counted = newAccount('counted');
    const signIn = async (login: string) => fragmentOf(await signInAt((await client().auth.signInWithOAuth({ provider: 'keycloak', options: withHint(login) })).data.url!));
    expect((await signIn(counted)).get('access_token')).toBeTruthy();
    const release = await useUpMonthlyActiveUsers(platform, ref, { url, anonKey });
    try {
      expect((await signIn(counted)).get('access_token')).toBeTruthy();
      const refused = await signIn(newAccount('late'));
      expect(refused.get('access_token')).toBeNull();
      expect(refused.get('error_code')).toBe('usage_cap_reached');
      expect(refused.get('error_description')).toContain('monthly active users included in the Pro plan');
    } finally {
      await release();
    }
  });
});
