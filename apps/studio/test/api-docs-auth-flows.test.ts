/**
 * API docs > User Management runs as written against a real project: every flow's supabase-js
 * snippet with @supabase/supabase-js and its curl snippet with bash + curl, reading links and codes
 * from the project's mail catcher as a user would read their mailbox. (Sign up, password log-in,
 * get/update user and log out run in api-docs-snippets.test.ts.)
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { MailMessage } from '@plinth/api-contract';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp, waitForStatus, type ApiClient } from '../../platform/test/support/client.ts';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { EMAIL, EXAMPLE_OTP, REDIRECT_URL } from '../src/features/api-docs/snippets/auth-requests.ts';
import { authSnippetGroups } from '../src/features/api-docs/snippets/auth-snippets.ts';
import type { Snippet } from '../src/features/api-docs/snippets/types.ts';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const WORK_DIR = path.join(REPO_ROOT, '.tmp', `api-docs-auth-flows-${process.pid}`);

class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used by the auth snippets');
  }
}
type ClientOptions = NonNullable<Parameters<typeof createClient>[2]>;
type RealtimeTransport = NonNullable<ClientOptions['realtime']>['transport'];

let platform: Awaited<ReturnType<typeof startPlatform>>;
let owner: ApiClient;
let ref: string;
let url: string;
let anonKey: string;
let serviceKey: string;

function client(key = anonKey, auth: ClientOptions['auth'] = {}): SupabaseClient {
  return createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false, ...auth }, realtime: { transport: NoWebSocket as unknown as RealtimeTransport } });
}

function snippet(id: string, keysShown = true): Snippet {
  const ctx = { url, anonKey: keysShown ? anonKey : null, serviceKey: keysShown ? serviceKey : null, schema: 'public' };
  const found = authSnippetGroups(ctx).flatMap((group) => group.snippets).find((entry) => entry.id === id);
  if (!found) throw new Error(`no snippet ${id}`);
  return found;
}

type AsyncFunctionConstructor = new (...args: string[]) => (...args: unknown[]) => Promise<{ data: any; error: any }>;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as AsyncFunctionConstructor;

/** A Javascript snippet unchanged, with `supabase` (and the page's `location`) in scope. */
function runJs(code: string, supabase: SupabaseClient, location?: URL): Promise<{ data: any; error: any }> {
  const fn = new AsyncFunction('supabase', 'location', `${code}\nreturn { data: typeof data === 'undefined' ? null : data, error: typeof error === 'undefined' ? null : error }`);
  return fn(supabase, location);
}

/** A Bash snippet unchanged; the last curl's status and body are recorded, `after` runs in the same shell. */
async function runBash(script: string, env: Record<string, string> = {}, after = ''): Promise<{ status: number; body: string; stdout: string }> {
  const bodyFile = path.join(WORK_DIR, `body-${Math.random().toString(36).slice(2)}`);
  const statusFile = `${bodyFile}.status`;
  const wrapper = `curl() { command curl -sS -o "$BODY_FILE" -w '%{http_code}' "$@" > "$STATUS_FILE"; }\n${script}\n${after}`;
  const { stdout } = await run('bash', ['-c', wrapper], { env: { ...process.env, ...env, BODY_FILE: bodyFile, STATUS_FILE: statusFile }, timeout: 20_000 });
  return { status: Number(await readFile(statusFile, 'utf8')), body: await readFile(bodyFile, 'utf8').catch(() => ''), stdout: stdout.trim() };
}

