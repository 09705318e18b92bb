/**
 * Organisation integrations and account preferences end to end, in a real browser against a real
 * platform: an administrator adds a webhook on /org/{slug}/integrations pointing at an HTTP receiver
 * this test starts, sends a test event and sees it delivered in the page's log (and the receiver got
 * it); on /account/me the theme chosen applies to the page at once, is stored server-side, and is
 * still applied after a reload. A Git repository (a local one the test creates) is added, listed (with
 * its push webhook's URL, and its secret revealed and regenerated) and removed in the Git section, and a
 * project connected to it is listed there and disconnected.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { createGitFixture } from '../../platform/test/support/git-fixture.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('org-integrations');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let slug: string;
let receiver: http.Server;
let receiverUrl: string;
const received: { event: string | undefined; body: string }[] = [];

beforeAll(async () => {
  await ensureStudioBuilt();
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ event: request.headers['x-plinth-event'] as string | undefined, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  // The receiver is on loopback, which webhooks may reach only when the operator allows it.
  platform = await startPlatform({ env: { PLINTH_WEBHOOKS_ALLOW_PRIVATE: 'on', PLINTH_GIT_LOCAL_ROOTS: os.tmpdir() } });
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('integrations'), PASSWORD);
  slug = (await owner.api.post('/api/platform/organizations', { name: 'Hooked Org', plan: 'pro', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
}, 60_000);

describe('organisation integrations and preferences', () => {
  it('adds a webhook, sends a test event and shows it delivered', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/org/${slug}/integrations`);

    await page.getByTestId('org-webhooks-empty').waitFor();
    await page.getByTestId('git-repositories-empty').waitFor();
    await page.getByTestId('org-webhook-add').click();
    const dialog = page.getByTestId('org-webhook-dialog');
    await dialog.getByTestId('org-webhook-url').fill(receiverUrl);
    await dialog.getByTestId('org-webhook-event-project.created').check();
    await dialog.getByTestId('org-webhook-event-member.invited').check();
    await dialog.getByTestId('org-webhook-save').click();
    // The secret is shown once.
    await dialog.getByTestId('org-webhook-secret').waitFor();
    await shot(page, 'secret');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const hook = page.getByTestId('org-webhook');
    await hook.getByText(receiverUrl).waitFor();
    await hook.getByText('Member invited').waitFor();
    await hook.getByTestId('org-webhook-test').click();
    const delivery = hook.getByTestId('org-webhook-delivery').first();
    await delivery.and(page.locator('[data-status="succeeded"]')).waitFor({ timeout: 30_000 });
    expect(await delivery.textContent()).toContain('webhook.test');
    expect(await delivery.textContent()).toContain('204');
    await shot(page, 'delivered');
    expect(received.map((r) => r.event)).toEqual(['webhook.test']);
    expect(JSON.parse(received[0].body)).toMatchObject({ type: 'webhook.test', organization: { slug } });

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('adds a Git repository (refusing one that cannot be read), lists it and removes it', async () => {
    const repoDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'plinth-e2e-git-')), 'acme', 'app');
    await createGitFixture(repoDir, { 'supabase/migrations/20240101000000_init.sql': 'select 1;' });
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/org/${slug}/integrations`);

    const section = page.getByTestId('git-repositories');
    await section.getByTestId('git-repositories-empty').waitFor();
    await section.getByTestId('git-repository-add').click();
    const dialog = page.getByTestId('git-repository-dialog');
    await dialog.getByTestId('git-repository-url').fill(path.join(repoDir, 'missing'));
    await dialog.getByTestId('git-repository-save').click();
    await dialog.getByText('could not be read').waitFor();
    await dialog.getByTestId('git-repository-url').fill(repoDir);
    await dialog.getByTestId('git-repository-save').click();
    await page.getByText('Added acme/app').waitFor();
    const row = section.getByTestId('git-repository-row');
    await row.getByRole('cell', { name: 'acme/app', exact: true }).waitFor();
    expect(await row.textContent()).toContain(repoDir);
    await shot(page, 'git-repository');

    // Its push webhook: the URL on the row; the secret, hidden until revealed, regenerated once confirmed.
    const [added] = (await owner.api.get(`/api/platform/organizations/${slug}/git-repositories`)).body;
    expect(added.webhook_url).toBe(`${platform.url}/api/git-webhooks/${added.id}`);
    expect(await row.getByTestId('git-repository-webhook-url').textContent()).toContain(added.webhook_url);
    await row.getByTestId('git-repository-webhook').click();
    const webhook = page.getByTestId('git-webhook-dialog');
    expect(await webhook.getByTestId('git-webhook-url').inputValue()).toBe(added.webhook_url);
    const secretField = webhook.getByTestId('git-webhook-secret');
    await secretField.and(page.locator('[data-state="hidden"]')).waitFor();
    await webhook.getByTestId('git-webhook-secret-reveal').click();
    const secretPath = `/api/platform/organizations/${slug}/git-repositories/${added.id}/webhook-secret`;
    expect(await secretField.inputValue()).toBe((await owner.api.get(secretPath)).body.secret);
    await webhook.getByTestId('git-webhook-rotate').click();
    await page.getByTestId('git-webhook-rotate-confirm').getByRole('button', { name: 'Regenerate' }).click();
    await page.getByText('Webhook secret regenerated').waitFor();
    const rotated = (await owner.api.get(secretPath)).body.secret;
    await page.waitForFunction(([selector, value]) => (document.querySelector(selector) as HTMLInputElement | null)?.value === value, ['[data-testid="git-webhook-secret"]', rotated] as const);
    await shot(page, 'git-webhook');
    await page.keyboard.press('Escape');
    await webhook.waitFor({ state: 'detached' });

    // A project connected to it (in its own settings) is listed on the row, and can be disconnected here.
    const ref = (await owner.api.post('/api/projects', { name: 'Connected app', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    const [repository] = (await owner.api.get(`/api/platform/organizations/${slug}/git-repositories`)).body;
    expect((await owner.api.post(`/api/platform/projects/${ref}/git-connection`, { repository_id: repository.id, production_branch: 'main' })).status).toBe(201);
    await page.reload();
    const connection = row.getByTestId('git-repository-connection');
    await connection.getByText(ref, { exact: true }).waitFor();
    expect(await connection.textContent()).toContain('@ main');
    await connection.getByTestId('git-repository-connection-remove').click();
    await page.getByTestId('git-connection-remove-confirm').getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText(`Disconnected ${ref} from acme/app`).waitFor();
    await row.getByTestId('git-repository-connection').waitFor({ state: 'detached' });
    expect((await owner.api.get(`/api/platform/projects/${ref}/git-connection`)).body).toBeNull();

    await row.getByTestId('git-repository-remove').click();
    await page.getByTestId('git-repository-remove-confirm').getByRole('button', { name: 'Remove' }).click();
    await section.getByTestId('git-repositories-empty').waitFor();
    expect((await owner.api.get(`/api/platform/organizations/${slug}/git-repositories`)).body).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
    await rm(path.dirname(path.dirname(repoDir)), { recursive: true, force: true });
  }, 120_000);

  it('applies the chosen theme at once and keeps it, stored on the server', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, '/account/me');
    const panel = page.getByTestId('preferences-panel');
    await panel.waitFor();
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const canvas = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const darkCanvas = await canvas();

    await panel.getByRole('radio', { name: 'Light' }).click();
    await page.getByText('Theme updated').waitFor();
    expect(await theme()).toBe('light');
    expect(await canvas()).not.toBe(darkCanvas);
    expect((await owner.api.get('/api/platform/profile/preferences')).body.theme).toBe('light');
    await shot(page, 'light');

    await page.reload();
    await panel.waitFor();
    expect(await theme()).toBe('light');

    await panel.getByRole('radio', { name: 'Dark' }).click();
    await page.getByText('Theme updated').waitFor();
    expect(await theme()).toBe('dark');
    expect(await canvas()).toBe(darkCanvas);
    expect((await owner.api.get('/api/platform/profile/preferences')).body.theme).toBe('dark');

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
