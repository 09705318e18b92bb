import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, signKey, JWT_SECRET, uniqueEmail, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  // Without autoconfirm, and with GoTrue's default 10 s refresh-token reuse interval.
  h = await startHarness({ autoconfirm: false });
});
afterAll(() => h.close());

describe('admin API and unconfirmed sign-ups', () => {
  it('sign-up without autoconfirm returns the user and no session; sign-in needs confirmation', async () => {
    const email = uniqueEmail();
    const { data, error } = await h.client().signUp({ email, password: 'password-123' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, email_confirmed_at: null, confirmed_at: null });
    const signIn = await h.client().signInWithPassword({ email, password: 'password-123' });
    expect(signIn.error).toMatchObject({ code: 'email_not_confirmed', status: 400 });

    const confirmed = await h.admin().updateUserById(data.user!.id, { email_confirm: true });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy();
    expect((await h.client().signInWithPassword({ email, password: 'password-123' })).error).toBeNull();
  });

  it('a rotated refresh token presented again within the reuse interval gets the same child', async () => {
    const email = uniqueEmail();
    await h.admin().createUser({ email, password: 'password-123', email_confirm: true });
    const { data } = await h.client().signInWithPassword({ email, password: 'password-123' });
    const first = await h.client().refreshSession({ refresh_token: data.session!.refresh_token });
    const second = await h.client().refreshSession({ refresh_token: data.session!.refresh_token });
    expect(first.error).toBeNull();
    expect(second.error).toBeNull();
    expect(second.data.session!.refresh_token).toBe(first.data.session!.refresh_token);
  });

  it('creates, lists with pagination headers, reads, updates, bans and deletes users', async () => {
    const admin = h.admin();
    const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
    const created = [];
    for (const email of emails) {
      const result = await admin.createUser({ email, password: 'password-123', email_confirm: true, user_metadata: { n: 1 }, app_metadata: { plan: 'pro' } });
      expect(result.error).toBeNull();
      created.push(result.data.user!);
    }
    expect(created[0].app_metadata).toEqual({ plan: 'pro', provider: 'email', providers: ['email'] });
    expect((await admin.createUser({ email: emails[0], password: 'password-123' })).error).toMatchObject({ code: 'email_exists', status: 422 });

    const page = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(2);
    expect(page.data).toMatchObject({ aud: 'authenticated', nextPage: 2 });
    expect((page.data as { total: number }).total).toBeGreaterThanOrEqual(3);

    const raw = await fetch(`${h.url}/admin/users?page=1&per_page=2`, { headers: { authorization: `Bearer ${h.serviceRoleKey}` } });
    expect(raw.headers.get('x-total-count')).toBe(String((page.data as { total: number }).total));
    expect(raw.headers.get('link')).toMatch(/^<\/auth\/v1\/admin\/users\?page=2&per_page=2>; rel="next", <[^>]+>; rel="last"$/);

    const got = await admin.getUserById(created[1].id);
    expect(got.data.user?.email).toBe(emails[1]);
    const updated = await admin.updateUserById(created[1].id, { user_metadata: { n: null, m: 2 }, password: 'changed-password' });
    expect(updated.data.user?.user_metadata).toEqual({ m: 2 });
    expect((await h.client().signInWithPassword({ email: emails[1], password: 'changed-password' })).error).toBeNull();

    const banned = await admin.updateUserById(created[2].id, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    expect((await h.client().signInWithPassword({ email: emails[2], password: 'password-123' })).error?.code).toBe('user_banned');

    const deleted = await admin.deleteUser(created[0].id);
    expect(deleted.error).toBeNull();
    expect((await admin.getUserById(created[0].id)).error).toMatchObject({ code: 'user_not_found', status: 404 });
    // auth-js refuses a non-UUID before sending; the server must still answer 404, not 500.
    const notUuid = await fetch(`${h.url}/admin/users/not-a-uuid`, { headers: { authorization: `Bearer ${h.serviceRoleKey}` } });
    expect(notUuid.status).toBe(404);
    expect((await notUuid.json()).error_code).toBe('user_not_found');
  });

  it('refuses user tokens, anon keys and foreign keys with not_admin / invalid_jwt', async () => {
    const email = uniqueEmail();
    await h.admin().createUser({ email, password: 'password-123', email_confirm: true });
    const { data } = await h.client().signInWithPassword({ email, password: 'password-123' });
    expect((await h.admin(data.session!.access_token).listUsers()).error).toMatchObject({ code: 'not_admin', status: 403 });
    expect((await h.admin(await signKey('anon', JWT_SECRET)).listUsers()).error).toMatchObject({ code: 'not_admin', status: 403 });
    const foreign = await signKey('service_role', 'a-different-secret-for-another-project!');
    expect((await h.admin(foreign).createUser({ email: uniqueEmail() })).error).toMatchObject({ code: 'invalid_jwt', status: 401 });
  });
});