/** The one message the catcher holds for `to`, once it has arrived. */
async function mailTo(to: string): Promise<MailMessage> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { body } = await owner.get<MailMessage[]>(`/api/platform/projects/${ref}/mail`);
    const found = body.filter((message) => message.to === to);
    if (found.length > 1) throw new Error(`${found.length} messages to ${to}`);
    if (found.length === 1) return found[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to}`);
}

const codeOf = (message: MailMessage) => /\b(\d{6})\b/.exec(message.text)![1];
const linkOf = (message: MailMessage) => /href="([^"]*\/verify\?[^"]*)"/.exec(message.html)![1].replace(/&amp;/g, '&');

/** Follows a mail's link as a browser would, up to where it sends the user. */
async function follow(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

async function deleteUsers(): Promise<void> {
  const admin = client(serviceKey);
  const { data } = await admin.auth.admin.listUsers();
  for (const user of data.users) await admin.auth.admin.deleteUser(user.id);
}

beforeAll(async () => {
  platform = await startPlatform();
  owner = (await signUp(platform.url)).api;
  const slug = (await owner.post('/api/organizations', { name: 'Auth Docs', plan: 'free' })).body.slug;
  ref = (await owner.post('/api/projects', { name: 'auth-docs', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
  await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
  const settings = (await owner.get(`/api/platform/props/project/${ref}/settings`)).body;
  url = settings.autoApiService.endpoint;
  anonKey = settings.autoApiService.defaultApiKey;
  serviceKey = settings.autoApiService.serviceApiKey;
  const configured = await owner.patch(`/api/platform/projects/${ref}/config/auth`, {
    site_url: new URL(REDIRECT_URL).origin,
    uri_allow_list: REDIRECT_URL,
    external_anonymous_users_enabled: true,
    external_github_enabled: true,
    external_github_client_id: 'docs-client-id',
    external_github_secret: 'docs-client-secret',
  });
  expect({ status: configured.status, body: configured.status === 200 ? null : configured.body }).toEqual({ status: 200, body: null });
  await mkdir(WORK_DIR, { recursive: true });
}, 120_000);

afterAll(async () => {
  await rm(WORK_DIR, { recursive: true, force: true });
  await platform?.stop();
}, 60_000);

beforeEach(async () => {
  await deleteUsers();
  expect((await owner.delete(`/api/platform/projects/${ref}/mail`)).status).toBe(200);
});

const CONVERT_EMAIL = 'valid.email@supabase.io';

/**
 * After adding an email to an anonymous user: with auto-confirm the user is permanent at once,
 * otherwise the address waits for the link mailed to it.
 */
function permanentOrPending(user: { email?: string; new_email?: string; is_anonymous?: boolean }): boolean {
  return (user.email === CONVERT_EMAIL && user.is_anonymous === false) || user.new_email === CONVERT_EMAIL;
}

describe('User Management snippets against the project auth', () => {
  it('magic link: the mail arrives and its link signs the user in on the redirect URL', async () => {
    expect((await runJs(snippet('login-magic-link').js, client())).error).toBeNull();
    const landed = await follow(linkOf(await mailTo(EMAIL)));
    expect(`${landed.origin}${landed.pathname}`).toBe(REDIRECT_URL);
    expect(new URLSearchParams(landed.hash.slice(1)).get('access_token')).toBeTruthy();

    await owner.delete(`/api/platform/projects/${ref}/mail`);
    expect((await runBash(snippet('login-magic-link').bash!)).status).toBe(200);
    expect((await mailTo(EMAIL)).subject).not.toBe('');
  });

  it('email OTP: the code from the mail signs the user in, once', async () => {
    const supabase = client();
    expect((await runJs(snippet('send-email-otp').js, supabase)).error).toBeNull();
    const code = codeOf(await mailTo(EMAIL));
    const verifyJs = snippet('verify-email-otp').js;
    expect(verifyJs).toContain(EXAMPLE_OTP);
    const verified = await runJs(verifyJs.replace(EXAMPLE_OTP, code), supabase);
    expect({ error: verified.error, email: verified.data?.user?.email, hasSession: !!verified.data?.session }).toEqual({ error: null, email: EMAIL, hasSession: true });
    expect((await runJs(verifyJs.replace(EXAMPLE_OTP, code), client())).error).not.toBeNull();

    await owner.delete(`/api/platform/projects/${ref}/mail`);
    expect((await runBash(snippet('send-email-otp', false).bash!, { SUPABASE_KEY: anonKey })).status).toBe(200);
    const curlCode = codeOf(await mailTo(EMAIL));
    const answer = await runBash(snippet('verify-email-otp', false).bash!.replace(EXAMPLE_OTP, curlCode), { SUPABASE_KEY: anonKey });
    expect({ status: answer.status, token: !!JSON.parse(answer.body).access_token }).toEqual({ status: 200, token: true });
  });

  it('PKCE: the link carries a code that only the requesting client can exchange', async () => {
    const pkce = client(anonKey, { flowType: 'pkce' });
    expect((await runJs(snippet('pkce-sign-in').js, pkce)).error).toBeNull();
    const landed = await follow(linkOf(await mailTo(EMAIL)));
    expect(landed.searchParams.get('code')).toBeTruthy();
    expect(landed.hash).toBe('');
    // Another client has no verifier for it.
    expect((await runJs(snippet('pkce-exchange').js, client(anonKey, { flowType: 'pkce' }), landed)).error).not.toBeNull();
    const exchanged = await runJs(snippet('pkce-exchange').js, pkce, landed);
    expect({ error: exchanged.error, email: exchanged.data?.user?.email }).toEqual({ error: null, email: EMAIL });

    await owner.delete(`/api/platform/projects/${ref}/mail`);
    const asked = await runBash(snippet('pkce-sign-in').bash!, {}, 'echo "$CODE_VERIFIER"');
    expect(asked.status).toBe(200);
    const code = (await follow(linkOf(await mailTo(EMAIL)))).searchParams.get('code')!;
    const wrong = await runBash(snippet('pkce-exchange').bash!, { AUTH_CODE: code, CODE_VERIFIER: 'x'.repeat(64) });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const traded = await runBash(snippet('pkce-exchange').bash!, { AUTH_CODE: code, CODE_VERIFIER: asked.stdout });
    expect({ status: traded.status, email: JSON.parse(traded.body).user?.email }).toEqual({ status: 200, email: EMAIL });
  });

  it('anonymous sign-in, then a permanent user by adding an email', async () => {
    const supabase = client();
    const signedIn = await runJs(snippet('anonymous-sign-in').js, supabase);
    expect({ error: signedIn.error, isAnonymous: signedIn.data?.user?.is_anonymous }).toEqual({ error: null, isAnonymous: true });
    const converted = await runJs(snippet('anonymous-convert').js, supabase);
    expect(converted.error).toBeNull();
    expect(permanentOrPending(converted.data.user)).toBe(true);

    // The snippet's address is taken now: start again from no users.
    await deleteUsers();
    const anonymous = await runBash(snippet('anonymous-sign-in').bash!);
    expect({ status: anonymous.status, isAnonymous: JSON.parse(anonymous.body).user?.is_anonymous }).toEqual({ status: 200, isAnonymous: true });
    const convertedByCurl = await runBash(snippet('anonymous-convert').bash!, { USER_TOKEN: JSON.parse(anonymous.body).access_token });
    expect({ status: convertedByCurl.status, done: permanentOrPending(JSON.parse(convertedByCurl.body)) }).toEqual({ status: 200, done: true });
  });

  it('password recovery and invitations send their mail', async () => {
    expect((await client(serviceKey).auth.admin.createUser({ email: EMAIL, password: 'a-password-1', email_confirm: true })).error).toBeNull();
    expect((await runJs(snippet('forgot-password').js, client())).error).toBeNull();
    expect(linkOf(await mailTo(EMAIL))).toContain('type=recovery');
    // One recovery mail a minute per user: the curl run asks for a new user of the same address.
    await deleteUsers();
    expect((await client(serviceKey).auth.admin.createUser({ email: EMAIL, password: 'a-password-1', email_confirm: true })).error).toBeNull();
    await owner.delete(`/api/platform/projects/${ref}/mail`);
    expect((await runBash(snippet('forgot-password').bash!)).status).toBe(200);
    await mailTo(EMAIL);

    await deleteUsers();
    await owner.delete(`/api/platform/projects/${ref}/mail`);
    expect((await runJs(snippet('invite-user').js, client(serviceKey))).error).toBeNull();
    expect(linkOf(await mailTo(EMAIL))).toContain('type=invite');
    await deleteUsers();
    await owner.delete(`/api/platform/projects/${ref}/mail`);
    // Hidden keys: the service key comes from SERVICE_KEY, and the client key will not do.
    expect((await runBash(snippet('invite-user', false).bash!, { SERVICE_KEY: serviceKey })).status).toBe(200);
    await mailTo(EMAIL);
    expect((await runBash(snippet('invite-user', false).bash!, { SERVICE_KEY: anonKey })).status).toBe(403);
  });

  it('OAuth with supabase-js: the client builds the authorize URL for the provider and redirect', async () => {
    const started = await runJs(snippet('oauth-sign-in').js, client());
    expect(started.error).toBeNull();
    const authorize = new URL(started.data.url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${url}/auth/v1/authorize`);
    expect(authorize.searchParams.get('provider')).toBe('github');
    expect(authorize.searchParams.get('redirect_to')).toBe(REDIRECT_URL);
  });

  it('OAuth with curl: /authorize sends the browser to the enabled provider', async () => {
    const answer = await runBash(snippet('oauth-sign-in').bash!);
    expect(answer.status).toBe(302);
    const location = /^location: (.*)$/im.exec(answer.body)![1].trim();
    expect(location).toMatch(/^https:\/\/github\.com\/login\/oauth\/authorize\?/);
    expect(new URL(location).searchParams.get('client_id')).toBe('docs-client-id');
  });
});
