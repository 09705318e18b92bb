/**
 * Authentication > Mail Inbox end to end, in a real browser against a real platform with no SMTP
 * server: mail the project's own auth sends (password recovery, magic link) appears newest first;
 * a message reads as HTML in a sandboxed frame, where a script in a (hostile) template does not run,
 * and as text; the inbox clears after confirming. A Read-only member reads it but cannot clear it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { supabaseClient } from '../../platform/test/storage/harness.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { MAIL_SANDBOX } from '../src/features/mail-inbox/mail-document.ts';
import { ensureStudioBuilt, expectDisabledWithTooltip, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
/** Tries every way a message could run code; each would tell the page it ran. */
const HOSTILE_TEMPLATE = [
  '<h2>Magic link</h2>',
  '<p><a href="{{ .ConfirmationURL }}">Log In</a></p>',
  '<script>parent.postMessage("script ran", "*")</script>',
  '<img src="data:," onerror="parent.postMessage(\'handler ran\', \'*\')" onload="parent.postMessage(\'handler ran\', \'*\')">',
].join('\n');

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

const shot = screenshotter('auth-inbox');

/** Collects what frames post to the page, from now on. */
async function listenForFrameMessages(page: Page): Promise<() => Promise<unknown[]>> {
  await page.evaluate(() => {
    const received: unknown[] = [];
    (window as unknown as { frameMessages: unknown[] }).frameMessages = received;
    window.addEventListener('message', (event) => received.push(event.data));
  });
  return () => page.evaluate(() => (window as unknown as { frameMessages: unknown[] }).frameMessages);
}

describe('Authentication > Mail Inbox', () => {
  let ownerEmail: string;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let project: { ref: string; slug: string };
  let client: SupabaseClient;
  let admin: SupabaseClient;

  beforeAll(async () => {
    ownerEmail = uniqueEmail('inbox-owner');
    owner = await signUp(platform.url, ownerEmail, PASSWORD);
    // Team: the plan that lets the organisation give a member the Read-only role.
    project = await createActiveProject(owner.api, { organization: 'Inbox Org', project: 'Inbox Project' }, 'team');
    const settings = (await owner.api.get(`/api/platform/props/project/${project.ref}/settings`)).body;
    client = supabaseClient(settings.autoApiService.endpoint, settings.autoApiService.defaultApiKey);
    admin = supabaseClient(settings.autoApiService.endpoint, settings.autoApiService.serviceApiKey);
  }, 180_000);

  it('shows the mail the project sends, newest first, safely, and clears it after confirming', async () => {
    const { ref } = project;
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, ownerEmail, PASSWORD, `/project/${ref}/auth/inbox`);
    await page.getByTestId('mail-inbox-empty').getByText('No emails yet').waitFor();
    const settingsLink = page.getByTestId('mail-inbox-explanation').getByRole('link', { name: 'Authentication settings' });
    expect(await settingsLink.getAttribute('href')).toBe(`/project/${ref}/settings/auth`);
    await shot(page, 'empty');

    // Two messages from the project's own /auth/v1, in order; the inbox polls, Refresh is at hand.
    for (const email of ['first@example.com', 'second@example.com']) {
      // Existing, confirmed users: a new address would get the sign-up confirmation instead of the magic link.
      expect((await admin.auth.admin.createUser({ email, password: 'a-user-password-1', email_confirm: true })).error).toBeNull();
    }
    expect((await client.auth.resetPasswordForEmail('first@example.com')).error).toBeNull();
    const patched = await owner.api.patch(`/api/platform/projects/${ref}/config/auth`, { mailer_templates_magic_link_content: HOSTILE_TEMPLATE });
    expect(patched.status).toBe(200);
    expect((await client.auth.signInWithOtp({ email: 'second@example.com' })).error).toBeNull();
    await page.getByRole('button', { name: 'Refresh' }).click();
    const messages = page.getByTestId('mail-message');
    await expect.poll(() => messages.count(), { timeout: 15_000 }).toBe(2);
    expect(await messages.nth(0).textContent()).toContain('second@example.com');
    expect(await messages.nth(1).textContent()).toContain('first@example.com');
    await page.getByTestId('mail-reader-placeholder').waitFor();

    // The recovery email as HTML: in a frame without scripts, its link opening in a new tab.
    await messages.nth(1).click();
    const frame = page.getByTestId('mail-html');
    expect(await frame.getAttribute('sandbox')).toBe(MAIL_SANDBOX);
    const link = page.frameLocator('[data-testid="mail-html"]').getByRole('link').first();
    expect(await link.getAttribute('href')).toContain(`/p/${ref}/auth/v1/verify`);
    await page.getByRole('radio', { name: 'Text' }).click();
    expect(await page.getByTestId('mail-text').textContent()).toContain(`/p/${ref}/auth/v1/verify`);
    await page.getByRole('radio', { name: 'HTML' }).click();
    await shot(page, 'recovery');

    // The hostile magic link template: neither its script nor its handlers run in the frame. The
    // same markup in a frame allowed to run scripts does post, so silence means the sandbox held.
    const frameMessages = await listenForFrameMessages(page);
    await messages.nth(0).click();
    await page.frameLocator('[data-testid="mail-html"]').getByRole('link', { name: 'Log In' }).waitFor();
    const html = (await owner.api.get(`/api/platform/projects/${ref}/mail`)).body[0].html as string;
    expect(html).toContain('<script>');
    await page.evaluate((markup) => {
      const control = document.createElement('iframe');
      control.setAttribute('sandbox', 'allow-scripts');
      control.srcdoc = markup;
      document.body.append(control);
    }, html);
    await expect.poll(frameMessages, { timeout: 10_000 }).toEqual(expect.arrayContaining(['script ran', 'handler ran']));
    await page.waitForTimeout(500);
    // Only the control frame posted: once each.
    expect([...(await frameMessages())].sort()).toEqual(['handler ran', 'script ran']);
    await shot(page, 'magic-link');

    // Clear, after confirming.
    await page.getByRole('button', { name: 'Clear inbox' }).click();
    const confirm = page.getByTestId('clear-inbox-dialog');
    await confirm.getByText('All 2 messages will be deleted.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Clear inbox' }).click();
    await page.getByTestId('mail-inbox-empty').waitFor();
    expect((await owner.api.get(`/api/platform/projects/${ref}/mail`)).body).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('lets a Read-only member read the inbox but not clear it', async () => {
    const { ref, slug } = project;
    // Another address: GoTrue lets one address ask for a mail only once a minute.
    expect((await admin.auth.admin.createUser({ email: 'third@example.com', password: 'a-user-password-1', email_confirm: true })).error).toBeNull();
    expect((await client.auth.resetPasswordForEmail('third@example.com')).error).toBeNull();
    const email = uniqueEmail('inbox-readonly');
    const member = await signUp(platform.url, email, PASSWORD);
    expect((await owner.api.post(`/api/organizations/${slug}/members/invitations`, { email, role: 'Read-only' })).status).toBe(200);
    const invitations = await member.api.get('/api/profile/invitations');
    expect((await member.api.post(`/api/organizations/${slug}/members/invitations/${invitations.body[0].id}/accept`)).status).toBe(200);

    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, email, PASSWORD, `/project/${ref}/auth/inbox`);
    await page.getByTestId('mail-message').filter({ hasText: 'third@example.com' }).waitFor();
    await expectDisabledWithTooltip(page, 'You need additional permissions to clear the inbox');
    expect((await member.api.delete(`/api/platform/projects/${ref}/mail`)).status).toBe(403);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
