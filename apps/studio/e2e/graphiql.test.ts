/**
 * API > GraphiQL end to end, in a real browser against a real platform: the page loads GraphiQL
 * against the project's /graphql/v1 with its anon key, runs a query and shows the rows; switching
 * to service_role shows what anon may not read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('graphiql');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('graphiql'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'GraphiQL Org', project: 'GraphiQL Project' });
  const created = await owner.api.post(`/api/platform/pg-meta/${project.ref}/query`, {
    query: `create table public.gizmos (id int primary key, label text);
            insert into public.gizmos values (1, 'gizmo one'), (2, 'gizmo two');
            alter table public.gizmos enable row level security;
            create policy "first only" on public.gizmos for select to anon using (id = 1);`,
  });
  expect(created.status).toBe(200);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

/** Puts a query in GraphiQL's editor (CodeMirror: typing would auto-close braces) and runs it. */
async function run(page: Page, query: string): Promise<string> {
  const editor = page.locator('.graphiql-query-editor .CodeMirror');
  await editor.waitFor();
  await editor.evaluate((element, text) => (element as unknown as { CodeMirror: { setValue(v: string): void } }).CodeMirror.setValue(text), query);
  await page.getByRole('button', { name: /Execute query/ }).click();
  const result = page.locator('.graphiql-response .CodeMirror');
  await expect.poll(async () => (await result.innerText()).includes('"data"'), { timeout: 15_000 }).toBe(true);
  return result.innerText();
}

describe('GraphiQL', () => {
  it('runs a query against the project as anon, then as service_role', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/api/graphiql`);
    await page.getByTestId('graphiql-page').waitFor();

    const asAnon = await run(page, '{ gizmosCollection { edges { node { id label } } } }');
    expect(asAnon).toContain('gizmo one');
    expect(asAnon).not.toContain('gizmo two');
    await shot(page, 'anon');

    await page.getByRole('radio', { name: 'service_role' }).click();
    await expect.poll(() => run(page, '{ gizmosCollection { totalCount edges { node { label } } } }')).toContain('gizmo two');
    await shot(page, 'service-role');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
