/**
 * Settings > Infrastructure in a real browser against a real platform (local engine): the engine,
 * the PostgreSQL version the project runs and its disk used against the Free plan's 500 MB, read
 * from the project's database; the upgrade panel says plainly what is possible, without a button.
 * (OFFLINE and back is tested over HTTP in apps/platform/test/integration/infrastructure.test.ts.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('infrastructure', { fullPage: true });

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform({ engine: 'local' });
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('infra'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Infra Org', project: 'Infra Project' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

it('shows the engine, the PostgreSQL version and the disk used against the plan', async () => {
  const { postgres_version: version } = (await owner.api.get(`/api/platform/projects/${project.ref}`)).body;
  expect(version).toMatch(/^\d+\.\d+$/);
  const { page, errors } = await newPage(browser, platform.url);
  await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/settings/infrastructure`);

  const facts = page.getByTestId('database-panel');
  await facts.getByTestId('infrastructure-engine').getByText('Local (a PostgreSQL cluster of its own)').waitFor();
  expect(await facts.getByTestId('infrastructure-version').textContent()).toBe(version);
  expect(await facts.getByTestId('infrastructure-connections').textContent()).toMatch(/^\d+ of \d+$/);

  const disk = page.getByTestId('disk-panel');
  expect(await disk.getByTestId('disk-used').textContent()).toMatch(/^\d+\.\d MB$/);
  expect(await disk.getByTestId('disk-included').textContent()).toMatch(/^of 500\.0 MB included in your plan \(\d+%\)$/);

  // The newest installed major runs the project: nothing to move to, and no button that does nothing.
  const upgrade = page.getByTestId('upgrade-panel');
  await upgrade.getByText('Your project is on the newest PostgreSQL version available here.').waitFor();
  expect(await upgrade.getByRole('button').count()).toBe(0);
  await shot(page, 'page');
  expect(errors).toEqual([]);
}, 120_000);
