/**
 * Database > Extensions in a real browser against a real platform (the local engine): the catalogue
 * merged with what the engine offers, enabling an extension in a chosen schema and using it from the
 * SQL editor's API, and disabling it, where dependent objects go only with CASCADE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUserWithProject, ensureStudioBuilt, launchChromium, runSql, signedInPage, startTestPlatform, type TestProject } from './support/sql-editor-project.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let browser: Browser;
let project: TestProject;

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startTestPlatform();
  browser = await launchChromium();
  project = await createUserWithProject(platform.url, 'extensions');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-sonner-toast]').getByText(text).first().waitFor();
}

describe('Database > Extensions', () => {
  it("lists the engine's extensions with the catalogue's, and says where the others are available", async () => {
    const { context, page, errors } = await signedInPage(browser, platform.url, project.email);
    await page.goto(`/project/${project.ref}/database/extensions`);
    // New projects have Supabase's defaults enabled, in extensions.
    await page.getByTestId('extension-pgcrypto').getByText('in extensions').waitFor();
    expect(await page.getByRole('switch', { name: 'Disable pgcrypto', exact: true }).getAttribute('aria-checked')).toBe('true');
    // pgvector is no part of the local engine's binaries: listed, unavailable, and where to find it.
    expect(await page.getByTestId('extension-vector-engines').textContent()).toMatch(/^Available on the embedded engine/);
    expect(await page.getByRole('switch', { name: 'Enable vector', exact: true }).isDisabled()).toBe(true);

    await page.getByRole('radio', { name: 'Vector' }).click();
    await page.getByTestId('extension-cube').waitFor();
    expect(await page.getByTestId('extension-pg_trgm').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('enables extensions in a chosen schema, used from the SQL editor; disabling drops dependents only with CASCADE', async () => {
    const { context, page, errors } = await signedInPage(browser, platform.url, project.email);
    await page.goto(`/project/${project.ref}/database/extensions`);
    // Into a new schema: the dialog makes the schema first.
    await page.getByRole('switch', { name: 'Enable hstore', exact: true }).click();
    await page.getByTestId('extension-enable-dialog').getByTestId('extension-schema').selectOption({ label: 'Create a new schema' });
    await page.getByTestId('extension-new-schema').fill('key_values');
    await page.getByTestId('extension-enable-dialog').getByRole('button', { name: 'Enable extension' }).click();
    await page.getByTestId('extension-hstore').getByText('in key_values').waitFor();
    expect(await runSql(project, `select 'a=>1'::key_values.hstore operator(key_values.->) 'a' as a`)).toEqual([{ a: '1' }]);

    await page.getByRole('switch', { name: 'Enable pg_trgm', exact: true }).click();
    const enable = page.getByTestId('extension-enable-dialog');
    expect(await enable.getByTestId('extension-schema').inputValue()).toBe('extensions');
    await enable.getByRole('button', { name: 'Enable extension' }).click();
    await toast(page, 'Extension "pg_trgm" is now enabled');
    await page.getByTestId('extension-pg_trgm').getByText('in extensions').waitFor();

    // Without a schema prefix, as people write it: extensions is on the database's search_path.
    const [similar] = await runSql<{ similar: boolean }>(project, `select similarity('extension', 'extensoin') > 0.3 as similar`);
    expect(similar.similar).toBe(true);
    await runSql(project, `create table public.words (word text); create index words_trgm on public.words using gin (word gin_trgm_ops)`);

    await page.getByRole('switch', { name: 'Disable pg_trgm', exact: true }).click();
    const disable = page.getByTestId('extension-disable-dialog');
    await disable.getByRole('button', { name: 'Disable extension' }).click();
    await toast(page, /^Failed to disable pg_trgm: .*depend/);
    expect(await runSql(project, `select 1 from pg_indexes where indexname = 'words_trgm'`)).toHaveLength(1);

    await disable.getByTestId('extension-cascade').check();
    await disable.getByRole('button', { name: 'Disable extension' }).click();
    await toast(page, 'Extension "pg_trgm" is now disabled');
    expect(await runSql(project, `select 1 from pg_indexes where indexname = 'words_trgm'`)).toHaveLength(0);
    expect(await runSql(project, `select 1 from pg_extension where extname = 'pg_trgm'`)).toHaveLength(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
