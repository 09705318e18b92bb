/** The pure parts of Authentication > Users and the Mail Inbox: query state, what a user's row says, form checks, the mail frame. */
import { describe, expect, it } from 'vitest';
import { authUsersQuery, authUserCreateBody, authUserUpdateBody, type AuthUser } from '@plinth/api-contract';
import { createUserBody, EMPTY_CREATE_USER, validateCreateUser, validateEmail } from '../src/features/auth-users/add-user-form.ts';
import { BAN_DURATIONS, canReceiveEmail, isBanned, metadataJson, userLabel, userProviders, userStatus } from '../src/features/auth-users/user-facts.ts';
import { ariaSort, DEFAULT_USERS_QUERY, isNarrowed, pageRange, PROVIDER_OPTIONS, toggleSort, withChange } from '../src/features/auth-users/users-query-state.ts';
import { MAIL_CSP, MAIL_SANDBOX, mailDocument, newestFirst } from '../src/features/mail-inbox/mail-document.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const user = (values: Partial<AuthUser> = {}): AuthUser => ({
  id: '6f1c7a52-6d0b-4a4e-9a52-2f4e7f3c1a10', aud: 'authenticated', role: 'authenticated', email: 'ada@example.com', email_confirmed_at: null,
  phone: '', confirmed_at: null, last_sign_in_at: null, app_metadata: {}, user_metadata: {}, identities: [], factors: [],
  created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z', is_anonymous: false, ...values,
});
const identity = (provider: string) => ({
  identity_id: `${provider}-identity`, id: `${provider}-id`, user_id: 'u', identity_data: {}, provider, email: null, last_sign_in_at: null,
  created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z',
});

describe('users query state', () => {
  it('is what the API takes by default', () => {
    expect(authUsersQuery.parse({})).toEqual(DEFAULT_USERS_QUERY);
  });

  it('starts again at page 1 when the search, a filter or the page size changes', () => {
    const onPage3 = { ...DEFAULT_USERS_QUERY, page: 3 };
    expect(withChange(onPage3, { keywords: 'ada' })).toEqual({ ...DEFAULT_USERS_QUERY, keywords: 'ada', page: 1 });
    expect(withChange(onPage3, { filter: 'anonymous' }).page).toBe(1);
    expect(withChange(onPage3, { per_page: 500 })).toMatchObject({ per_page: 500, page: 1 });
  });

  it('sorts by a new column in its natural order, and reverses on the second click', () => {
    const byEmail = toggleSort({ ...DEFAULT_USERS_QUERY, page: 2 }, 'email');
    expect(byEmail).toMatchObject({ sort: 'email', order: 'asc', page: 1 });
    expect(toggleSort(byEmail, 'email')).toMatchObject({ sort: 'email', order: 'desc' });
    expect(toggleSort(byEmail, 'last_sign_in_at')).toMatchObject({ sort: 'last_sign_in_at', order: 'desc' });
    expect(ariaSort(DEFAULT_USERS_QUERY, 'created_at')).toBe('descending');
    expect(ariaSort(byEmail, 'email')).toBe('ascending');
    expect(ariaSort(byEmail, 'created_at')).toBe('none');
    // Every sort and filter the UI offers is one the API accepts.
    for (const sort of ['created_at', 'email', 'last_sign_in_at'] as const) expect(() => authUsersQuery.parse(toggleSort(DEFAULT_USERS_QUERY, sort))).not.toThrow();
    for (const { value } of PROVIDER_OPTIONS) expect(authUsersQuery.parse({ provider: value }).provider).toBe(value);
  });

  it('says which users of the total a page shows', () => {
    expect(pageRange(1, 50, 0, 0)).toEqual({ from: 0, to: 0, pageCount: 1, hasPrevious: false, hasNext: false });
    expect(pageRange(1, 50, 120, 50)).toEqual({ from: 1, to: 50, pageCount: 3, hasPrevious: false, hasNext: true });
    expect(pageRange(3, 50, 120, 20)).toEqual({ from: 101, to: 120, pageCount: 3, hasPrevious: true, hasNext: false });
    expect(pageRange(2, 50, 100, 50)).toMatchObject({ from: 51, to: 100, hasNext: false });
  });

  it('knows when the list is narrowed (no match) rather than empty (no users)', () => {
    expect(isNarrowed(DEFAULT_USERS_QUERY)).toBe(false);
    expect(isNarrowed({ ...DEFAULT_USERS_QUERY, keywords: '  ' })).toBe(false);
    expect(isNarrowed({ ...DEFAULT_USERS_QUERY, keywords: 'ada' })).toBe(true);
    expect(isNarrowed({ ...DEFAULT_USERS_QUERY, filter: 'verified' })).toBe(true);
    expect(isNarrowed({ ...DEFAULT_USERS_QUERY, provider: 'github' })).toBe(true);
  });
});

