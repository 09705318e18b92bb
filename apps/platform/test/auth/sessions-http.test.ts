import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { AuthApiError } from '@supabase/auth-js';
import { startHarness, uniqueEmail, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  // Reuse interval 0: any second use of a rotated refresh token counts as reuse.
  h = await startHarness({ refreshTokenReuseIntervalSeconds: 0, rateLimit: { maxAttempts: 5, windowSeconds: 60 } });
});
afterAll(() => h.close());

describe('auth-js against /auth/v1: sessions', () => {
  it('signs up (autoconfirm -> session) and rejects a duplicate with user_already_exists', async () => {
    const email = uniqueEmail();
    const { data, error } = await h.client().signUp({ email, password: 'password-123', options: { data: { name: 'Ada' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', user_metadata: { name: 'Ada' } });
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: data.user?.id });

    const again = await h.client().signUp({ email: email.toUpperCase(), password: 'password-123' });
    expect(again.error).toBeInstanceOf(AuthApiError);
    expect(again.error).toMatchObject({ code: 'user_already_exists', status: 422 });
  });

  it('rejects a weak password and an invalid email with their codes', async () => {
    const weak = await h.client().signUp({ email: uniqueEmail(), password: 'short' });
    expect(weak.error).toMatchObject({ code: 'weak_password', status: 422, name: 'AuthWeakPasswordError' });
    const bad = await h.client().signUp({ email: 'not-an-email', password: 'password-123' });
    expect(bad.error).toMatchObject({ code: 'validation_failed', status: 400, message: 'Unable to validate email address: invalid format' });
  });

  it('signs in, reads and updates the user', async () => {
    const email = uniqueEmail();
    await h.client().signUp({ email, password: 'password-123' });
    const client = h.client();
    const signIn = await client.signInWithPassword({ email, password: 'password-123' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.expires_in).toBe(3600);

    const wrong = await h.client().signInWithPassword({ email, password: 'password-999' });
    expect(wrong.error).toBeInstanceOf(AuthApiError);
    expect(wrong.error).toMatchObject({ code: 'invalid_credentials', status: 400, message: 'Invalid login credentials' });

    const got = await client.getUser();
    expect(got.data.user?.email).toBe(email);
    expect(got.data.user?.last_sign_in_at).toBeTruthy();

    const updated = await client.updateUser({ data: { theme: 'dark' }, password: 'new-password-1' });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ theme: 'dark' });
    expect((await h.client().signInWithPassword({ email, password: 'new-password-1' })).error).toBeNull();
    expect((await h.client().signInWithPassword({ email, password: 'password-123' })).error?.code).toBe('invalid_credentials');
  });

  it('refreshes and rotates refresh tokens; reuse of a rotated token is rejected and ends the session', async () => {
    const email = uniqueEmail();
    const client = h.client();
    const { data } = await client.signUp({ email, password: 'password-123' });
    const first = data.session!;
    const refreshed = await client.refreshSession({ refresh_token: first.refresh_token });
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user.id).toBe(first.user.id);

    const reuse = await h.client().refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 });
    // Reuse looks like theft: the whole session is gone, including the newest token.
    const after = await h.client().refreshSession({ refresh_token: second.refresh_token });
    expect(after.error?.code).toBe('refresh_token_not_found');
    const unknown = await h.client().refreshSession({ refresh_token: 'nope' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });

  it('signs out: the old access token no longer works', async () => {
    const email = uniqueEmail();
    const client = h.client();
    const { data } = await client.signUp({ email, password: 'password-123' });
    const token = data.session!.access_token;
    expect((await client.getUser(token)).error).toBeNull();
    expect((await client.signOut()).error).toBeNull();
    const after = await h.client().getUser(token);
    expect(after.data.user).toBeNull();
    expect(after.error).toBeTruthy();
    await expect(h.service.verifyAccessToken(token)).rejects.toMatchObject({ code: 'session_not_found' });
    const refresh = await h.client().refreshSession({ refresh_token: data.session!.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
  });

  it('logout scope=others keeps only the calling session', async () => {
    const email = uniqueEmail();
    const a = h.client();
    const b = h.client();
    await a.signUp({ email, password: 'password-123' });
    await b.signInWithPassword({ email, password: 'password-123' });
    const tokenA = (await a.getSession()).data.session!.access_token;
    await b.signOut({ scope: 'others' });
    expect((await h.client().getUser(tokenA)).error).toBeTruthy();
    expect((await b.getUser()).error).toBeNull();
  });

  it('rejects a JWT signed with another secret', async () => {
    const email = uniqueEmail();
    const { data } = await h.client().signUp({ email, password: 'password-123' });
    // The genuine claims (live session and all), re-signed with the wrong key and raised to aal2.
    const claims = { ...decodeJwt(data.session!.access_token), aal: 'aal2' };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('some-other-secret-of-sufficient-length!'));
    const result = await h.client().getUser(forged);
    expect(result.error).toMatchObject({ code: 'invalid_jwt', status: 401 });
    await expect(h.service.verifyAccessToken(forged)).rejects.toMatchObject({ code: 'invalid_jwt' });
  });

  it('rate-limits password sign-in per IP and email', async () => {
    const email = uniqueEmail();
    await h.client().signUp({ email, password: 'password-123' });
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 6; i++) codes.push((await h.client().signInWithPassword({ email, password: 'wrong-password' })).error?.code);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('invalid_credentials'));
    expect(codes[5]).toBe('over_request_rate_limit');
    const blocked = await h.client().signInWithPassword({ email, password: 'password-123' });
    expect(blocked.error).toMatchObject({ code: 'over_request_rate_limit', status: 429 });
    // Another account from the same IP is unaffected.
    expect((await h.client().signInWithPassword({ email: uniqueEmail(), password: 'x-password' })).error?.code).toBe('invalid_credentials');
  });
});

describe('raw HTTP shapes', () => {
  it('answers malformed JSON and wrong types with 400 validation_failed, in both error shapes', async () => {
    const malformed = await fetch(`${h.url}/token?grant_type=password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Could not parse request body as JSON.' });

    const wrongType = await fetch(`${h.url}/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: 42, password: ['x'] }),
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await wrongType.json()).toMatchObject({ code: 'validation_failed' });

    const grant = await fetch(`${h.url}/token?grant_type=magic`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(grant.status).toBe(400);
    expect((await grant.json()).error_code).toBe('unsupported_grant_type');
  });

  it('serves settings, health, and a GoTrue-shaped 404', async () => {
    const settings = await (await fetch(`${h.url}/settings`)).json();
    expect(settings).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false, sms_provider: '', saml_enabled: false });
    expect((await fetch(`${h.url}/health`)).status).toBe(200);
    const missing = await fetch(`${h.url}/nope`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error_code).toBe('route_not_found');
  });

  it('requires a bearer token for /user', async () => {
    const response = await fetch(`${h.url}/user`);
    expect(response.status).toBe(401);
    expect((await response.json()).error_code).toBe('not_authenticated');
  });
});
