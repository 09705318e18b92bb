/**
 * Point-in-time recovery end to end, in a real browser against a real platform (local engine, Pro):
 * Database > Backups offers "Enable point in time recovery"; once enabled it shows the range, a UTC
 * date-time is chosen, the dialog says what is lost, the restore screen follows, and the rows are as
 * they were at that moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('pitr');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('pitr'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'PITR Org', project: 'PITR Project' }, 'pro');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

async function sql<T>(query: string): Promise<T[]> {
  const response = await owner.api.post(`/api/platform/pg-meta/${project.ref}/query`, { query });
  expect(response.status).toBe(200);
  return response.body as T[];
}

describe('point-in-time recovery', () => {
  it('enables it, then restores to a chosen second after confirming what is lost', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/database/backups/scheduled`);
    const section = page.getByTestId('backups-pitr');
    await section.getByRole('button', { name: 'Enable point in time recovery' }).click();
    await section.getByTestId('backups-pitr-range').getByText(/can be restored to any moment from .* until now/).waitFor({ timeout: 60_000 });
    await shot(page, 'enabled');

    await sql(`create table public.books (id int primary key, title text not null); insert into public.books values (1, 'Before the moment');`);
    const target = Math.ceil(Date.now() / 1000) + 1;
    while (Date.now() < target * 1000 + 200) await new Promise((resolve) => setTimeout(resolve, 50));
    await sql(`insert into public.books values (2, 'After the moment')`);

    await section.getByTestId('backups-pitr-target').fill(new Date(target * 1000).toISOString().slice(0, 19));
    await section.getByRole('button', { name: 'Restore to this time' }).click();
    const dialog = page.getByTestId('backups-pitr-dialog');
    await dialog.getByTestId('backups-pitr-loss').getByText(/Everything written to the database after .* is lost/).waitFor();
    await shot(page, 'confirm');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    const screen = page.getByTestId('restoring-screen');
    await screen.waitFor();
    await screen.getByText('Restoration complete!').waitFor({ timeout: 90_000 });

    expect(await sql('select id, title from public.books order by id')).toEqual([{ id: 1, title: 'Before the moment' }]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