describe('what a user row says', () => {
  it('names a user by email, then phone, then kind', () => {
    expect(userLabel(user())).toBe('ada@example.com');
    expect(userLabel(user({ email: '', phone: '+4412345' }))).toBe('+4412345');
    expect(userLabel(user({ email: '', is_anonymous: true }))).toBe('Anonymous user');
    expect(userLabel(user({ email: '' }))).toBe('No email or phone');
  });

  it('is banned only until banned_until', () => {
    expect(isBanned(user(), NOW)).toBe(false);
    expect(isBanned(user({ banned_until: '2025-06-02T00:00:00Z' }), NOW)).toBe(true);
    expect(isBanned(user({ banned_until: '2025-05-01T00:00:00Z' }), NOW)).toBe(false);
    expect(isBanned(user({ banned_until: 'not a date' }), NOW)).toBe(false);
  });

  it('reads providers from identities and app_metadata once each', () => {
    expect(userProviders(user({ identities: [identity('email'), identity('github')], app_metadata: { provider: 'email', providers: ['email', 'github'] } }))).toEqual(['email', 'github']);
    expect(userProviders(user({ app_metadata: { providers: ['google', 42] } }))).toEqual(['google']);
    expect(userProviders(user({ email: '', is_anonymous: true }))).toEqual(['anonymous']);
    expect(userProviders(user())).toEqual([]);
  });

  it('shows one status, a ban first', () => {
    expect(userStatus(user(), NOW)).toBe('unverified');
    expect(userStatus(user({ invited_at: '2025-01-01T00:00:00Z' }), NOW)).toBe('invited');
    expect(userStatus(user({ email_confirmed_at: '2025-01-01T00:00:00Z' }), NOW)).toBe('verified');
    expect(userStatus(user({ is_anonymous: true }), NOW)).toBe('anonymous');
    expect(userStatus(user({ email_confirmed_at: '2025-01-01T00:00:00Z', banned_until: '2030-01-01T00:00:00Z' }), NOW)).toBe('banned');
  });

  it('sends email actions only to users with an address', () => {
    expect(canReceiveEmail(user())).toBe(true);
    expect(canReceiveEmail(user({ email: '' }))).toBe(false);
  });

  it('offers ban durations the API accepts, Go-style, with a permanent one', () => {
    for (const { value } of BAN_DURATIONS) {
      expect(value).toMatch(/^\d+h$/);
      expect(authUserUpdateBody.parse({ ban_duration: value })).toEqual({ ban_duration: value });
    }
    expect(BAN_DURATIONS.at(-1)).toEqual({ value: '876000h', label: 'Permanently' });
  });

  it('prints metadata as indented JSON', () => {
    expect(metadataJson({})).toBe('{}');
    expect(metadataJson({ provider: 'email', providers: ['email'] })).toBe('{\n  "provider": "email",\n  "providers": [\n    "email"\n  ]\n}');
  });
});

describe('add user forms', () => {
  it('asks for an email address of the right shape and a password', () => {
    expect(validateCreateUser(EMPTY_CREATE_USER)).toEqual({ email: 'Please provide an email address', password: 'Please provide a password' });
    expect(validateEmail('ada')).toBe('Please enter a valid email address');
    expect(validateEmail(' ada@example.com ')).toBeNull();
    expect(validateCreateUser({ email: 'ada@example.com', password: 'x', autoConfirm: false })).toEqual({});
  });

  it('sends "Auto Confirm User?" as email_confirm, on by default', () => {
    expect(EMPTY_CREATE_USER.autoConfirm).toBe(true);
    const body = createUserBody({ email: ' ada@example.com ', password: 'pw', autoConfirm: false });
    expect(body).toEqual({ email: 'ada@example.com', password: 'pw', email_confirm: false });
    expect(authUserCreateBody.parse(body)).toEqual(body);
  });
});

describe('the mail frame', () => {
  it('puts the content policy first and drops the message own doctype', () => {
    const doc = mailDocument('<!DOCTYPE html><html><head><title>t</title></head><body><a href="https://x.test">Confirm</a></body></html>');
    expect(doc.startsWith(`<!doctype html><meta http-equiv="Content-Security-Policy" content="${MAIL_CSP}"><base target="_blank">`)).toBe(true);
    expect(doc.match(/<!doctype/gi)).toHaveLength(1);
    expect(doc).toContain('<a href="https://x.test">Confirm</a>');
  });

  it('never lets the frame run scripts, submit forms or share the studio origin', () => {
    const tokens = MAIL_SANDBOX.split(/\s+/);
    expect(tokens).not.toContain('allow-scripts');
    expect(tokens).not.toContain('allow-same-origin');
    expect(tokens).not.toContain('allow-forms');
    expect(MAIL_CSP).toContain("default-src 'none'");
    expect(MAIL_CSP).not.toMatch(/script-src/);
  });

  it('orders messages newest first', () => {
    const messages = [{ id: 'a', created_at: '2025-01-01T00:00:00Z' }, { id: 'c', created_at: '2025-03-01T00:00:00Z' }, { id: 'b', created_at: '2025-02-01T00:00:00Z' }];
    expect(newestFirst(messages).map((m) => m.id)).toEqual(['c', 'b', 'a']);
    expect(messages[0].id).toBe('a');
  });
});
