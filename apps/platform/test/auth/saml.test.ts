/**
 * SAML 2.0 single sign-on through supabase-js (signInWithSSO) against a SAML identity provider the
 * test starts (samlify): providers managed with the service key and the Management API, the
 * browser flow (implicit and PKCE), SSO users kept apart from password accounts, and the refusals:
 * SAML off, unknown domain, a replayed or tampered Response.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoWebSocket } from '../rest/harness.ts';
import { signUp, waitForStatus, type ApiClient } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';
import { postIdpForm, startSamlIdp, type SamlAccount, type TestSamlIdp } from './saml-idp.ts';
import { useUpMonthlyActiveUsers } from './spend-cap.ts';

const SITE = 'http://app.test';
const DOMAIN = 'acme.example';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

describe('SAML 2.0 single sign-on (embedded engine)', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let idp: TestSamlIdp;
  let api: ApiClient;
  let ref: string;
  let url: string;
  let anonKey: string;
  let serviceKey: string;
  let providerId: string;
  let accounts = 0;

  const client = (options: { pkce?: boolean } = {}): SupabaseClient =>
    createClient(url, anonKey, {
      auth: { persistSession: true, storage: memoryStorage(), autoRefreshToken: false, detectSessionInUrl: false, flowType: options.pkce ? 'pkce' : 'implicit' },
      realtime: { transport: NoWebSocket as never },
    });
  const admin = (method: string, path: string, body?: unknown) =>
    fetch(`${url}/auth/v1${path}`, {
      method,
      headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));
  const configure = async (patch: Record<string, unknown>) => {
    const response = await api.patch(`/api/platform/projects/${ref}/config/auth`, patch);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  const newAccount = (): SamlAccount => {
    const n = `${Date.now().toString(36)}${accounts++}`;
    return { id: `emp-${n}`, mail: `worker-${n}@${DOMAIN}`, displayName: `Worker ${n}`, department: 'Research' };
  };
  /** The browser's way: the IdP's sign-in page, then its form posted to the project's ACS. */
  const throughIdp = async (idpUrl: string) => postIdpForm(await (await fetch(idpUrl)).text());
  const fragmentOf = (location: string) => new URLSearchParams(new URL(location).hash.slice(1));

  beforeAll(async () => {
    platform = await startPlatform({ engine: 'embedded' });
    ({ api } = await signUp(platform.url));
    const slug = (await api.post('/api/organizations', { name: 'SSO Co', plan: 'pro', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug as string;
    const { body } = await api.post('/api/projects', { name: 'Enterprise', organization_slug: slug, db_pass: 'a-long-db-password' });
    ref = body.ref;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    const settings = (await api.get(`/api/props/project/${ref}/settings`)).body;
    url = `${platform.url}/p/${ref}`;
    anonKey = settings.autoApiService.defaultApiKey;
    serviceKey = settings.autoApiService.serviceApiKey;
    idp = await startSamlIdp(`${url}/auth/v1/sso/saml/metadata`);
  }, 180_000);
  afterAll(async () => {
    await idp?.stop();
    await platform?.stop();
  });

  it('answers "SAML 2.0 is disabled" while SAML is off', async () => {
    const { error } = await client().auth.signInWithSSO({ domain: DOMAIN });
    expect(error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
    expect(await admin('GET', '/admin/sso/providers')).toMatchObject({ status: 404, body: { error_code: 'saml_provider_disabled' } });
    expect((await fetch(`${url}/auth/v1/sso/saml/metadata`)).status).toBe(404);
  });

  it('adds an identity provider from its metadata URL, with domains and an attribute mapping', async () => {
    await configure({ saml_enabled: true, site_url: SITE, uri_allow_list: `${SITE}/**` });
    const settings = await (await fetch(`${url}/auth/v1/settings`, { headers: { apikey: anonKey } })).json();
    expect(settings.external.saml).toBe(true);

    const metadata = await fetch(`${url}/auth/v1/sso/saml/metadata`);
    expect(metadata.headers.get('content-type')).toContain('application/xml');
    const spXml = await metadata.text();
    expect(spXml).toContain(`entityID="${url}/auth/v1/sso/saml/metadata"`);
    expect(spXml).toContain(`Location="${url}/auth/v1/sso/saml/acs"`);

    const created = await admin('POST', '/admin/sso/providers', {
      type: 'saml',
      metadata_url: idp.metadataUrl,
      domains: [DOMAIN.toUpperCase()],
      attribute_mapping: { keys: { department: { name: 'department' }, team: { name: 'team', default: 'unassigned' } } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ saml: { entity_id: idp.entityId, metadata_url: idp.metadataUrl }, domains: [{ domain: DOMAIN }] });
    providerId = created.body.id;
    const listed = await admin('GET', '/admin/sso/providers');
    expect(listed.body.items.map((p: { id: string }) => p.id)).toEqual([providerId]);
  });

  it('refuses a second provider with the same entity id or domain, bad metadata, and a type other than saml', async () => {
    expect(await admin('POST', '/admin/sso/providers', { type: 'saml', metadata_xml: idp.metadataXml })).toMatchObject({ status: 422, body: { error_code: 'saml_idp_already_exists' } });
    const other = await startSamlIdp(`${url}/auth/v1/sso/saml/metadata`);
    try {
      expect(await admin('POST', '/admin/sso/providers', { type: 'saml', metadata_xml: other.metadataXml, domains: [DOMAIN] }))
        .toMatchObject({ status: 400, body: { error_code: 'sso_domain_already_exists' } });
    } finally {
      await other.stop();
    }
    const bad = await admin('POST', '/admin/sso/providers', { type: 'saml', metadata_xml: '<EntityDescriptor>' });
    expect(bad).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
    expect(bad.body.msg).toMatch(/SAML metadata is not valid/);
    expect(await admin('POST', '/admin/sso/providers', { type: 'oidc', metadata_xml: idp.metadataXml })).toMatchObject({ status: 400 });
    expect(await admin('POST', '/admin/sso/providers', { type: 'saml', metadata_xml: idp.metadataXml.replace('Location=', 'x=') }))
      .toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
    // Only the service role manages providers.
    const asAnon = await fetch(`${url}/auth/v1/admin/sso/providers`, { headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } });
    expect(asAnon.status).toBe(403);
  });

  it('signs in through the IdP and lands on the redirect with a session (implicit flow)', async () => {
    const account = newAccount();
    idp.signInAs(account);
    const supabase = client();
    const { data, error } = await supabase.auth.signInWithSSO({ domain: DOMAIN, options: { redirectTo: `${SITE}/welcome` } });
    expect(error).toBeNull();
    expect(data!.url.startsWith(`${idp.metadataUrl.replace('/metadata', '/sso')}?SAMLRequest=`)).toBe(true);
    const landing = await throughIdp(data!.url);
    expect(landing.status).toBe(303);
    expect(landing.location!.startsWith(`${SITE}/welcome#`)).toBe(true);
    const tokens = fragmentOf(landing.location!);
    expect(tokens.get('error_description')).toBeNull();
    const { data: user } = await supabase.auth.getUser(tokens.get('access_token')!);
    expect(user.user).toMatchObject({
      email: account.mail,
      is_sso_user: true,
      app_metadata: { provider: `sso:${providerId}`, providers: [`sso:${providerId}`] },
      user_metadata: { full_name: account.displayName, custom_claims: { department: 'Research', team: 'unassigned' } },
    });
    const claims = JSON.parse(Buffer.from(tokens.get('access_token')!.split('.')[1], 'base64url').toString());
    expect(claims.amr.map((entry: { method: string }) => entry.method)).toEqual(['sso/saml']);

    // The same Response again: its AuthnRequest was answered already.
    const replay = await fetch(landing.form.action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLResponse: landing.form.SAMLResponse, RelayState: landing.form.RelayState }).toString(),
    });
    expect(replay.status).toBe(303);
    expect(fragmentOf(replay.headers.get('location')!).get('error_code')).toBe('saml_relay_state_not_found');
  });

  it('signs in with PKCE (the @supabase/ssr default): a code exchanged for the same user next time', async () => {
    const account = newAccount();
    idp.signInAs(account);
    const first = client({ pkce: true });
    const start = await first.auth.signInWithSSO({ providerId, options: { redirectTo: `${SITE}/callback` } });
    expect(start.error).toBeNull();
    const landing = await throughIdp(start.data!.url);
    const code = new URL(landing.location!).searchParams.get('code');
    expect(code).toBeTruthy();
    const exchanged = await first.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user).toMatchObject({ email: account.mail, is_sso_user: true });

    const again = client({ pkce: true });
    const second = await again.auth.signInWithSSO({ domain: DOMAIN, options: { redirectTo: `${SITE}/callback` } });
    const code2 = new URL((await throughIdp(second.data!.url)).location!).searchParams.get('code');
    const { data } = await again.auth.exchangeCodeForSession(code2!);
    expect(data.user!.id).toBe(exchanged.data.user!.id);
  });

  it('keeps an SSO user apart from a password account with the same address, even with sign-ups off', async () => {
    const account = newAccount();
    const password = 'a-Long-passw0rd!';
    const created = await admin('POST', '/admin/users', { email: account.mail, password, email_confirm: true });
    expect(created.status).toBe(200);
    await configure({ disable_signup: true });
    try {
      idp.signInAs(account);
      const { data } = await client().auth.signInWithSSO({ domain: DOMAIN, options: { redirectTo: `${SITE}/welcome` } });
      const tokens = fragmentOf((await throughIdp(data!.url)).location!);
      const ssoUser = (await client().auth.getUser(tokens.get('access_token')!)).data.user!;
      expect(ssoUser.id).not.toBe(created.body.id);
      expect(ssoUser.email).toBe(account.mail);
      const byPassword = await client().auth.signInWithPassword({ email: account.mail, password });
      expect(byPassword.data.user!.id).toBe(created.body.id);
    } finally {
      await configure({ disable_signup: false });
    }
  });

  it('refuses an unknown domain, a tampered Response and a made-up RelayState', async () => {
    const unknown = await client().auth.signInWithSSO({ domain: 'elsewhere.example' });
    expect(unknown.error).toMatchObject({ status: 404, code: 'sso_provider_not_found' });

    const account = newAccount();
    idp.signInAs(account);
    const { data } = await client().auth.signInWithSSO({ domain: DOMAIN, options: { redirectTo: `${SITE}/welcome` } });
    const page = await (await fetch(data!.url)).text();
    const response = /name="SAMLResponse" value="([^"]*)"/.exec(page)![1];
    const relayState = /name="RelayState" value="([^"]*)"/.exec(page)![1];
    // Another person's address in a Response signed for this one: the signature no longer holds.
    const forged = Buffer.from(Buffer.from(response, 'base64').toString().replace(account.mail, `boss@${DOMAIN}`)).toString('base64');
    const post = (SAMLResponse: string, RelayState: string) =>
      fetch(`${url}/auth/v1/sso/saml/acs`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ SAMLResponse, RelayState }).toString(),
      });
    const tampered = await post(forged, relayState);
    expect(tampered.status).toBe(303);
    const error = fragmentOf(tampered.headers.get('location')!);
    expect(error.get('error_code')).toBe('saml_assertion_invalid');
    expect(tampered.headers.get('location')!.startsWith(`${SITE}/welcome#`)).toBe(true);

    const madeUp = await post(response, crypto.randomUUID());
    expect(fragmentOf(madeUp.headers.get('location')!).get('error_code')).toBe('saml_relay_state_not_found');
  });

  it("counts SSO sign-ins against the spend cap: once the plan's monthly active users are used, only users counted this month sign in", async () => {
    const signIn = async (account: SamlAccount) => {
      idp.signInAs(account);
      const { data } = await client().auth.signInWithSSO({ domain: DOMAIN, options: { redirectTo: `${SITE}/welcome` } });
      return fragmentOf((await throughIdp(data!.url)).location!);
    };
    const counted = newAccount();
    expect((await signIn(counted)).get('access_token')).toBeTruthy();
    const release = await useUpMonthlyActiveUsers(platform, ref, { url, anonKey });
    try {
      expect((await signIn(counted)).get('access_token')).toBeTruthy();
      const refused = await signIn(newAccount());
      expect(refused.get('access_token')).toBeNull();
      expect(refused.get('error_code')).toBe('usage_cap_reached');
    } finally {
      await release();
    }
  });

  it('manages providers through the Management API: update domains, then delete', async () => {
    const listed = await api.get(`/api/v1/projects/${ref}/config/auth/sso/providers`);
    expect(listed.status).toBe(200);
    expect(listed.body.items[0]).toMatchObject({ id: providerId, saml: { entity_id: idp.entityId } });
    const updated = await api.put(`/api/v1/projects/${ref}/config/auth/sso/providers/${providerId}`, { domains: [DOMAIN, 'acme-labs.example'] });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.domains.map((d: { domain: string }) => d.domain)).toEqual(['acme-labs.example', DOMAIN]);
    const other = await startSamlIdp(`${url}/auth/v1/sso/saml/metadata`);
    try {
      const mismatch = await api.put(`/api/v1/projects/${ref}/config/auth/sso/providers/${providerId}`, { metadata_xml: other.metadataXml });
      expect(mismatch.status).toBe(422);
    } finally {
      await other.stop();
    }
    const removed = await api.delete(`/api/platform/projects/${ref}/config/auth/sso/providers/${providerId}`);
    expect(removed.status).toBe(200);
    const { error } = await client().auth.signInWithSSO({ domain: DOMAIN });
    expect(error).toMatchObject({ code: 'sso_provider_not_found' });
  });
});
