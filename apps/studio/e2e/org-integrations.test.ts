/**
 * Organisation integrations and account preferences end to end, in a real browser against a real
 * platform: an administrator adds a webhook on /org/{slug}/integrations pointing at an HTTP receiver
 * this test starts, sends a test event and sees it delivered in the page's log (and the receiver got
 * it); on /account/me the theme chosen applies to the page at once, is stored server-side, and is
 * still applied after a reload.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
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
  platform = await startPlatform({ env: { PLINTH_WEBHOOKS_ALLOW_PRIVATE: 'on' } });
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('integrations'), PASSWORD);
  slug = (await owner.api.post('/api/platform/organizations', { name: 'Hooked Org', plan: 'pro' })).body.slug;
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
    await page.getByTestId('git-repositories-not-available').getByText('Not available yet').waitFor();
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
