/**
 * Edge Functions end to end, in a real browser against a real platform and Deno: the empty list
 * explains how to deploy; the editor refuses a bad name, shows Deno's syntax error with its line
 * when a deploy is refused, swaps templates after asking, adds and renames a file, and deploys the
 * hello-world template with Ctrl+S; the function's page invokes it from the Test panel (status 200
 * and the greeting), lists the call under Invocations and counts it in the Overview's chart, deploys
 * a change from the Code tab as version 2 (Ctrl+Enter), turns verify JWT off, and deletes it after
 * the slug is typed. A Read-only member sees functions but cannot deploy, test, change or delete one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, expectDisabledWithTooltip, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const SLUG = 'hello';
const shot = screenshotter('edge-functions');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('functions'), PASSWORD);
  // Read-only members need a plan that has them.
  project = await createActiveProject(owner.api, { organization: 'Functions Org', project: 'Functions Project' }, 'team');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

async function listedSlugs(): Promise<string[]> {
  const response = await owner.api.get(`/api/platform/projects/${project.ref}/functions`);
  expect(response.status).toBe(200);
  return (response.body as { slug: string }[]).map((fn) => fn.slug);
}

/** Replaces the open file's text the way a person does: select all, type. */
async function replaceCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('function-code-input').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

/** The editor's file list, in its order (the entrypoint first), once it shows `expected`. */
async function expectFiles(page: Page, expected: string[]): Promise<void> {
  const paths = () => page.getByTestId('function-file').evaluateAll((items) => items.map((item) => item.getAttribute('data-path')));
  await expect.poll(paths, { timeout: 5000 }).toEqual(expected);
}

/** The invocation is logged as the relay answers it; Refresh until the row is there. */
async function waitForInvocationRow(page: Page): Promise<void> {
  const row = page.getByTestId('function-invocation-row').first();
  const deadline = Date.now() + 30_000;
  while (!(await row.isVisible())) {
    if (Date.now() > deadline) throw new Error('No invocation was listed within 30 s');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await row.waitFor({ timeout: 2000 }).catch(() => undefined);
  }
}

