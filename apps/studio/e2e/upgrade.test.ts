/**
 * A PostgreSQL major upgrade in a real browser against a real platform (local engine), the project
 * made on 17 while 18 is installed beside it: Settings > Infrastructure offers "Upgrade project",
 * the confirmation says the project is offline meanwhile, the upgrading screen shows the real
 * steps, then "Upgrade completed!" with the target version; back in the project, the page shows 18
 * and nothing more to upgrade to. (The failure and rollback are tested over HTTP in
 * apps/platform/test/integration/upgrades.test.ts.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { installedPostgres } from '../../platform/src/engines/local/binaries.ts';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('upgrade', { fullPage: true });
const hasBothMajors = [17, 18].every((major) => installedPostgres().some((b) => b.major === major));

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };

beforeAll(async () => {
  if (!hasBothMajors) return;
  await ensureStudioBuilt();
  platform = await startPlatform({ engine: 'local', env: { PLINTH_POSTGRES_MAJOR: '17' } });
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('upgrade'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Upgrade Org', project: 'Upgrade Project' });
  const sql = await owner.api.post(`/api/platform/pg-meta/${project.ref}/query`, {
    query: `create table public.notes (id int primary key, body text); insert into public.notes values (1, 'Survives the upgrade');`,
  });
  expect(sql.status).toBe(200);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

it.skipIf(!hasBothMajors)('upgrades from Settings > Infrastructure and shows the steps and the outcome', async () => {
  const { page, errors } = await newPage(browser, platform.url);
  await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/settings/infrastructure`);
  expect(await page.getByTestId('infrastructure-version').textContent()).toMatch(/^17\./);

  const panel = page.getByTestId('upgrade-panel');
  await panel.getByText('PostgreSQL 18 is available for this project.').waitFor();
  await panel.getByRole('button', { name: 'Upgrade project' }).click();
  const dialog = page.getByTestId('upgrade-project-dialog');
  await dialog.getByText('"Upgrade Project" will be offline during the upgrade.').waitFor();
  await shot(page, 'confirm');
  await dialog.getByRole('button', { name: 'Upgrade project' }).click();

  const screen = page.getByTestId('upgrading-screen');
  await screen.getByText('Upgrading in progress').waitFor();
  await screen.getByText(/Started on: .* \(UTC\)/).waitFor();
  await screen.getByRole('list', { name: 'Upgrade steps' }).waitFor();
  await shot(page, 'upgrading');

  await screen.getByText('Upgrade completed!').waitFor({ timeout: 120_000 });
  await screen.getByText('Your project has been upgraded to Postgres 18 and is back online.').waitFor();
  await shot(page, 'completed');
  await screen.getByRole('button', { name: 'Return to project' }).click();

  await page.getByTestId('infrastructure').waitFor();
  await page.getByTestId('upgrade-latest').getByText('Your project is on the newest PostgreSQL version available here.').waitFor();
  expect(await page.getByTestId('infrastructure-version').textContent()).toMatch(/^18\./);
  const rows = await owner.api.post(`/api/platform/pg-meta/${project.ref}/query`, { query: 'select body from public.notes' });
  expect(rows.body).toEqual([{ body: 'Survives the upgrade' }]);
  expect(errors).toEqual([]);
}, 240_000);
