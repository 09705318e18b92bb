/**
 * Settings > Database and the header's Connect dialog in a real browser against a real platform:
 * copy the pooler URI, reset the database password (generated, confirmed, toast), add an IP range
 * (an invalid one refused first) and allow all access again; open Connect from the header and see
 * the same strings. A Read-only member sees the strings with every change control disabled.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { freePort } from '../../platform/test/support/free-port.ts';
import { ensureStudioBuilt, expectDisabledWithTooltip, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const READ_ONLY = 'You need additional permissions to update database settings';
const shot = screenshotter('database-settings', { fullPage: true });

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };
let port: number;

beforeAll(async () => {
  await ensureStudioBuilt();
  port = await freePort();
  // Local: the pooler serves its projects, so the copied string is used for real.
  platform = await startPlatform({ engine: 'local', env: { PLINTH_POOLER_PUBLIC_HOST: 'localhost', PLINTH_POOLER_PORT: String(port), PLINTH_POOLER_SESSION_PORT: String(await freePort()) } });
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('dbsettings'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Db Org', project: 'Db Project' }, 'team');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

async function ownerPage(path: string): Promise<{ page: Page; errors: string[] }> {
  const { context, page, errors } = await newPage(browser, platform.url);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.url });
  await signInThroughUi(page, owner.email, PASSWORD, path);
  return { page, errors };
}

it('copies the URI, resets the password and adds an IP range on Settings > Database', async () => {
  const { page, errors } = await ownerPage(`/project/${project.ref}/settings/database`);
  const uri = `postgres://postgres.${project.ref}:[YOUR-PASSWORD]@localhost:${port}/postgres`;
  const strings = page.getByTestId('connection-string-panel');
  await strings.getByText(uri).waitFor();
  await strings.getByRole('button', { name: 'Copy code' }).click();
  await strings.getByRole('button', { name: 'Copied' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uri);
  // Another client's form of the same target.
  await strings.getByRole('radio', { name: 'JDBC' }).click();
  await strings.getByText(`jdbc:postgresql://localhost:${port}/postgres?user=postgres.${project.ref}&password=[YOUR-PASSWORD]`).waitFor();
  await strings.getByRole('radio', { name: 'Prisma' }).click();
  await strings.getByText('DIRECT_URL=', { exact: false }).waitFor();
  await page.getByTestId('database-size').waitFor();
  expect(await page.getByTestId('database-size').textContent()).toMatch(/MB$/);
  await shot(page, 'page');

  await page.getByTestId('reset-db-password').click();
  const dialog = page.getByTestId('reset-password-dialog');
  await dialog.getByTestId('new-db-password').fill('short');
  await dialog.getByTestId('confirm-reset-password').click();
  await dialog.getByText('Password must be at least 8 characters').waitFor();
  await dialog.getByTestId('generate-password').click();
  const generated = await dialog.getByTestId('new-db-password').inputValue();
  expect(generated).toMatch(/^[A-Za-z0-9]{20}$/);
  await dialog.getByTestId('confirm-reset-password').click();
  await page.getByText('Successfully updated database password').waitFor();
  await dialog.waitFor({ state: 'detached' });

  // The copied string with the new password connects through the pooler (which re-reads the
  // project within a few seconds).
  const connectionString = uri.replace('[YOUR-PASSWORD]', generated).replace('@localhost:', '@127.0.0.1:');
  let answer: unknown = null;
  for (let i = 0; i < 40 && answer === null; i++) {
    const client = new pg.Client(connectionString);
    client.on('error', () => undefined);
    answer = await client.connect().then(() => client.query('select current_user as who')).then((r) => r.rows[0].who, () => null);
    await client.end().catch(() => undefined);
    if (answer === null) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(answer).toBe('postgres');

  const restrictions = page.getByTestId('network-restrictions-panel');
  await restrictions.getByText('Your database can be accessed by all IP addresses.').waitFor();
  await restrictions.getByTestId('cidr-input').fill('10.0.0.0/33');
  await restrictions.getByTestId('add-cidr').click();
  await restrictions.getByText('The prefix of an IPv4 range is at most 32').waitFor();
  await restrictions.getByTestId('cidr-input').fill('203.0.113.0/24');
  await restrictions.getByTestId('add-cidr').click();
  await restrictions.getByTestId('allowed-cidrs').getByText('203.0.113.0/24').waitFor();
  expect((await owner.api.get(`/api/v1/projects/${project.ref}/network-restrictions`)).body.config.dbAllowedCidrs).toEqual(['203.0.113.0/24']);
  await restrictions.getByTestId('allow-all-access').click();
  await restrictions.getByText('Your database can be accessed by all IP addresses.').waitFor();
  expect((await owner.api.get(`/api/v1/projects/${project.ref}/network-restrictions`)).body.config.dbAllowedCidrs).toEqual([]);

  // No TLS certificate on this platform: the switch explains why it cannot be turned on.
  await page.getByTestId('ssl-unavailable').waitFor();
  expect(await page.getByRole('switch').isDisabled()).toBe(true);
  expect(errors).toEqual([]);
});

it('opens the Connect dialog from the project header with the same strings', async () => {
  const { page, errors } = await ownerPage(`/project/${project.ref}`);
  await page.getByTestId('connect-button').click();
  const dialog = page.getByTestId('connect-dialog');
  await dialog.getByText(`postgres://postgres.${project.ref}:[YOUR-PASSWORD]@localhost:${port}/postgres`).waitFor();
  await dialog.getByRole('radio', { name: 'psql' }).click();
  await dialog.getByText(`psql -h localhost -p ${port} -d postgres -U postgres.${project.ref}`).waitFor();
  await shot(page, 'connect');
  expect(errors).toEqual([]);
});

it('shows a Read-only member the strings with the change controls disabled', async () => {
  const reader = await signUp(platform.url, uniqueEmail('dbreader'), PASSWORD);
  await owner.api.post(`/api/organizations/${project.slug}/members/invitations`, { email: reader.email, role: 'Read-only' });
  const [invitation] = (await reader.api.get('/api/profile/invitations')).body;
  await reader.api.post(`/api/organizations/${project.slug}/members/invitations/${invitation.id}/accept`);
  const { page } = await newPage(browser, platform.url);
  await signInThroughUi(page, reader.email, PASSWORD, `/project/${project.ref}/settings/database`);
  await page.getByTestId('connection-string').waitFor();
  await expectDisabledWithTooltip(page, READ_ONLY, page.getByTestId('database-password-panel'));
  expect(await page.getByTestId('add-cidr').isDisabled()).toBe(true);
});
