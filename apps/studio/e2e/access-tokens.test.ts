/**
 * /account/tokens end to end, in a real browser against a real platform: generate a scoped token in
 * the page (shown once), call the Management API with it from the test (it sees the project, and is
 * refused what its scope does not cover), generate an unrestricted one with the keyboard alone, then
 * revoke the first after confirming and see the API answer 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('access-tokens');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let ref: string;

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('tokens'), PASSWORD);
  const slug = (await owner.api.post('/api/platform/organizations', { name: 'Tokens Org' })).body.slug;
  const project = await owner.api.post('/api/platform/projects', { name: 'Token target', organization_slug: slug, db_pass: 'a-long-db-password' });
  expect(project.status).toBeLessThan(300);
  ref = project.body.ref;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

/** The Management API called as a script would: plain fetch with the token. */
async function callApi(token: string, path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${platform.url}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
}

describe('access tokens page', () => {
  it('generates a scoped token shown once, which calls the API, and revokes it', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, '/account/tokens');
    await page.getByTestId('access-tokens-empty').waitFor();
    await shot(page, 'empty');

    await page.getByTestId('access-token-new').click();
    const form = page.getByTestId('access-token-create');
    await form.getByTestId('access-token-submit').click();
    await form.getByText('Please provide a name for the token').waitFor();
    await form.getByTestId('access-token-name').fill('CI deploys');
    await form.getByTestId('access-token-expiry').selectOption('30');
    await form.getByTestId('access-token-limited').check();
    await form.getByTestId('access-token-scopes').getByLabel('projects:read').check();
    await shot(page, 'form');
    await form.getByTestId('access-token-submit').click();

    const created = page.getByTestId('access-token-created');
    const token = (await created.getByTestId('access-token-value').textContent())?.trim() ?? '';
    expect(token).toMatch(/^sbp_[a-f0-9]{40}$/);
    await shot(page, 'created');
    await created.getByRole('button', { name: 'Done' }).click();

    const row = page.getByTestId('access-token-row').filter({ hasText: 'CI deploys' });
    await row.waitFor();
    await row.getByText(`${token.slice(0, 8)}…${token.slice(-4)}`).waitFor();
    await row.getByText('projects:read').waitFor();
    // The secret is not on the page any more.
    expect(await page.content()).not.toContain(token);

    const projects = await callApi(token, '/projects');
    expect(projects.status).toBe(200);
    expect(projects.body.map((p: { ref: string }) => p.ref)).toEqual([ref]);
    const organizations = await callApi(token, '/organizations');
    expect(organizations.status).toBe(403);
    expect(organizations.body.message).toContain('organizations:read');

    // After use the list says when it was last used.
    await page.reload();
    // A reload restores the session and loads the page's chunk again: slow on a loaded machine.
    await row.waitFor({ timeout: 60_000 });
    expect(await row.getByText('Never').count()).toBe(0);

    await row.getByRole('button', { name: 'Revoke CI deploys' }).click();
    const confirm = page.getByTestId('access-token-revoke-confirm');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('access-tokens-empty').waitFor();
    const revoked = await callApi(token, '/projects');
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('access_token_invalid');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('can be used with the keyboard alone: open, name, generate, close', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, '/account/tokens');
    await page.getByTestId('access-token-new').focus();
    await page.keyboard.press('Enter');
    // The name field has the focus; Enter submits the form.
    await page.keyboard.type('keyboard token');
    await page.keyboard.press('Enter');
    const token = (await page.getByTestId('access-token-value').textContent())?.trim() ?? '';
    expect(token).toMatch(/^sbp_[a-f0-9]{40}$/);
    await page.keyboard.press('Escape');
    await page.getByTestId('access-token-created').waitFor({ state: 'detached' });
    const row = page.getByTestId('access-token-row').filter({ hasText: 'keyboard token' });
    await row.getByText('All permissions').waitFor();
    // Unrestricted: the user's whole role, organisations included.
    expect((await callApi(token, '/organizations')).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
