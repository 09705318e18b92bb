/**
 * Authentication > Users end to end, in a real browser against a real platform: create a user from
 * the Add user menu, find users by search, filter and sort, page through a larger list, open a user's
 * panel, ban and unban (checked by signing in as the user), send a magic link that lands in the mail
 * inbox, remove MFA factors and delete the user after confirming. A Read-only member sees the users
 * but every change is disabled with its tooltip, and the server refuses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { supabaseClient } from '../../platform/test/storage/harness.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, expectDisabledWithTooltip, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const USER_PASSWORD = 'a-user-password-1';
const NO_WRITE = 'You need additional permissions to manage users';

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

const shot = screenshotter('auth-users');

/** The emails of the rows on screen, top to bottom. */
async function rowEmails(page: Page): Promise<string[]> {
  const rows = page.getByTestId('user-row');
  const labels = await rows.evaluateAll((elements) =>
    elements.map((element) => ({ label: element.getAttribute('aria-label') ?? '', top: element.getBoundingClientRect().top })),
  );
  return labels.sort((a, b) => a.top - b.top).map((row) => row.label);
}

async function waitForRows(page: Page, expected: string[]): Promise<void> {
  await expect.poll(() => rowEmails(page), { timeout: 15_000 }).toEqual(expected);
}

async function waitForTotal(page: Page, text: string): Promise<void> {
  await page.getByTestId('users-total').getByText(text, { exact: true }).waitFor({ timeout: 15_000 });
}

