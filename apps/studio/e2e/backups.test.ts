/**
 * Database > Backups end to end, in a real browser against a real platform: on a Free project (no
 * daily backups, said so) "Back up now" shows its progress until the backup is listed completed with
 * a size; it downloads as a .sql.gz; after the data changes, restoring it (once the dialog has said
 * what is lost) shows the restore screen, and the table editor then shows the rows as they were; a
 * backup restored into a new project gives that project the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('backups');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('backups'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Backups Org', project: 'Backups Project' }, 'free');
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

describe('backups', () => {
  it('backs up now, downloads, and restores the rows after confirming', async () => {
    await sql(`create table public.books (id int primary key, title text not null);
               insert into public.books values (1, 'Kept in the backup'), (2, 'Also kept');`);
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/database/backups/scheduled`);
    await page.getByTestId('backups-empty').getByText('No backups yet').waitFor();
    await page.getByTestId('backups-free-note').getByText(/Backups are not available on Free/).waitFor();
    await page.getByTestId('backups-pitr-note').getByText(/Point-in-time recovery is a paid add-on/).waitFor();

    await page.getByTestId('backups-create').click();
    const list = page.getByTestId('backups-list');
    await list.getByText('Completed').waitFor({ timeout: 60_000 });
    await list.getByText('Manual').waitFor();
    await list.getByText(/\d+(\.\d)? (bytes|KB|MB)/).waitFor();
    await page.getByRole('button', { name: 'Back up now' }).waitFor();
    await shot(page, 'listed');

    const [download] = await Promise.all([page.waitForEvent('download'), list.getByTestId('backup-download').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${project.ref}-.*\\.sql\\.gz$`));

    await sql(`delete from public.books where id = 1; insert into public.books values (3, 'Written after the backup');`);
    await list.getByTestId('backup-restore').click();
    const dialog = page.getByTestId('backup-restore-dialog');
    await dialog.getByTestId('backup-restore-loss').getByText(/Everything written to the database since .* is lost/).waitFor();
    await shot(page, 'confirm');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    const screen = page.getByTestId('restoring-screen');
    await screen.waitFor();
    await screen.getByText('Restoration complete!').waitFor({ timeout: 90_000 });
    await screen.getByRole('button', { name: 'Return to project' }).click();
    await page.getByTestId('database-backups-page').waitFor();

    await page.goto(`/project/${project.ref}/editor`);
    await page.getByTestId('entity-books').getByRole('link').click();
    const grid = page.getByTestId('rows-grid');
    await grid.getByRole('gridcell').filter({ hasText: 'Kept in the backup' }).waitFor();
    await grid.getByRole('gridcell').filter({ hasText: 'Also kept' }).waitFor();
    expect(await grid.getByRole('gridcell').filter({ hasText: 'Written after the backup' }).count()).toBe(0);
    expect(await sql(`select id, title from public.books order by id`)).toEqual([
      { id: 1, title: 'Kept in the backup' },
      { id: 2, title: 'Also kept' },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('restores a backup into a new project, leaving this one as it is', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/database/backups/scheduled`);
    await page.getByTestId('backups-list').getByTestId('backup-restore-new').click();
    const dialog = page.getByTestId('backup-restore-new-dialog');
    await dialog.getByTestId('backup-restore-new-name').fill('Books copy');
    await dialog.getByRole('button', { name: 'Generate a password' }).click();
    await dialog.getByRole('button', { name: 'Create and restore' }).click();
    await page.waitForURL((url) => /^\/project\/[a-z]{20}$/.test(url.pathname) && !url.pathname.includes(project.ref));
    const copy = new URL(page.url()).pathname.split('/')[2];
    await expect
      .poll(async () => (await owner.api.post(`/api/platform/pg-meta/${copy}/query`, { query: 'select id, title from public.books order by id' })).body, { timeout: 120_000, interval: 250 })
      .toEqual([{ id: 1, title: 'Kept in the backup' }, { id: 2, title: 'Also kept' }]);
    await expect.poll(async () => (await owner.api.get(`/api/platform/projects/${copy}/status`)).body.status, { timeout: 30_000 }).toBe('ACTIVE_HEALTHY');
    expect((await sql<{ count: number }>('select count(*)::int as count from public.books'))[0].count).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
