/**
 * Settings > Edge Functions end to end, in a real browser against a real platform: the secrets
 * form refuses names the contract refuses, adds two secrets in one save, lists them by name and
 * SHA-256 digest (never the value), replaces one (its digest changes) and deletes one after
 * confirming. A Read-only member sees the list and nothing to change it with, and the server
 * refuses them too.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('function-secrets');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('secrets'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Secrets Org', project: 'Secrets Project' }, 'team');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

async function listedSecrets(): Promise<{ name: string; value: string }[]> {
  const response = await owner.api.get(`/api/v1/projects/${project.ref}/secrets`);
  expect(response.status).toBe(200);
  return (response.body as { name: string; value: string }[]).map(({ name, value }) => ({ name, value }));
}

async function rowDigest(page: Page, name: string): Promise<string | null> {
  return page.getByTestId(`secret-row-${name}`).getByTestId('secret-digest').getAttribute('data-digest');
}

async function refusesBadNames(page: Page): Promise<void> {
  const form = page.getByTestId('secrets-add-form');
  await form.getByTestId('secrets-save').click();
  await form.getByText('Please provide a name for your secret').waitFor();
  await form.getByText('Please provide a value for your secret').waitFor();
  await form.getByTestId('secret-name-input').fill('SUPABASE_URL');
  await form.getByText('Secret names may not start with SUPABASE_: those variables are set by the platform.').waitFor();
  await form.getByTestId('secret-name-input').fill('9LIVES');
  await form.getByText('A secret name has only letters, digits and _ and does not start with a digit.').waitFor();
  await shot(page, 'invalid');
  expect(await listedSecrets()).toEqual([]);
}

async function addsTwoSecrets(page: Page): Promise<void> {
  const form = page.getByTestId('secrets-add-form');
  await form.getByTestId('secret-name-input').fill('STRIPE_KEY');
  const value = form.getByTestId('secret-value-input');
  await value.fill('sk_test_first');
  expect(await value.getAttribute('type')).toBe('password');
  await form.getByTestId('secret-value-input-toggle').click();
  expect(await value.getAttribute('type')).toBe('text');

  await form.getByTestId('secrets-add-row').click();
  await form.getByTestId('secret-name-input').nth(1).fill('API_TOKEN');
  await form.getByTestId('secret-value-input').nth(1).fill('token-two');
  await shot(page, 'add-form');
  await form.getByTestId('secrets-save').click();
  await page.getByText('Successfully saved 2 secrets').waitFor();

  await page.getByTestId('secret-row-STRIPE_KEY').waitFor();
  await page.getByTestId('secret-row-API_TOKEN').waitFor();
  expect(await rowDigest(page, 'STRIPE_KEY')).toBe(sha256('sk_test_first'));
  expect(await rowDigest(page, 'API_TOKEN')).toBe(sha256('token-two'));
  // The digest is shown shortened; the values appear nowhere once saved, and the form is empty again.
  expect(await page.getByTestId('secret-row-STRIPE_KEY').getByTestId('secret-digest').textContent()).toBe(`${sha256('sk_test_first').slice(0, 16)}…`);
  expect(await form.getByTestId('secret-draft').count()).toBe(1);
  expect(await form.getByTestId('secret-value-input').inputValue()).toBe('');
  const text = await page.locator('body').innerText();
  expect(text).not.toContain('sk_test_first');
  expect(text).not.toContain('token-two');
  expect(await listedSecrets()).toEqual([
    { name: 'API_TOKEN', value: sha256('token-two') },
    { name: 'STRIPE_KEY', value: sha256('sk_test_first') },
  ]);
}

async function replacesOne(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Actions for STRIPE_KEY' }).click();
  await page.getByRole('menuitem', { name: 'Edit secret' }).click();
  const dialog = page.getByTestId('edit-secret-dialog');
  await dialog.getByRole('heading', { name: 'Edit secret STRIPE_KEY' }).waitFor();
  // The old value is never shown: the field starts empty.
  expect(await dialog.getByTestId('edit-secret-value-input').inputValue()).toBe('');
  await dialog.getByTestId('edit-secret-save').click();
  await dialog.getByText('Please provide a value for your secret').waitFor();
  await dialog.getByTestId('edit-secret-value-input').fill('sk_test_second');
  await shot(page, 'edit-dialog');
  await dialog.getByTestId('edit-secret-save').click();
  await page.getByText('Successfully updated secret STRIPE_KEY').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => rowDigest(page, 'STRIPE_KEY')).toBe(sha256('sk_test_second'));
  expect(await rowDigest(page, 'API_TOKEN')).toBe(sha256('token-two'));
}

async function deletesOne(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Actions for API_TOKEN' }).click();
  await page.getByRole('menuitem', { name: 'Delete secret' }).click();
  const dialog = page.getByTestId('delete-secret-dialog');
  await dialog.getByRole('heading', { name: 'Delete secret API_TOKEN' }).waitFor();
  await shot(page, 'delete-dialog');
  // Cancelling keeps it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect((await listedSecrets()).map((secret) => secret.name)).toEqual(['API_TOKEN', 'STRIPE_KEY']);

  await page.getByRole('button', { name: 'Actions for API_TOKEN' }).click();
  await page.getByRole('menuitem', { name: 'Delete secret' }).click();
  await dialog.getByRole('button', { name: 'Delete secret' }).click();
  await page.getByText('Successfully deleted secret API_TOKEN').waitFor();
  await page.getByTestId('secret-row-API_TOKEN').waitFor({ state: 'detached' });
  expect(await listedSecrets()).toEqual([{ name: 'STRIPE_KEY', value: sha256('sk_test_second') }]);
}

describe('edge function secrets', () => {
  it('adds two secrets, lists their digests, replaces one and deletes one', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/settings/functions`);
    await page.getByRole('heading', { name: 'Edge Function Secrets' }).waitFor();
    const note = page.getByTestId('secrets-platform-note');
    for (const name of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_DB_URL']) await note.getByText(name, { exact: true }).waitFor();
    await note.getByText(/pick up changed secrets at their next request/).waitFor();
    await page.getByTestId('secrets-empty').getByText('No secrets yet').waitFor();

    await refusesBadNames(page);
    await addsTwoSecrets(page);
    await replacesOne(page);
    await deletesOne(page);
    await shot(page, 'after');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows a Read-only member the secrets without a way to change them, and the server refuses them', async () => {
    const { ref, slug } = project;
    const email = uniqueEmail('secrets-readonly');
    const member = await signUp(platform.url, email, PASSWORD);
    expect((await owner.api.post(`/api/organizations/${slug}/members/invitations`, { email, role: 'Read-only' })).status).toBe(200);
    const invitations = await member.api.get('/api/profile/invitations');
    expect((await member.api.post(`/api/organizations/${slug}/members/invitations/${invitations.body[0].id}/accept`)).status).toBe(200);

    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, email, PASSWORD, `/project/${ref}/settings/functions`);
    await page.getByTestId('secret-row-STRIPE_KEY').waitFor();
    expect(await rowDigest(page, 'STRIPE_KEY')).toBe(sha256('sk_test_second'));
    await page.getByTestId('no-permission').getByText(/add, edit or delete edge function secrets/).waitFor();
    expect(await page.getByTestId('secrets-add-form').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Actions for STRIPE_KEY' }).count()).toBe(0);
    await shot(page, 'read-only');

    const refused = await member.api.post(`/api/v1/projects/${ref}/secrets`, [{ name: 'MINE', value: 'x' }]);
    expect(refused.status).toBe(403);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
