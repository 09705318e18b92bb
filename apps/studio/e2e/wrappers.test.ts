/**
 * Database > Wrappers in a real browser against a real platform (the local engine, whose owner is no
 * superuser): enable postgres_fdw (the platform creates it on the owner's behalf), add a server
 * pointing at a second project through the pooler, import one of its tables and read its rows, then
 * drop the server with its foreign tables after typing its name. The password never shows again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { waitForStatus } from '../../platform/test/support/client.ts';
import { createUserWithProject, ensureStudioBuilt, launchChromium, PASSWORD, runSql, signedInPage, type TestProject } from './support/sql-editor-project.ts';

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let project: TestProject;
let remote: TestProject;

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform({ engine: 'local' });
  browser = await launchChromium();
  project = await createUserWithProject(platform.url, 'wrappers');
  const created = await project.api.post('/api/platform/projects', { name: 'remote project', organization_slug: project.slug, db_pass: PASSWORD });
  await waitForStatus(project.api, created.body.ref, 'ACTIVE_HEALTHY');
  remote = { ...project, ref: created.body.ref };
  await runSql(remote, `create table public.items (id int primary key, name text); insert into public.items values (1, 'one'), (2, 'two')`);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-sonner-toast]').getByText(text).first().waitFor();
}

describe('Database > Wrappers', () => {
  it('enables postgres_fdw, adds a server, imports a table, lists it, and drops the server', async () => {
    const { context, page, errors } = await signedInPage(browser, platform.url, project.email);
    await page.goto(`/project/${project.ref}/database/wrappers`);
    // Listed in the database menu whether or not Supabase's wrappers extension exists.
    await page.getByRole('link', { name: 'Wrappers', exact: true }).waitFor();
    await page.getByTestId('wrappers-disabled').waitFor();
    await page.getByTestId('wrappers-enable').click();
    await toast(page, 'Successfully enabled postgres_fdw');
    await page.getByTestId('wrappers-servers-empty').waitFor();

    await page.getByTestId('wrappers-create-server').click();
    const panel = page.getByTestId('wrappers-server-panel');
    await panel.getByTestId('wrappers-server-save').click();
    await panel.getByText('Please provide the password').waitFor();
    await panel.getByTestId('wrappers-server-name').fill('remote');
    await panel.getByTestId('wrappers-server-host').fill('127.0.0.1');
    await panel.getByTestId('wrappers-server-port').fill(String(platform.pooler.ports.session));
    await panel.getByTestId('wrappers-server-user').fill(`postgres.${remote.ref}`);
    await panel.getByTestId('wrappers-server-password').fill(PASSWORD);
    await panel.getByTestId('wrappers-server-save').click();
    await toast(page, 'Successfully created server remote');
    const row = page.getByTestId('wrappers-server-remote');
    await row.getByText('password set').waitFor();
    expect(await row.textContent()).toContain(`postgres.${remote.ref}`);
    expect(await page.content()).not.toContain(PASSWORD);

    await page.getByRole('button', { name: 'Actions for remote' }).click();
    await page.getByRole('menuitem', { name: 'Import foreign tables' }).click();
    const importPanel = page.getByTestId('wrappers-import-panel');
    await importPanel.getByTestId('wrappers-import-tables').fill('items');
    await importPanel.getByTestId('wrappers-import-save').click();
    await toast(page, 'Successfully imported foreign tables from remote');
    const table = page.getByTestId('wrappers-table-public.items');
    await table.getByText('public.items').waitFor();
    expect(await table.textContent()).toContain('remote');
    // The foreign table reads the other project's rows through the pooler.
    expect(await runSql(project, 'select id, name from public.items order by id')).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'two' }]);

    await page.getByRole('button', { name: 'Actions for remote' }).click();
    await page.getByRole('menuitem', { name: 'Drop server' }).click();
    const dialog = page.getByTestId('wrappers-drop-server-dialog');
    await dialog.getByText(/CASCADE/).first().waitFor();
    await dialog.getByTestId('confirm-value-input').fill('remote');
    await dialog.getByRole('button', { name: 'Drop server' }).click();
    await toast(page, 'Successfully dropped server remote');
    await page.getByTestId('wrappers-servers-empty').waitFor();
    await page.getByTestId('wrappers-tables-empty').waitFor();
    expect(await runSql(project, `select count(*)::int as n from pg_foreign_table`)).toEqual([{ n: 0 }]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
