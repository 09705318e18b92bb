/**
 * Dashboard SSO end to end against a real OpenID provider (panva's oidc-provider) on a free port:
 * an owner of a Team organisation sets the provider up, a person with an address on its domain
 * signs in through it over real HTTP (provider login and consent included), gets a working
 * dashboard session through the PKCE exchange and becomes a member. Refusals: a Pro organisation,
 * a forged or replayed state, a wrong verifier, and password sign-in once SSO is required.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, followRedirects } from '../auth/oidc-provider.ts';
import { ApiClient, signUp } from '../support/client.ts';
import { CLIENT_ID, CLIENT_SECRET, DOMAIN, startEmailProvider } from '../support/email-oidc-provider.ts';
import { startPlatform } from '../support/platform.ts';

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

describe('dashboard SSO (OIDC)', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let idp: Awaited<ReturnType<typeof startEmailProvider>>;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let slug: string;
  const publicApi = () => new ApiClient(platform.url);
  const settings = () => ({ issuer: idp.issuer, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, domains: [DOMAIN], enabled: true, enforced: false, default_role: 'Developer' });

  /** The whole browser half: start -> provider (login, consent) -> Plinth's callback -> the studio page it lands on. */
  async function signInThroughProvider(email: string, challenge: string): Promise<{ landing: URL; callback: URL }> {
    const started = await publicApi().post('/api/platform/auth/sso/start', { email, code_challenge: challenge });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(new URL(started.body.url).origin).toBe(idp.issuer);
    const jar = new CookieJar();
    const callback = await followRedirects(started.body.url, (at) => at.pathname === '/api/platform/auth/sso/callback', jar);
    const landing = await followRedirects(callback.href, (at) => at.pathname === '/sign-in/sso');
    return { landing, callback };
  }

  async function exchange(code: string, verifier: string) {
    return publicApi().post('/auth/v1/token?grant_type=pkce', { auth_code: code, code_verifier: verifier });
  }

  beforeAll(async () => {
    platform = await startPlatform({ engine: 'embedded' });
    idp = await startEmailProvider(`${platform.url}/api/platform/auth/sso/callback`);
    owner = await signUp(platform.url, `owner@${DOMAIN}`);
    slug = (await owner.api.post('/api/organizations', { name: 'Acme' })).body.slug;
  });
  afterAll(async () => {
    await idp?.stop();
    await platform?.stop();
  });

  it('is refused on the Pro plan, with the plan named', async () => {
    await platform.control.db.query(`update organizations set plan = 'pro' where slug = $1`, [slug]);
    const refused = await owner.api.put(`/api/platform/organizations/${slug}/sso`, settings());
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe('SSO for the dashboard needs the Team plan or above. This organization is on the Pro plan.');
    expect((await owner.api.get(`/api/platform/organizations/${slug}/sso`)).body).toMatchObject({ available_in_plan: false, configured: false });
  });

  it('is configured on Team by the owner: provider discovered, secret sealed, domain proven', async () => {
    await platform.control.db.query(`update organizations set plan = 'team' where slug = $1`, [slug]);
    const unreachable = await owner.api.put(`/api/platform/organizations/${slug}/sso`, { ...settings(), issuer: 'http://127.0.0.1:9/nothing' });
    expect(unreachable.body.code).toBe('sso_provider_unreachable');
    const foreign = await owner.api.put(`/api/platform/organizations/${slug}/sso`, { ...settings(), domains: ['other.test'] });
    expect(foreign.body).toMatchObject({ code: 'sso_domain_unavailable', message: 'other.test is not the email domain of any owner or administrator of this organization.' });

    const saved = await owner.api.put(`/api/platform/organizations/${slug}/sso`, settings());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({
      available_in_plan: true, configured: true, issuer: idp.issuer, client_id: CLIENT_ID, has_client_secret: true, domains: [DOMAIN],
      enabled: true, enforced: false, default_role: 'Developer', callback_url: `${platform.url}/api/platform/auth/sso/callback`,
    });
    const { rows } = await platform.control.db.query<{ client_secret_enc: string }>('select client_secret_enc from dashboard_sso');
    expect(rows[0].client_secret_enc).not.toContain(CLIENT_SECRET);
    expect(platform.control.secrets.decrypt(rows[0].client_secret_enc)).toBe(CLIENT_SECRET);
    const audit = await owner.api.get(`/api/platform/organizations/${slug}/audit`);
    expect(JSON.stringify(audit.body)).toContain('organization.sso_update');
  });

  it('signs a new person in through the provider, into a dashboard session and the organisation', async () => {
    const email = `dana@${DOMAIN}`;
    const { verifier, challenge } = pkcePair();
    const { landing, callback } = await signInThroughProvider(email, challenge);
    expect(landing.searchParams.get('error')).toBeNull();
    const code = landing.searchParams.get('code')!;
    expect(code).toBeTruthy();

    // Only the holder of the studio's verifier gets the session, and a code works once.
    const stolen = await exchange(code, pkcePair().verifier);
    expect(stolen.status).toBe(403);
    expect(stolen.body.error_code).toBe('bad_code_verifier');
    const session = await exchange(code, verifier);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect((await exchange(code, verifier)).status).toBeGreaterThanOrEqual(400);

    const me = new ApiClient(platform.url, session.body.access_token);
    const profile = await me.get('/api/platform/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.primary_email).toBe(email);
    const members = await owner.api.get(`/api/platform/organizations/${slug}/members`);
    expect(members.body).toContainEqual(expect.objectContaining({ primary_email: email, role: 'Developer' }));
    expect((await me.get('/api/organizations')).body.map((o: { slug: string }) => o.slug)).toContain(slug);

    // The provider's answer is accepted once: the same callback again is refused.
    const replayed = await followRedirects(callback.href, (at) => at.pathname === '/sign-in/sso');
    expect(replayed.searchParams.get('code')).toBeNull();
    expect(replayed.searchParams.get('error')).toBe('This sign-in has expired or was already used. Start again.');
  });

  it('refuses a callback whose state it never issued, and a domain with no SSO', async () => {
    const forged = await followRedirects(`${platform.url}/api/platform/auth/sso/callback?code=abc&state=forged`, (at) => at.pathname === '/sign-in/sso');
    expect(forged.searchParams.get('code')).toBeNull();
    expect(forged.searchParams.get('error')).toBe('This sign-in has expired or was already used. Start again.');
    const unknown = await publicApi().post('/api/platform/auth/sso/start', { email: 'someone@nowhere.test', code_challenge: pkcePair().challenge });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('sso_not_configured');
  });

  it('refuses password sign-in to members on the domain once SSO is required', async () => {
    const outsider = await signUp(platform.url, `contractor@elsewhere.test`);
    await platform.control.db.query(`insert into members (organization_id, user_id, role) select id, $2, 'Developer' from organizations where slug = $1`, [slug, outsider.userId]);
    const required = await owner.api.put(`/api/platform/organizations/${slug}/sso`, { ...settings(), client_secret: undefined, enforced: true });
    expect(required.status, JSON.stringify(required.body)).toBe(200);

    const password = (email: string) => publicApi().post('/auth/v1/token?grant_type=password', { email, password: 'correct-horse-battery' });
    const refused = await password(owner.email);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Your organization requires single sign-on. Use "Continue with SSO" to sign in.');
    // A wrong password still reads as wrong credentials, and other domains keep their passwords.
    expect((await publicApi().post('/auth/v1/token?grant_type=password', { email: owner.email, password: 'not-the-password' })).status).toBe(400);
    expect((await password(outsider.email)).status).toBe(200);

    // The owner signs in through the provider instead, as the same account.
    const { verifier, challenge } = pkcePair();
    const { landing } = await signInThroughProvider(owner.email, challenge);
    const session = await exchange(landing.searchParams.get('code')!, verifier);
    expect(session.body.user?.id).toBe(owner.userId);
  });
});
