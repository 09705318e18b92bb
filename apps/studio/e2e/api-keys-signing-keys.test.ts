/**
 * Settings > API's signing keys and API keys end to end, in a real browser against a real platform:
 * create a standby ES256 key, rotate to it (the legacy secret becomes previously used and new
 * sessions are signed ES256), then create a secret API key, reveal it, see it work as service_role
 * and delete it — after which it is refused. A Developer sees the keys but not the controls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { supabaseClient } from '../../platform/test/storage/harness.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { ensureStudioBuilt, expectDisabledWithTooltip, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';

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

const shot = screenshotter('keys', { fullPage: true });

const signingRow = (page: Page, status: string, algorithm: string) =>
  page.getByTestId('signing-keys-panel').locator(`[data-testid="signing-key-row"][data-status="${status}"][data-algorithm="${algorithm}"]`);

async function createAndRotateStandbyKey(page: Page): Promise<void> {
  const panel = page.getByTestId('signing-keys-panel');
  await signingRow(page, 'in_use', 'HS256').waitFor();
  await panel.getByTestId('signing-key-create').click();
  const dialog = page.getByTestId('signing-key-create-dialog');
  await dialog.getByRole('radio', { name: 'ECC (P-256)' }).waitFor();
  await dialog.getByTestId('signing-key-create-confirm').click();
  await dialog.waitFor({ state: 'detached' });
  const standby = signingRow(page, 'standby', 'ES256');
  await standby.getByText('Standby key').waitFor();
  await shot(page, 'standby');

  await standby.getByRole('button', { name: 'Actions for standby key ES256' }).click();
  await page.getByRole('menuitem', { name: 'Rotate to this key' }).click();
  const confirm = page.getByTestId('signing-key-rotate-dialog');
  await confirm.getByText('Rotate to this key?').waitFor();
  await confirm.getByRole('button', { name: 'Rotate keys' }).click();
  await confirm.waitFor({ state: 'detached' });
  await signingRow(page, 'in_use', 'ES256').getByText('Current key').waitFor();
  await signingRow(page, 'previously_used', 'HS256').getByText('Previously used').waitFor();
  await shot(page, 'rotated');
}

async function createSecretKey(page: Page): Promise<void> {
  const panel = page.getByTestId('publishable-secret-keys-panel');
  await panel.getByText('No secret keys yet.').waitFor();
  await panel.getByTestId('api-key-create').click();
  const dialog = page.getByTestId('api-key-create-dialog');
  await dialog.getByRole('radio', { name: 'Secret' }).click();
  await dialog.getByTestId('api-key-name-input').fill('Bad Name');
  await dialog.getByTestId('api-key-create-confirm').click();
  await dialog.getByText('Use lowercase letters, digits and underscores only, starting with a letter or underscore.').waitFor();
  await dialog.getByTestId('api-key-name-input').fill('server_jobs');
  await dialog.getByTestId('api-key-description-input').fill('Nightly jobs');
  await dialog.getByTestId('api-key-create-confirm').click();
  await dialog.waitFor({ state: 'detached' });
  await panel.getByTestId('secret-keys').getByText('server_jobs').waitFor();
}

describe('Settings > API: signing keys and API keys', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  let ref: string;
  let slug: string;

  beforeAll(async () => {
    owner = await signUp(platform.url, uniqueEmail('keys'), PASSWORD);
    ({ ref, slug } = await createActiveProject(owner.api, { organization: 'Keys Org', project: 'Keys Project' }));
  }, 120_000);

  it('creates a standby signing key and rotates to it, then creates, reveals and deletes a secret key', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${ref}/settings/api`);
    await expect(page.getByTestId('jwks-url').textContent()).resolves.toContain(`/p/${ref}/auth/v1/.well-known/jwks.json`);

    await createAndRotateStandbyKey(page);
    const keys = (await owner.api.get(`/api/platform/projects/${ref}/config/auth/signing-keys`)).body.keys as { algorithm: string; status: string }[];
    expect(keys.map((key) => [key.algorithm, key.status])).toEqual([['ES256', 'in_use'], ['HS256', 'previously_used']]);
    const settings = (await owner.api.get(`/api/platform/props/project/${ref}/settings`)).body.autoApiService;
    const { data } = await supabaseClient(settings.endpoint, settings.defaultApiKey).auth.signUp({ email: uniqueEmail('keys-user'), password: PASSWORD });
    expect(JSON.parse(Buffer.from(data.session!.access_token.split('.')[0], 'base64url').toString()).alg).toBe('ES256');

    await createSecretKey(page);
    const [created] = (await owner.api.get(`/api/platform/projects/${ref}/api-keys?reveal=true`)).body as { name: string; api_key: string }[];
    expect(created.name).toBe('server_jobs');
    const field = page.getByTestId('secret-key-server_jobs');
    expect(await field.inputValue()).not.toBe(created.api_key);
    await page.getByTestId('secret-key-server_jobs-reveal').click();
    await page.locator('[data-testid="secret-key-server_jobs"][data-state="shown"]').waitFor();
    expect(await field.inputValue()).toBe(created.api_key);
    await shot(page, 'secret-revealed');
    const serviceClient = supabaseClient(settings.endpoint, created.api_key);
    expect((await serviceClient.auth.admin.listUsers()).error).toBeNull();

    await page.getByTestId('api-key-delete-server_jobs').click();
    const confirm = page.getByTestId('api-key-delete-dialog');
    await confirm.getByText('Delete API key "server_jobs"?').waitFor();
    await confirm.getByRole('button', { name: 'Delete API key' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByTestId('publishable-secret-keys-panel').getByText('No secret keys yet.').waitFor();
    expect((await owner.api.get(`/api/platform/projects/${ref}/api-keys`)).body).toEqual([]);
    expect((await serviceClient.auth.admin.listUsers()).error).not.toBeNull();

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows a Developer the keys without the controls to change them', async () => {
    const email = uniqueEmail('keys-developer');
    const developer = await signUp(platform.url, email, PASSWORD);
    await platform.control.db.query("insert into members (organization_id, user_id, role) select id, $2, 'Developer' from organizations where slug = $1", [slug, developer.userId]);
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, email, PASSWORD, `/project/${ref}/settings/api`);
    await signingRow(page, 'in_use', 'ES256').waitFor();
    await expectDisabledWithTooltip(page, 'You need additional permissions to manage signing keys', page.getByTestId('signing-keys-panel'));
    await expectDisabledWithTooltip(page, 'You need additional permissions to manage API keys', page.getByTestId('publishable-secret-keys-panel'));
    expect(await signingRow(page, 'previously_used', 'HS256').getByRole('button').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