describe('Authentication > Users', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  let ownerEmail: string;
  let project: { ref: string; slug: string };
  let url: string;
  let anonKey: string;
  let admin: SupabaseClient;

  beforeAll(async () => {
    ownerEmail = uniqueEmail('users-owner');
    owner = await signUp(platform.url, ownerEmail, PASSWORD);
    // Team: the plan that lets the organisation give a member the Read-only role.
    project = await createActiveProject(owner.api, { organization: 'Users Org', project: 'Users Project' }, 'team');
    const settings = (await owner.api.get(`/api/platform/props/project/${project.ref}/settings`)).body;
    url = settings.autoApiService.endpoint;
    anonKey = settings.autoApiService.defaultApiKey;
    admin = supabaseClient(url, settings.autoApiService.serviceApiKey);
  }, 180_000);

  async function canSignIn(email: string): Promise<{ ok: boolean; message?: string }> {
    const { error } = await supabaseClient(url, anonKey).auth.signInWithPassword({ email, password: USER_PASSWORD });
    return error ? { ok: false, message: error.message } : { ok: true };
  }

  it('creates a user, finds it, bans and unbans it, mails it a magic link and deletes it', async () => {
    const { ref } = project;
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, ownerEmail, PASSWORD, `/project/${ref}/auth/users`);
    await page.getByTestId('users-empty').getByText('No users in your project yet').waitFor();
    await shot(page, 'empty');

    // Create new user: refused while empty, then created confirmed.
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('menuitem', { name: 'Create new user' }).click();
    const dialog = page.getByTestId('create-user-dialog');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.getByText('Please provide an email address').waitFor();
    await dialog.getByText('Please provide a password').waitFor();
    await dialog.getByLabel('Email address').fill('ada@example.com');
    await dialog.getByLabel('User Password').fill(USER_PASSWORD);
    expect(await dialog.getByRole('checkbox', { name: /Auto Confirm User\?/ }).isChecked()).toBe(true);
    await shot(page, 'create-dialog');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Successfully created user ada@example.com').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await waitForRows(page, ['ada@example.com']);
    await page.getByRole('row', { name: 'ada@example.com' }).getByText('Verified').waitFor();
    const { data: listed } = await admin.auth.admin.listUsers();
    const ada = listed.users.find((user) => user.email === 'ada@example.com')!;
    expect(ada.email_confirmed_at).toBeTruthy();
    expect(await canSignIn('ada@example.com')).toEqual({ ok: true });

    // Two more users made through the project's own admin API; the table follows on refresh.
    expect((await admin.auth.admin.createUser({ email: 'bob@example.com', password: USER_PASSWORD, email_confirm: false })).error).toBeNull();
    expect((await admin.auth.admin.createUser({ email: 'carol@example.org', password: USER_PASSWORD, email_confirm: true })).error).toBeNull();
    await page.getByRole('button', { name: 'Refresh users' }).click();
    await waitForTotal(page, 'Showing 1 to 3 of 3 users');
    await waitForRows(page, ['carol@example.org', 'bob@example.com', 'ada@example.com']);

    // Search (debounced), filters and sort.
    await page.getByTestId('users-search').fill('carol');
    await waitForRows(page, ['carol@example.org']);
    await waitForTotal(page, 'Showing 1 to 1 of 1 user');
    await page.getByTestId('users-search').fill(ada.id.slice(0, 13));
    await waitForRows(page, ['ada@example.com']);
    await page.getByTestId('users-search').fill('nobody-here');
    await page.getByTestId('users-no-results').waitFor();
    await page.getByTestId('users-search').fill('');
    await page.getByTestId('users-filter').selectOption('unverified');
    await waitForRows(page, ['bob@example.com']);
    await page.getByTestId('users-filter').selectOption('verified');
    await waitForRows(page, ['carol@example.org', 'ada@example.com']);
    await page.getByTestId('users-filter').selectOption('all');
    await page.getByTestId('users-provider').selectOption('github');
    await page.getByTestId('users-no-results').waitFor();
    await page.getByTestId('users-provider').selectOption('email');
    await waitForTotal(page, 'Showing 1 to 3 of 3 users');
    await page.getByRole('columnheader', { name: 'Email' }).getByRole('button').click();
    await waitForRows(page, ['ada@example.com', 'bob@example.com', 'carol@example.org']);
    await page.getByRole('columnheader', { name: 'Email' }).getByRole('button').click();
    await waitForRows(page, ['carol@example.org', 'bob@example.com', 'ada@example.com']);
    await shot(page, 'sorted');

    // The panel: overview, identities, metadata.
    await page.getByRole('row', { name: 'ada@example.com' }).click();
    const panel = page.getByTestId('user-panel');
    await panel.getByTestId('user-overview').getByText(ada.id).waitFor();
    await panel.getByTestId('user-identities').getByText('email', { exact: true }).waitFor();
    expect(JSON.parse((await panel.getByTestId('user-app-metadata').locator('code').textContent())!)).toMatchObject({ provider: 'email' });
    await panel.getByTestId('user-banned-state').getByText('Not banned').waitFor();
    await shot(page, 'panel');

    // Ban for 7 days: the user can no longer sign in. Unban: they can again.
    await panel.getByRole('button', { name: 'Ban user' }).click();
    const ban = page.getByTestId('ban-user-dialog');
    await ban.getByLabel('7 days').check();
    await ban.getByRole('button', { name: 'Ban user' }).click();
    await ban.waitFor({ state: 'detached' });
    await panel.getByTestId('user-banned-state').getByText('Banned', { exact: true }).waitFor();
    // The row behind the panel (hidden from the accessibility tree while the panel is modal) follows.
    await page.getByTestId('user-row').filter({ hasText: 'ada@example.com' }).getByText('Banned').waitFor();
    const bannedUntil = new Date((await admin.auth.admin.getUserById(ada.id)).data.user!.banned_until!).getTime();
    expect(Math.abs(bannedUntil - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(5 * 60 * 1000);
    expect((await canSignIn('ada@example.com')).ok).toBe(false);
    await panel.getByRole('button', { name: 'Unban user' }).click();
    await page.getByTestId('unban-user-dialog').getByRole('button', { name: 'Unban user' }).click();
    await panel.getByTestId('user-banned-state').getByText('Not banned').waitFor();
    expect(await canSignIn('ada@example.com')).toEqual({ ok: true });

    // A magic link from the panel lands in the mail inbox.
    await panel.getByRole('button', { name: 'Send magic link' }).click();
    await page.getByText('Sent magic link to ada@example.com').waitFor();
    await panel.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Mail Inbox' }).click();
    const message = page.getByTestId('mail-message').filter({ hasText: 'ada@example.com' }).first();
    await message.waitFor({ timeout: 15_000 });
    await message.click();
    await page.getByTestId('mail-reader').getByText('ada@example.com').first().waitFor();
    expect(await page.getByTestId('mail-html').getAttribute('sandbox')).not.toContain('allow-scripts');
    await shot(page, 'inbox');

    // Delete after confirming: the row goes, and so does the user.
    await page.goBack();
    await page.getByRole('row', { name: 'ada@example.com' }).click();
    await panel.getByRole('button', { name: 'Delete user' }).click();
    const confirm = page.getByTestId('delete-user-dialog');
    await confirm.getByText(/This is permanent/).waitFor();
    await shot(page, 'delete-dialog');
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await page.getByText('Deleted user ada@example.com').waitFor();
    await panel.waitFor({ state: 'detached' });
    await waitForTotal(page, 'Showing 1 to 2 of 2 users');
    expect((await admin.auth.admin.getUserById(ada.id)).error).not.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('lists the factors of a user and removes them after confirming', async () => {
    const email = 'mfa@example.com';
    expect((await admin.auth.admin.createUser({ email, password: USER_PASSWORD, email_confirm: true })).error).toBeNull();
    const client = supabaseClient(url, anonKey);
    const signedIn = await client.auth.signInWithPassword({ email, password: USER_PASSWORD });
    expect(signedIn.error).toBeNull();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'work phone' });
    expect(enrolled.error).toBeNull();

    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, ownerEmail, PASSWORD, `/project/${project.ref}/auth/users`);
    await page.getByRole('row', { name: email }).click();
    const panel = page.getByTestId('user-panel');
    await panel.getByTestId('user-factors').getByText('work phone').waitFor();
    await panel.getByRole('button', { name: 'Remove MFA factors' }).click();
    await page.getByTestId('remove-factors-dialog').getByRole('button', { name: 'Remove factors' }).click();
    await panel.getByTestId('user-factors').getByText('No MFA factors enrolled.').waitFor();
    expect((await admin.auth.admin.mfa.listFactors({ userId: signedIn.data.user!.id })).data?.factors).toEqual([]);
    await expectDisabledWithTooltip(page, 'This user has no MFA factors', panel);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('pages through more users than fit a page, rendering only the visible rows', async () => {
    const created = await Promise.all(
      Array.from({ length: 55 }, (_, i) => admin.auth.admin.createUser({ email: `many-${String(i).padStart(2, '0')}@example.net`, email_confirm: true })),
    );
    expect(created.every(({ error }) => error === null)).toBe(true);
    const count = (await admin.auth.admin.listUsers({ perPage: 1000 })).data.users.length;
    expect(count).toBeGreaterThan(55);

    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, ownerEmail, PASSWORD, `/project/${project.ref}/auth/users`);
    await waitForTotal(page, `Showing 1 to 50 of ${count} users`);
    // Virtualised: fewer rows in the page than the 50 of the page.
    expect(await page.getByTestId('user-row').count()).toBeLessThan(50);
    await page.getByRole('button', { name: 'Next page' }).click();
    await waitForTotal(page, `Showing 51 to ${count} of ${count} users`);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByTestId('users-pagination').getByRole('combobox').selectOption('100');
    await waitForTotal(page, `Showing 1 to ${count} of ${count} users`);
    await page.getByTestId('users-search').fill('many-5');
    await waitForTotal(page, 'Showing 1 to 5 of 5 users');
    // Made all at once, so their creation order is arbitrary: sort by email.
    await page.getByRole('columnheader', { name: 'Email' }).getByRole('button').click();
    await waitForRows(page, ['many-50@example.net', 'many-51@example.net', 'many-52@example.net', 'many-53@example.net', 'many-54@example.net']);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("documents every auth flow in API Docs' User Management section, in both languages", async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, ownerEmail, PASSWORD, `/project/${project.ref}/auth/users`);
    await page.getByTestId('api-docs-button').click();
    const dialog = page.getByTestId('api-docs-dialog');
    await dialog.getByRole('button', { name: 'User Management', exact: true }).click();
    for (const title of ['Log in with an email OTP', 'Server-side auth with PKCE', 'Anonymous sign-ins', 'Log in with a third-party provider']) {
      await dialog.getByRole('heading', { name: title }).waitFor();
    }
    expect(await dialog.getByTestId('snippet-pkce-exchange').textContent()).toContain('supabase.auth.exchangeCodeForSession(code)');
    await dialog.getByRole('radio', { name: 'Bash' }).click();
    expect(await dialog.getByTestId('snippet-pkce-exchange').textContent()).toContain(`${url}/auth/v1/token?grant_type=pkce`);
    expect(await dialog.getByTestId('snippet-anonymous-sign-in').textContent()).toContain(`${url}/auth/v1/signup`);
    await shot(page, 'api-docs');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('shows a Read-only member the users but no way to change them, and the server refuses', async () => {
    const { ref, slug } = project;
    const email = uniqueEmail('users-readonly');
    const member = await signUp(platform.url, email, PASSWORD);
    expect((await owner.api.post(`/api/organizations/${slug}/members/invitations`, { email, role: 'Read-only' })).status).toBe(200);
    const invitations = await member.api.get('/api/profile/invitations');
    expect((await member.api.post(`/api/organizations/${slug}/members/invitations/${invitations.body[0].id}/accept`)).status).toBe(200);

    const target = 'looked-up@example.org';
    expect((await admin.auth.admin.createUser({ email: target, password: USER_PASSWORD, email_confirm: true })).error).toBeNull();

    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, email, PASSWORD, `/project/${ref}/auth/users`);
    await page.getByTestId('users-search').fill(target);
    await waitForRows(page, [target]);
    await expectDisabledWithTooltip(page, NO_WRITE);
    await page.getByRole('row', { name: target }).click();
    const panel = page.getByTestId('user-panel');
    await panel.getByTestId('user-overview').waitFor();
    for (const label of ['Send password recovery', 'Ban user', 'Delete user']) {
      expect(await panel.getByRole('button', { name: label }).isDisabled()).toBe(true);
    }
    await expectDisabledWithTooltip(page, NO_WRITE, panel.getByTestId('user-action-delete-user'));
    await shot(page, 'read-only');

    const refused = await member.api.post(`/api/platform/projects/${ref}/auth/users`, { email: 'sneaky@example.com', password: USER_PASSWORD });
    expect(refused.status).toBe(403);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
