/**
 * Pausing and restoring end to end, in a real browser against a real platform: Settings > General
 * asks before pausing, the pausing screen shows while the database is archived and freed, the paused
 * screen then stands in for every product area, and restoring shows the restore screen until it says
 * the restoration is complete; back in the project, the table editor shows the rows as they were.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('pause-restore');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('pause'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Pause Org', project: 'Sleepy Project' }, 'free');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

describe('pause and restore', () => {
  it('pauses after confirming, shows the paused screen, restores, and the rows are back', async () => {
    const made = await owner.api.post(`/api/platform/pg-meta/${project.ref}/query`, {
      query: `create table public.plants (id int primary key, name text not null); insert into public.plants values (1, 'Fern'), (2, 'Cactus');`,
    });
    expect(made.status).toBe(200);
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/settings/general`);

    await page.getByTestId('pause-project').click();
    const dialog = page.getByTestId('pause-project-dialog');
    await dialog.getByText('"Sleepy Project" will not be accessible while it is paused.').waitFor();
    await dialog.getByRole('button', { name: 'Pause project' }).click();
    await page.getByTestId('pausing-screen').getByText('Your project is being paused.').waitFor();
    await shot(page, 'pausing');

    // Once INACTIVE the settings page offers the restore; the product areas show the paused screen.
    await page.getByText('This project is paused').waitFor({ timeout: 90_000 });
    expect(existsSync(path.join(platform.dataDir, 'projects', project.ref))).toBe(false);
    await page.goto(`${platform.url}/project/${project.ref}/editor`);
    const paused = page.getByTestId('paused-screen');
    await paused.getByText("All of your project's data is still intact").waitFor();
    await shot(page, 'paused');

    await paused.getByTestId('restore-project').click();
    const restoring = page.getByTestId('restoring-screen');
    await restoring.getByText('Restoration complete!').waitFor({ timeout: 90_000 });
    await shot(page, 'restored');
    await restoring.getByRole('button', { name: 'Return to project' }).click();
    await page.goto(`${platform.url}/project/${project.ref}/editor`);
    await page.getByRole('link', { name: 'plants' }).or(page.getByText('plants', { exact: true })).first().click();
    await page.getByText('Cactus').waitFor();
    await shot(page, 'rows-back');

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
