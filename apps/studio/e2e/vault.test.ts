/**
 * Settings > Vault end to end, in a real browser against a real platform: adds a secret (stored
 * encrypted: the table holds no plaintext), keeps its value hidden until revealed, edits its name
 * and value, finds it by search, and deletes it after confirming.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('vault');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('vault'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Vault Org', project: 'Vault Project' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

/** The rows of `query` through the SQL endpoint, as the owner. */
async function sql<T>(query: string): Promise<T[]> {
  const response = await owner.api.post(`/api/platform/pg-meta/${project.ref}/query`, { query });
  expect(response.status).toBe(200);
  return response.body as T[];
}

describe('vault', () => {
  it('adds a secret, reveals it, edits it and deletes it', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/settings/vault/secrets`);
    await page.getByRole('heading', { name: /Vault/ }).getByText('Beta').waitFor();
    await page.getByTestId('vault-empty').getByText('No secrets yet').waitFor();

    // Add: a name and a value are required.
    await page.getByTestId('vault-add-secret').click();
    const dialog = page.getByTestId('vault-secret-dialog');
    await dialog.getByTestId('vault-secret-save').click();
    await dialog.getByText('Please provide a name for your secret').waitFor();
    await dialog.getByText('Please provide a value for your secret').waitFor();
    await dialog.getByTestId('vault-secret-name').fill('stripe_key');
    await dialog.getByTestId('vault-secret-value').fill("sk_test_'quoted'\\value");
    await dialog.getByTestId('vault-secret-description').fill('Stripe test key');
    await shot(page, 'add');
    await dialog.getByTestId('vault-secret-save').click();
    await page.getByText('Successfully added secret stripe_key').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByTestId('vault-secret-row-stripe_key');
    await row.getByText('Stripe test key').waitFor();
    // Hidden until revealed, and stored encrypted.
    expect(await page.locator('body').innerText()).not.toContain('sk_test_');
    const [stored] = await sql<{ id: string; secret: string }>(`select id::text as id, secret from vault.secrets where name = 'stripe_key'`);
    expect(stored.secret).not.toContain('sk_test_');
    expect(await row.getByTestId('vault-secret-id').textContent()).toBe(stored.id);

    await row.getByRole('button', { name: 'Reveal value of stripe_key' }).click();
    await expect.poll(() => row.getByTestId('vault-secret-revealed').textContent()).toBe("sk_test_'quoted'\\value");
    await shot(page, 'revealed');
    await row.getByRole('button', { name: 'Hide value of stripe_key' }).click();
    await row.getByTestId('vault-secret-revealed').waitFor({ state: 'detached' });

    // Edit: a new name and value; the old value is never put in the form.
    await page.getByRole('button', { name: 'Actions for stripe_key' }).click();
    await page.getByRole('menuitem', { name: 'Edit secret' }).click();
    await dialog.getByRole('heading', { name: 'Edit secret stripe_key' }).waitFor();
    expect(await dialog.getByTestId('vault-secret-value').inputValue()).toBe('');
    await dialog.getByTestId('vault-secret-name').fill('stripe_live');
    await dialog.getByTestId('vault-secret-value').fill('sk_live_second');
    await dialog.getByTestId('vault-secret-save').click();
    await page.getByText('Successfully updated secret stripe_live').waitFor();
    const edited = page.getByTestId('vault-secret-row-stripe_live');
    await edited.getByRole('button', { name: 'Reveal value of stripe_live' }).click();
    await expect.poll(() => edited.getByTestId('vault-secret-revealed').textContent()).toBe('sk_live_second');
    expect(await sql<{ decrypted_secret: string }>(`select decrypted_secret from vault.decrypted_secrets`)).toEqual([{ decrypted_secret: 'sk_live_second' }]);

    // Search by name, description or id.
    await page.getByPlaceholder('Search by name, description or id').fill('nothing-like-it');
    await page.getByTestId('vault-no-match').waitFor();
    await page.getByPlaceholder('Search by name, description or id').fill(stored.id.slice(0, 8));
    await edited.waitFor();

    // Delete: cancel keeps it, confirming removes it.
    await page.getByRole('button', { name: 'Actions for stripe_live' }).click();
    await page.getByRole('menuitem', { name: 'Delete secret' }).click();
    const confirm = page.getByTestId('vault-delete-dialog');
    await confirm.getByRole('heading', { name: 'Delete secret stripe_live' }).waitFor();
    await shot(page, 'delete');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await sql(`select 1 from vault.secrets`)).toHaveLength(1);
    await page.getByRole('button', { name: 'Actions for stripe_live' }).click();
    await page.getByRole('menuitem', { name: 'Delete secret' }).click();
    await confirm.getByRole('button', { name: 'Delete secret' }).click();
    await page.getByText('Successfully deleted secret stripe_live').waitFor();
    await page.getByPlaceholder('Search by name, description or id').fill('');
    await page.getByTestId('vault-empty').waitFor();
    expect(await sql(`select 1 from vault.secrets`)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
