/**
 * Database > Webhooks end to end, in a real browser against a real platform: enables webhooks,
 * creates a webhook on a table pointing at a local HTTP receiver (PLINTH_WEBHOOKS_ALLOW_PRIVATE=on,
 * as it listens on 127.0.0.1), inserts a row, sees Supabase's payload arrive at the receiver and the
 * delivery listed on the page, and deletes the webhook after confirming.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('webhooks');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };
let receiver: Server;
let receiverUrl: string;
const received: { method: string; path: string; body: string }[] = [];

beforeAll(async () => {
  await ensureStudioBuilt();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  platform = await startPlatform({ env: { PLINTH_WEBHOOKS_ALLOW_PRIVATE: 'on' } });
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('hooks'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Hooks Org', project: 'Hooks Project' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
}, 60_000);

async function sql<T>(query: string): Promise<T[]> {
  const response = await owner.api.post(`/api/platform/pg-meta/${project.ref}/query`, { query });
  expect(response.status).toBe(200);
  return response.body as T[];
}

describe('database webhooks', () => {
  it('enables webhooks, creates one, shows its delivery and deletes it', async () => {
    await sql(`create table public.signups (id int primary key, email text)`);
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/database/hooks`);
    await page.getByTestId('hooks-disabled').getByText('Database Webhooks are not enabled').waitFor();
    await page.getByTestId('hooks-enable').click();
    await page.getByTestId('hooks-empty').waitFor();
    // The database menu lists the page.
    await page.getByRole('link', { name: 'Webhooks' }).first().waitFor();

    // Create: the form checks its fields before anything runs.
    await page.getByTestId('hooks-create').click();
    const panel = page.getByTestId('hook-panel');
    await panel.getByTestId('hook-save').click();
    await panel.getByText('Please provide a name for your webhook').waitFor();
    await panel.getByTestId('hook-name').fill('welcome');
    await panel.getByTestId('hook-table').selectOption('public.signups');
    await panel.getByTestId('hook-event-insert').check();
    await panel.getByTestId('hook-url').fill(`${receiverUrl}/welcome`);
    await panel.getByTestId('hook-timeout').fill('3000');
    await panel.getByTestId('hook-headers-add').click();
    await panel.getByLabel('HTTP Headers name 2').fill('X-Source');
    await panel.getByLabel('HTTP Headers value 2').fill('plinth');
    await shot(page, 'create');
    await panel.getByTestId('hook-save').click();
    await page.getByText('Successfully created webhook welcome').waitFor();
    const row = page.getByTestId('hook-row-welcome');
    await row.getByText('public.signups').waitFor();
    await row.getByText('INSERT').waitFor();

    // A row inserted: the platform posts Supabase's payload after the commit, and the page lists the delivery.
    await sql(`insert into public.signups values (1, 'ada@example.com')`);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(received[0].method).toBe('POST');
    expect(received[0].path).toBe('/welcome');
    expect(JSON.parse(received[0].body)).toEqual({
      type: 'INSERT', table: 'signups', schema: 'public', record: { id: 1, email: 'ada@example.com' }, old_record: null,
    });
    const delivery = page.getByTestId('hook-delivery').filter({ hasText: 'welcome' }).first();
    await delivery.getByText('200').waitFor({ timeout: 20_000 });
    await shot(page, 'delivered');

    // Delete after confirming.
    await page.getByRole('button', { name: 'Actions for welcome' }).click();
    await page.getByRole('menuitem', { name: 'Delete hook' }).click();
    await page.getByTestId('hook-delete-dialog').getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByText('Successfully deleted webhook welcome').waitFor();
    await page.getByTestId('hooks-empty').waitFor();
    expect(await sql(`select tgname from pg_trigger where tgname = 'welcome'`)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
