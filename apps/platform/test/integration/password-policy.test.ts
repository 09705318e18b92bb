/**
 * Password policy and email validation, as auth-js (supabase-js's auth) sees them: GoTrue's default
 * of 6 characters for a project, 8 for the platform, the policy stored per project applied on sign-up,
 * password change and admin create/update, and GoTrue's email check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthAdminApi, AuthClient } from '@supabase/auth-js';
import { REQUIRED_CHARACTER_CHOICES } from '../../src/data-plane/auth/index.ts';
import { projectDirectoryFor } from '../../src/data-plane/gateway/index.ts';
import { signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import { ENGINES, startPlatform } from '../support/platform.ts';

const INVALID_EMAIL = { code: 'validation_failed', status: 400, message: 'Unable to validate email address: invalid format' };

describe.each(ENGINES)('password policy and email validation on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let ref: string;
  let keys: { anon: string; service: string };
  const client = (url: string, apikey?: string) =>
    new AuthClient({ url, headers: apikey ? { apikey } : {}, autoRefreshToken: false, persistSession: false, detectSessionInUrl: false });
  const projectAuth = () => client(`${platform.url}/p/${ref}/auth/v1`, keys.anon);
  const platformAuth = () => client(`${platform.url}/auth/v1`);
  const projectAdmin = () => new AuthAdminApi({ url: `${platform.url}/p/${ref}/auth/v1`, headers: { apikey: keys.service, Authorization: `Bearer ${keys.service}` } });

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    const { api } = await signUp(platform.url);
    const slug = (await api.post('/api/organizations', { name: 'Policies', plan: 'free' })).body.slug;
    ref = (await api.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    const settings = (await api.get(`/api/props/project/${ref}/settings`)).body.autoApiService;
    keys = { anon: settings.defaultApiKey, service: settings.serviceApiKey };
  });
  afterAll(async () => platform?.stop());

  it("holds a project's sign-ups to GoTrue's default of 6 characters and refuses passwords of spaces", async () => {
    const short = await projectAuth().signUp({ email: uniqueEmail(), password: 'abc12' });
    expect(short.error).toMatchObject({ name: 'AuthWeakPasswordError', code: 'weak_password', status: 422, message: 'Password should be at least 6 characters.', reasons: ['length'] });
    const spaces = await projectAuth().signUp({ email: uniqueEmail(), password: '        ' });
    expect(spaces.error).toMatchObject({ code: 'weak_password', status: 422, message: 'Password cannot be only whitespace.', reasons: ['characters'] });
    const fine = await projectAuth().signUp({ email: uniqueEmail(), password: 'abc123' });
    expect(fine.error).toBeNull();
    expect(fine.data.session?.access_token).toBeTruthy();
  });

  it('holds platform sign-ups to 8 characters', async () => {
    const short = await platformAuth().signUp({ email: uniqueEmail(), password: 'seven77' });
    expect(short.error).toMatchObject({ code: 'weak_password', status: 422, message: 'Password should be at least 8 characters.', reasons: ['length'] });
    expect((await platformAuth().signUp({ email: uniqueEmail(), password: 'eight888' })).error).toBeNull();
  });

  it('validates email addresses as GoTrue does, on sign-up, email change and the admin API', async () => {
    for (const email of ['not-an-email', 'two@@example.com', 'a b@example.com', 'x@-bad.example.com', 'x@example..com']) {
      expect((await projectAuth().signUp({ email, password: 'abc123' })).error, email).toMatchObject(INVALID_EMAIL);
      expect((await platformAuth().signUp({ email, password: 'eight888' })).error, email).toMatchObject(INVALID_EMAIL);
    }
    expect((await projectAuth().signUp({ email: '', password: 'abc123' })).error).toMatchObject({ code: 'validation_failed', message: 'An email address is required' });

    // GoTrue takes plus addressing, subdomains and single-label hosts, and stores the address lower-cased.
    const accepted = await projectAuth().signUp({ email: `First.Last+${engine}@Sub.Example.co`, password: 'abc123' });
    expect(accepted.data.user?.email).toBe(`first.last+${engine}@sub.example.co`);
    expect((await projectAuth().signUp({ email: `someone.${engine}@localhost`, password: 'abc123' })).error).toBeNull();

    const user = projectAuth();
    await user.signUp({ email: uniqueEmail(), password: 'abc123' });
    expect((await user.updateUser({ email: 'nope' })).error).toMatchObject(INVALID_EMAIL);
    expect((await projectAdmin().createUser({ email: 'nope', password: 'abc123' })).error).toMatchObject(INVALID_EMAIL);
  });

  it("applies the project's stored policy on sign-up, password change and admin create/update", async () => {
    const symbols = REQUIRED_CHARACTER_CHOICES.lower_upper_letters_digits_symbols;
    await platform.control.db.query(`update projects set auth_config = auth_config || jsonb_build_object('password_min_length', 10, 'password_required_characters', $2::text) where ref = $1`, [ref, symbols]);
    projectDirectoryFor(platform.control).invalidate(ref);

    const sets = "abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789, !@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~";
    const both = await projectAuth().signUp({ email: uniqueEmail(), password: 'short' });
    expect(both.error).toMatchObject({
      code: 'weak_password',
      status: 422,
      message: `Password should be at least 10 characters. Password should contain at least one character of each: ${sets}.`,
      reasons: ['length', 'characters'],
    });
    const noSymbol = await projectAuth().signUp({ email: uniqueEmail(), password: 'LongEnough123' });
    expect(noSymbol.error).toMatchObject({ code: 'weak_password', reasons: ['characters'] });

    // A colon counts as a symbol: GoTrue's format escapes it inside the set.
    const user = projectAuth();
    const signedUp = await user.signUp({ email: uniqueEmail(), password: 'Long:Enough123' });
    expect(signedUp.error).toBeNull();
    expect((await user.updateUser({ password: 'lowercase-only-1' })).error).toMatchObject({ code: 'weak_password', reasons: ['characters'] });
    expect((await user.updateUser({ password: 'Upper&lower-1' })).error).toBeNull();

    const admin = projectAdmin();
    expect((await admin.createUser({ email: uniqueEmail(), password: 'Weak1!', email_confirm: true })).error).toMatchObject({ code: 'weak_password', status: 422, reasons: ['length'] });
    expect((await admin.updateUserById(signedUp.data.user!.id, { password: 'nouppercase1!' })).error).toMatchObject({ code: 'weak_password', reasons: ['characters'] });
    expect((await admin.createUser({ email: uniqueEmail(), password: 'Admin-Made-1', email_confirm: true })).error).toBeNull();

    // The platform's own policy is its own.
    expect((await platformAuth().signUp({ email: uniqueEmail(), password: 'eight888' })).error).toBeNull();
  });
});
