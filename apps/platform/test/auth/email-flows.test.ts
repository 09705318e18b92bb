/**
 * The email flows of a project's /auth/v1 through supabase-js, on a running platform: confirmation,
 * magic link and OTP, PKCE, recovery, email change (both links), anonymous -> permanent,
 * reauthentication, redirects limited to the allow-list, hooks, and mail read from the catcher.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoWebSocket } from '../rest/harness.ts';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
import type { EngineName } from '../support/platform.ts';
// One node, or N behind a proxy under PLINTH_TEST_FLEET=N.
import { startPlatform } from '../support/fleet-platform.ts';

const SITE = 'http://app.test';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

describe.each<EngineName>(['local', 'embedded'])('auth email flows on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let api: ApiClient;
  let ref: string;
  let url: string;
  let anonKey: string;
  let serviceKey: string;

  const client = (options: { pkce?: boolean; key?: string } = {}): SupabaseClient =>
    createClient(url, options.key ?? anonKey, {
      auth: { persistSession: true, storage: memoryStorage(), autoRefreshToken: false, detectSessionInUrl: false, flowType: options.pkce ? 'pkce' : 'implicit' },
      realtime: { transport: NoWebSocket as never },
    });
  const configure = async (patch: Record<string, unknown>) => {
    const response = await api.patch(`/api/platform/projects/${ref}/config/auth`, patch);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const inbox = async (): Promise<Mail[]> => (await api.get(`/api/platform/projects/${ref}/mail`)).body;
  const latestMailTo = async (to: string): Promise<Mail> => {
    const mail = (await inbox()).find((m) => m.to === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  };
  const linkIn = (mail: Mail) => /href="([^"]+)"/.exec(mail.html)![1].replace(/&amp;/g, '&');
  const codeIn = (mail: Mail) => /code: (\d{6})/i.exec(mail.text)![1];
  const follow = async (link: string) => {
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location')!);
  };
  const fragmentOf = (location: URL) => new URLSearchParams(location.hash.slice(1));

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    ({ api } = await signUp(platform.url));
    const slug = (await api.post('/api/organizations', { name: 'Auth Co', plan: 'pro', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug as string;
    const { body } = await api.post('/api/projects', { name: 'Accounts', organization_slug: slug, db_pass: 'a-long-db-password' });
    ref = body.ref;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    const settings = (await api.get(`/api/props/project/${ref}/settings`)).body;
    url = `${platform.url}/p/${ref}`;
    anonKey = settings.autoApiService.defaultApiKey;
    serviceKey = settings.autoApiService.serviceApiKey;
    await configure({ mailer_autoconfirm: false, site_url: SITE, uri_allow_list: `${SITE}/**`, smtp_max_frequency: 0 });
  });
  afterAll(() => platform?.stop());

  it('keeps secrets write-only and refuses an inconsistent configuration', async () => {
    const config = await configure({ external_github_client_id: 'gh-id', external_github_secret: 'gh-secret' });
    expect(config).toMatchObject({ external_github_secret: null, secrets_set: { external_github_secret: true }, external_callback_url: `${url}/auth/v1/callback` });
    const bad = await api.patch(`/api/platform/projects/${ref}/config/auth`, { external_google_enabled: true });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('client ID and a secret');
    const v1 = await api.get(`/api/v1/projects/${ref}/config/auth`);
    expect(v1.body).toMatchObject({ site_url: SITE, mailer_autoconfirm: false });
  });

  it("answers GoTrue's errors for sign-in methods that are off", async () => {
    expect((await client().auth.signUp({ phone: '+15555550100', password: 'password-123' })).error?.code).toBe('phone_provider_disabled');
    expect((await client().auth.signInWithSSO({ domain: 'example.com' })).error?.code).toBe('saml_provider_disabled');
    const web3 = await fetch(`${url}/auth/v1/token?grant_type=web3`, {
      method: 'POST', headers: { apikey: anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' }, body: '{}',
    });
    expect(await web3.json()).toMatchObject({ code: 'web3_provider_disabled' });
  });

  it('confirms a sign-up through the emailed link and redirects only where allowed', async () => {
    const email = uniqueEmail('confirm');
    const { data, error } = await client().auth.signUp({ email, password: 'password-123', options: { emailRedirectTo: `${SITE}/welcome` } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'password-123' })).error?.code).toBe('email_not_confirmed');
    const mail = await latestMailTo(email);
    expect(mail.subject).toBe('Confirm your sign-up');
    const location = await follow(linkIn(mail));
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/welcome`);
    const tokens = fragmentOf(location);
    expect(tokens.get('type')).toBe('signup');
    const { data: user } = await client().auth.getUser(tokens.get('access_token')!);
    expect(user.user?.email_confirmed_at).toBeTruthy();
    // Single use: the same link now lands with an error, still on the allowed site.
    const again = await follow(linkIn(mail));
    expect(fragmentOf(again).get('error_code')).toBe('otp_expired');
    expect((await client().auth.signInWithPassword({ email, password: 'password-123' })).error).toBeNull();
  });

  it('never redirects outside the allow-list', async () => {
    const email = uniqueEmail('redirect');
    await client().auth.signInWithOtp({ email, options: { emailRedirectTo: 'https://evil.test/steal' } });
    const link = new URL(linkIn(await latestMailTo(email)));
    expect(link.searchParams.get('redirect_to')).toBe(SITE);
    link.searchParams.set('redirect_to', 'https://evil.test/steal');
    expect((await follow(link.toString())).origin).toBe(SITE);
  });

  it('signs in with an emailed code once, and refuses wrong codes', async () => {
    const email = uniqueEmail('otp');
    await client().auth.signUp({ email, password: 'password-123' });
    await client().auth.verifyOtp({ email, token: codeIn(await latestMailTo(email)), type: 'signup' });
    expect((await client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const mail = await latestMailTo(email);
    expect(mail.subject).toBe('Your sign-in link');
    const code = codeIn(mail);
    expect((await client().auth.verifyOtp({ email, token: code === '000000' ? '111111' : '000000', type: 'email' })).error?.code).toBe('otp_expired');
    const verified = await client().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    expect((await client().auth.verifyOtp({ email, token: code, type: 'email' })).error?.code).toBe('otp_expired');
    expect((await client().auth.signInWithOtp({ email: uniqueEmail('nobody'), options: { shouldCreateUser: false } })).error?.code).toBe('otp_disabled');
  });

  it('finishes a PKCE magic link with a code exchanged for a session', async () => {
    const email = uniqueEmail('pkce');
    const pkce = client({ pkce: true });
    await pkce.auth.signInWithOtp({ email, options: { emailRedirectTo: `${SITE}/callback` } });
    const location = await follow(linkIn(await latestMailTo(email)));
    expect(location.pathname).toBe('/callback');
    expect(location.hash).toBe('');
    const code = location.searchParams.get('code')!;
    const { data, error } = await pkce.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    // The code works once, and only with the verifier that started the flow.
    expect((await client({ pkce: true }).auth.exchangeCodeForSession(code)).error).not.toBeNull();
  });

  it('recovers a password without telling which addresses have accounts', async () => {
    const email = uniqueEmail('recover');
    await client().auth.signUp({ email, password: 'password-123' });
    await client().auth.verifyOtp({ email, token: codeIn(await latestMailTo(email)), type: 'signup' });
    const before = (await inbox()).length;
    expect((await client().auth.resetPasswordForEmail(uniqueEmail('ghost'))).error).toBeNull();
    expect((await inbox()).length).toBe(before);
    expect((await client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await latestMailTo(email);
    expect(mail.subject).toBe('Reset your password');
    const tokenHash = new URL(linkIn(mail)).searchParams.get('token')!;
    const user = client();
    expect((await user.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' })).error).toBeNull();
    expect((await user.auth.updateUser({ password: 'password-456' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'password-456' })).error).toBeNull();
  });

  it('changes an email only after both addresses confirm', async () => {
    const email = uniqueEmail('old');
    const next = uniqueEmail('new');
    const user = client();
    await user.auth.signUp({ email, password: 'password-123' });
    await user.auth.verifyOtp({ email, token: codeIn(await latestMailTo(email)), type: 'signup' });
    const { data } = await user.auth.updateUser({ email: next });
    expect(data.user).toMatchObject({ email, new_email: next });
    const toNew = await latestMailTo(next);
    const toOld = (await inbox()).find((m) => m.to === email && m.subject === 'Confirm your new email address')!;
    expect(fragmentOf(await follow(linkIn(toNew))).get('message')).toContain('confirm link sent to the other email');
    const done = fragmentOf(await follow(linkIn(toOld)));
    const { data: changed } = await client().auth.getUser(done.get('access_token')!);
    expect(changed.user?.email).toBe(next);
  });

  it('makes an anonymous user permanent by linking an email, where anonymous sign-ins are on', async () => {
    expect((await client().auth.signInAnonymously()).error?.code).toBe('anonymous_provider_disabled');
    await configure({ external_anonymous_users_enabled: true });
    expect((await (await fetch(`${url}/auth/v1/settings`, { headers: { apikey: anonKey } })).json()).external.anonymous_users).toBe(true);
    const user = client();
    const { data } = await user.auth.signInAnonymously();
    expect(data.user?.is_anonymous).toBe(true);
    const email = uniqueEmail('anon');
    expect((await user.auth.updateUser({ email })).error).toBeNull();
    await user.auth.verifyOtp({ email, token: codeIn(await latestMailTo(email)), type: 'email_change' });
    const { data: permanent } = await user.auth.getUser();
    expect(permanent.user).toMatchObject({ email, is_anonymous: false });
    expect((await user.auth.updateUser({ password: 'password-123' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'password-123' })).error).toBeNull();
  });

  it('asks for the emailed nonce before a password change when reauthentication is required', async () => {
    await configure({ security_update_password_require_reauthentication: true });
    const email = uniqueEmail('reauth');
    const user = client();
    await user.auth.signUp({ email, password: 'password-123' });
    await user.auth.verifyOtp({ email, token: codeIn(await latestMailTo(email)), type: 'signup' });
    expect((await user.auth.updateUser({ password: 'password-456' })).error?.code).toBe('reauthentication_needed');
    expect((await user.auth.reauthenticate()).error).toBeNull();
    const nonce = codeIn(await latestMailTo(email));
    expect((await user.auth.updateUser({ password: 'password-456', nonce: '000000' === nonce ? '111111' : '000000' })).error?.code).toBe('reauthentication_not_valid');
    expect((await user.auth.updateUser({ password: 'password-456', nonce })).error).toBeNull();
    await configure({ security_update_password_require_reauthentication: false });
  });

  it('generates links and invites through the admin API, lists factors and bans', async () => {
    const admin = client({ key: serviceKey }).auth.admin;
    const email = uniqueEmail('admin');
    const invited = await admin.inviteUserByEmail(email, { redirectTo: `${SITE}/invited` });
    expect(invited.error).toBeNull();
    const invite = await latestMailTo(email);
    expect(invite.subject).toBe("You're invited");
    expect(fragmentOf(await follow(linkIn(invite))).get('type')).toBe('invite');
    const link = await admin.generateLink({ type: 'magiclink', email });
    expect(link.error).toBeNull();
    expect(link.data.properties).toMatchObject({ verification_type: 'magiclink', redirect_to: SITE });
    expect(link.data.properties!.email_otp).toMatch(/^\d{6}$/);
    const session = await client().auth.verifyOtp({ email, token: link.data.properties!.email_otp, type: 'magiclink' });
    expect(session.error).toBeNull();
    expect((await admin.mfa.listFactors({ userId: invited.data.user!.id })).data?.factors).toEqual([]);
    expect((await admin.updateUserById(invited.data.user!.id, { ban_duration: '24h' })).error).toBeNull();
    expect((await client().auth.refreshSession({ refresh_token: session.data.session!.refresh_token })).error).not.toBeNull();
    expect((await admin.generateLink({ type: 'recovery', email: uniqueEmail('none') })).error?.status).toBe(404);
  });

  it('runs the custom access token and before-user-created hooks', async () => {
    const sql = async (query: string) => {
      const response = await api.post(`/api/platform/pg-meta/${ref}/query`, { query });
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
    };
    await sql(`create function public.add_plan_claim(event jsonb) returns jsonb language sql as $$
      select jsonb_build_object('claims', (event->'claims') || '{"plan": "gold"}'::jsonb) $$`);
    await sql(`create function public.refuse_blocked(event jsonb) returns jsonb language sql as $$
      select case when event->'user'->>'email' like '%@blocked.test'
        then '{"error": {"message": "This domain is not allowed", "http_code": 400}}'::jsonb else '{}'::jsonb end $$`);
    await configure({
      mailer_autoconfirm: true,
      hook_custom_access_token_enabled: true,
      hook_custom_access_token_uri: 'pg-functions://postgres/public/add_plan_claim',
      hook_before_user_created_enabled: true,
      hook_before_user_created_uri: 'pg-functions://postgres/public/refuse_blocked',
    });
    const refused = await client().auth.signUp({ email: `someone.${Date.now()}@blocked.test`, password: 'password-123' });
    expect(refused.error?.message).toBe('This domain is not allowed');
    const { data } = await client().auth.signUp({ email: uniqueEmail('hooked'), password: 'password-123' });
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString());
    expect(claims.plan).toBe('gold');
    await configure({ mailer_autoconfirm: false, hook_custom_access_token_enabled: false, hook_before_user_created_enabled: false });
  });

  it('limits the emails sent per hour', async () => {
    const sent = (await inbox()).length;
    await configure({ rate_limit_email_sent: sent });
    const { error } = await client().auth.signInWithOtp({ email: uniqueEmail('limited') });
    expect(error?.code).toBe('over_email_send_rate_limit');
    expect(error?.status).toBe(429);
    await configure({ rate_limit_email_sent: 1000 });
  });
});