describe('Edge Functions', () => {
  it('writes, deploys, tests, inspects and deletes a function in the studio', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/functions`);

    // The empty list explains the three ways to deploy.
    const empty = page.getByTestId('functions-empty');
    await empty.waitFor();
    expect(await page.getByTestId('functions-cli-snippet').textContent()).toContain(`npm run admin -- deploy-functions ${project.ref} supabase/functions`);
    expect(await page.getByTestId('functions-api-snippet').textContent()).toContain(`/api/v1/projects/${project.ref}/functions/deploy?slug=hello`);
    await shot(page, 'empty');

    await page.getByTestId('functions-new-button').click();
    await page.waitForURL(`**/project/${project.ref}/functions/new`);
    const slugInput = page.getByTestId('function-slug-input');
    expect(await slugInput.inputValue()).toBe('hello-world');
    await slugInput.fill('1-bad name');
    await page.getByText('A function name starts with a letter and has only letters, digits, - and _ (at most 128).').waitFor();
    await slugInput.fill(SLUG);

    // A syntax error is refused by the server with Deno's message, its line and column included.
    await replaceCode(page, 'Deno.serve((req) => {\n  return new Response("oops";\n});\n');
    await page.keyboard.press('ControlOrMeta+s');
    const deployError = page.getByTestId('function-deploy-error');
    await deployError.waitFor({ timeout: 60_000 });
    expect(await deployError.textContent()).toMatch(/index\.ts:2:\d+/);
    expect(await listedSlugs()).toEqual([]);
    await shot(page, 'syntax-error');

    // Another template replaces the edited code only after asking; then back to hello world.
    const template = page.getByTestId('function-template-select');
    await template.selectOption('database');
    await page.getByRole('button', { name: 'Replace code' }).click();
    await expectFiles(page, ['index.ts', 'cors.ts']);
    await template.selectOption('hello-world');
    await expectFiles(page, ['index.ts']);
    expect(await page.getByTestId('function-code-editor').textContent()).toContain('Hello ${name');

    // A second file: added, then renamed.
    await page.getByRole('button', { name: 'Add a file' }).click();
    const fileDialog = page.getByTestId('function-file-dialog');
    await fileDialog.getByLabel('File path').fill('notes.ts');
    await fileDialog.getByRole('button', { name: 'Add file' }).click();
    await page.getByTestId('function-code-input').click();
    await page.keyboard.insertText('export const note = "kept with the function";\n');
    await page.getByRole('button', { name: 'Rename notes.ts' }).click();
    await fileDialog.getByLabel('File path').fill('index.ts');
    await fileDialog.getByText('There is already a file named index.ts.').waitFor();
    await fileDialog.getByLabel('File path').fill('lib/notes.ts');
    await fileDialog.getByRole('button', { name: 'Rename' }).click();
    await expectFiles(page, ['index.ts', 'lib/notes.ts']);
    await shot(page, 'editor');

    // Ctrl+S deploys; the new function's page opens.
    await page.getByTestId('function-code-input').click();
    await page.keyboard.press('ControlOrMeta+s');
    await page.waitForURL(`**/project/${project.ref}/functions/${SLUG}`, { timeout: 60_000 });
    expect(await page.getByTestId('function-url').textContent()).toBe(`${platform.url}/p/${project.ref}/functions/v1/${SLUG}`);
    const source = await owner.api.get(`/api/platform/projects/${project.ref}/functions/${SLUG}/source`);
    expect(source.status).toBe(200);
    expect((source.body as { files: { path: string; content: string }[] }).files.map((file) => file.path).sort()).toEqual(['index.ts', 'lib/notes.ts']);
    await page.getByTestId('function-stats-empty').waitFor();

    // The Test panel invokes it through the relay as anon.
    await page.getByTestId('function-test-button').click();
    const panel = page.getByTestId('function-test-panel');
    await panel.getByTestId('function-test-body').fill('{"name":"Plinth"}');
    await panel.getByTestId('function-test-send').click();
    await panel.getByTestId('function-test-response').waitFor({ timeout: 60_000 });
    expect(await panel.getByTestId('function-test-status').textContent()).toBe('200');
    expect(JSON.parse((await panel.getByTestId('function-test-response-body').textContent()) ?? '')).toEqual({ message: 'Hello Plinth!' });
    await shot(page, 'test-panel');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // The call is listed under Invocations (function_edge_logs).
    await page.getByTestId('function-tabs').getByRole('link', { name: 'Invocations' }).click();
    await page.waitForURL(`**/functions/${SLUG}/invocations`);
    await waitForInvocationRow(page);
    const row = page.getByTestId('function-invocation-row').first();
    expect(await row.textContent()).toContain('POST');
    expect(await row.textContent()).toContain('200');
    expect(await row.locator('td').nth(3).textContent()).toBe('/');
    await shot(page, 'invocations');

    // Logs > Function Edge lists the invocation among the project's, and Function Runtime the worker's boot.
    await page.goto(`/project/${project.ref}/logs/function-edge-logs`);
    await page.getByRole('heading', { name: 'Function Edge' }).waitFor();
    await page.getByTestId('source-logs-grid').getByText(/POST \| 200 \|/).first().waitFor({ timeout: 30_000 });
    await page.goto(`/project/${project.ref}/logs/function-logs`);
    await page.getByRole('heading', { name: 'Function Runtime' }).waitFor();
    await page.getByTestId('source-logs-grid').getByText(/booted \(time: \d+ms\)/).first().waitFor({ timeout: 30_000 });
    await page.goto(`/project/${project.ref}/functions/${SLUG}/invocations`);
    await waitForInvocationRow(page);

    // The Overview counts it and charts it.
    await page.getByTestId('function-tabs').getByRole('link', { name: 'Overview' }).click();
    await page.getByTestId('function-stats-charts').waitFor();
    expect(await page.getByTestId('function-stat-count').textContent()).toBe('1');
    expect(await page.getByTestId('function-stat-errors').textContent()).toBe('0');
    await shot(page, 'overview');

    // The Code tab opens the deployed files; a change deployed from it is version 2.
    await page.getByTestId('function-tabs').getByRole('link', { name: 'Code' }).click();
    await expectFiles(page, ['index.ts', 'lib/notes.ts']);
    await page.getByTestId('function-file').filter({ hasText: 'lib/notes.ts' }).getByRole('button', { name: 'lib/notes.ts', exact: true }).click();
    await replaceCode(page, 'export const note = "changed in the Code tab";\n');
    await page.getByTestId('function-code-changed').waitFor();
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByText('Deployed version 2 of hello').waitFor({ timeout: 60_000 });
    await page.getByText('Version 2, entrypoint').waitFor();
    // The file being edited stays open across the deploy.
    expect(await page.getByRole('button', { name: 'lib/notes.ts', exact: true }).getAttribute('aria-current')).toBe('true');
    const second = await owner.api.get(`/api/platform/projects/${project.ref}/functions/${SLUG}/source`);
    expect((second.body as { version: number; files: { path: string; content: string }[] }).files.find((file) => file.path === 'lib/notes.ts')?.content).toContain('changed in the Code tab');
    await shot(page, 'code');

    // Details: verify JWT off (saved through the Management API), then delete after typing the slug.
    await page.getByTestId('function-tabs').getByRole('link', { name: 'Details' }).click();
    const verifyJwt = page.getByTestId('function-verify-jwt');
    expect(await verifyJwt.getAttribute('aria-checked')).toBe('true');
    await verifyJwt.click();
    await page.getByText('JWT not verified').waitFor();
    const saved = await owner.api.get(`/api/v1/projects/${project.ref}/functions/${SLUG}`);
    expect(saved.body).toMatchObject({ slug: SLUG, verify_jwt: false, version: 2 });

    await page.getByTestId('delete-function').click();
    const dialog = page.getByTestId('delete-function-dialog');
    await dialog.getByTestId('confirm-value-input').fill(SLUG);
    await dialog.getByRole('button', { name: 'I understand, delete this function' }).click();
    await page.waitForURL(`**/project/${project.ref}/functions`);
    await page.getByTestId('functions-empty').waitFor();
    expect(await listedSlugs()).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('shows a Read-only member the functions without a way to deploy, test, change or delete them', async () => {
    const deployed = await owner.api.post(`/api/platform/projects/${project.ref}/functions/shared/source`, {
      entrypoint_path: 'index.ts',
      files: [{ path: 'index.ts', content: "Deno.serve(() => new Response('shared'));\n" }],
    });
    expect(deployed.status).toBeLessThan(300);
    const email = uniqueEmail('functions-readonly');
    const member = await signUp(platform.url, email, PASSWORD);
    expect((await owner.api.post(`/api/organizations/${project.slug}/members/invitations`, { email, role: 'Read-only' })).status).toBe(200);
    const invitations = await member.api.get('/api/profile/invitations');
    expect((await member.api.post(`/api/organizations/${project.slug}/members/invitations/${invitations.body[0].id}/accept`)).status).toBe(200);

    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, email, PASSWORD, `/project/${project.ref}/functions`);
    await page.locator('[data-testid="function-row"][data-slug="shared"]').waitFor();
    await expectDisabledWithTooltip(page, 'You need additional permissions to deploy edge functions');

    await page.goto(`/project/${project.ref}/functions/shared/details`);
    await page.getByTestId('function-details').waitFor();
    await expectDisabledWithTooltip(page, 'You need additional permissions to test edge functions');
    expect(await page.getByTestId('function-verify-jwt').isDisabled()).toBe(true);
    expect(await page.getByTestId('delete-function').isDisabled()).toBe(true);

    await page.getByTestId('function-tabs').getByRole('link', { name: 'Code' }).click();
    await page.getByTestId('function-code-editor').waitFor();
    expect(await page.getByTestId('function-deploy-button').isDisabled()).toBe(true);
    expect(await page.getByTestId('function-code-input').getAttribute('aria-readonly')).toBe('true');
    await shot(page, 'read-only');

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
