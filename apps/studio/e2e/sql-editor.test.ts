/**
 * The SQL editor in a real browser against a real platform: run a query and see its rows (and an
 * error with its position); save, share, favourite, rename and delete a snippet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUserWithProject, ensureStudioBuilt, launchChromium, signedInPage, startTestPlatform, type TestProject } from './support/sql-editor-project.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let browser: Browser;
let project: TestProject;

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startTestPlatform();
  browser = await launchChromium();
  project = await createUserWithProject(platform.url, 'sql-editor');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

/** Replaces the editor's text the way a user would. */
async function typeSql(page: Page, sql: string): Promise<void> {
  const input = page.getByTestId('sql-editor-input');
  await input.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  // insertText: CodeMirror would otherwise auto-close brackets and quotes as they are typed.
  await page.keyboard.insertText(sql);
}

/** Opens a saved query's menu in the sidebar and chooses `item`. */
async function snippetMenu(page: Page, id: string, item: string): Promise<void> {
  // During a refetch the row can briefly be in two groups; either one is the same query.
  const row = page.getByTestId(`snippet-${id}`).first();
  await row.hover();
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('SQL editor', () => {
  it('runs a query and shows its rows, and shows an error with its position', async () => {
    const { context, page, errors } = await signedInPage(browser, platform.url, project.email);
    await page.goto(`/project/${project.ref}/sql/new`);
    await typeSql(page, "select n, n * 2 as doubled, 'row ' || n as label\nfrom generate_series(1, 5) n\norder by n");
    await page.keyboard.press('ControlOrMeta+Enter');

    const grid = page.getByTestId('sql-results-grid');
    // The editor's first read of an embedded project builds its snapshot (a second PGlite worker):
    // about a second alone, but it has taken over 30 s while the rest of the suite loads both cores.
    await grid.getByText('row 5').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('sql-result-summary').textContent()).toMatch(/^5 rows · Ran in \d/);
    // Each header names its column and the type Postgres reported for it.
    const headers = await grid.getByRole('columnheader').locator('span[title]').evaluateAll((spans) => spans.map((s) => s.getAttribute('title')));
    expect(headers).toEqual(['n (integer)', 'doubled (integer)', 'label (text)']);
    const firstRow = await grid.getByRole('row').nth(1).getByRole('gridcell').allTextContents();
    expect(firstRow.slice(1)).toEqual(['1', '2', 'row 1']);

    await typeSql(page, 'select 1;\nselect *\nfrom no_such_table');
    await page.getByTestId('sql-run').click();
    await page.getByTestId('sql-error').waitFor();
    expect(await page.getByTestId('sql-error-message').textContent()).toContain('no_such_table');
    expect(await page.getByTestId('sql-error-location').textContent()).toContain('LINE 3: from no_such_table');

    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('saves, shares, favourites, renames and deletes a snippet', async () => {
    const { context, page, errors } = await signedInPage(browser, platform.url, project.email);
    await page.goto(`/project/${project.ref}/sql/new`);
    await page.getByTestId('snippets-project').getByText('No queries found').waitFor();
    await typeSql(page, 'select count(*) as signups from generate_series(1, 42)');

    // Autosave creates the snippet and the address becomes /sql/{id}.
    await page.waitForURL(/\/sql\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() ?? '';
    await page.waitForFunction(() => document.querySelector('[data-testid="sql-save-status"]')?.getAttribute('data-status') === 'saved');
    const saved = await project.api.get(`/api/platform/projects/${project.ref}/content/item/${id}`);
    expect(saved.body).toMatchObject({ name: 'Untitled query', visibility: 'user', content: { sql: 'select count(*) as signups from generate_series(1, 42)', favorite: false } });
    await page.getByTestId('snippets-user').getByTestId(`snippet-${id}`).getByRole('link', { name: 'Untitled query' }).waitFor();

    // Rename, starting from the suggestion the platform derives from the SQL.
    await snippetMenu(page, id, 'Rename query');
    const dialog = page.getByTestId('rename-query-dialog');
    await dialog.getByRole('button', { name: 'Suggest a name from the SQL' }).click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="rename-query-dialog"] input') as HTMLInputElement | null)?.value !== 'Untitled query');
    await dialog.getByLabel('Name').fill('');
    await dialog.getByLabel('Name').blur();
    await dialog.getByText('Please enter a query name').waitFor();
    await dialog.getByLabel('Name').fill('Signups count');
    await dialog.getByRole('button', { name: 'Rename query' }).click();
    await page.getByTestId('snippets-user').getByRole('link', { name: 'Signups count' }).waitFor();
    expect(await page.getByTestId('sql-query-name').textContent()).toBe('Signups count');

    // Share: after confirming, it is a project query.
    await snippetMenu(page, id, 'Share query');
    await page.getByTestId('share-query-dialog').getByRole('button', { name: 'Share query' }).click();
    await page.getByTestId('snippets-project').getByRole('link', { name: 'Signups count' }).waitFor();
    await page.getByTestId('snippets-user').getByTestId(`snippet-${id}`).waitFor({ state: 'detached' });

    // Favourite from the editor header: it moves to Favorites.
    await page.getByTestId('sql-favorite').click();
    await page.getByTestId('snippets-favorites').getByRole('link', { name: 'Signups count' }).waitFor();
    const item = await project.api.get(`/api/platform/projects/${project.ref}/content/item/${id}`);
    expect(item.body).toMatchObject({ name: 'Signups count', visibility: 'project', content: { favorite: true } });

    // The group filter: Escape clears and closes it.
    await page.getByRole('button', { name: 'Filter Favorites' }).click();
    await page.getByRole('textbox', { name: 'Filter Favorites' }).fill('nothing like this');
    await page.getByTestId('snippets-favorites').getByText('No queries found').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('snippets-favorites').getByRole('link', { name: 'Signups count' }).waitFor();

    // Delete: gone from the sidebar and the server; the editor moves on to a new query.
    await snippetMenu(page, id, 'Delete query');
    await page.getByTestId('delete-query-dialog').getByRole('button', { name: 'Delete query' }).click();
    await page.waitForURL(/\/sql\/new$/);
    await page.waitForFunction((testId) => !document.querySelector(`[data-testid="${testId}"]`), `snippet-${id}`);
    expect((await project.api.get(`/api/platform/projects/${project.ref}/content/item/${id}`)).status).toBe(404);

    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
