/**
 * The branching enablement dialog end to end (spec document 1), in a real browser against a real
 * platform (embedded engine) and a local Git repository: the preview-branch warning; the branch name
 * validated on blur and again on change ("Please enter a branch name from {owner}/{repo}", "Unable to
 * find branch from {owner}/{repo}"); submit enabled only once the name is verified; creation says
 * "Successfully created new branch" and the list shows the branch healthy. Then the list's actions:
 * open (the branch's pages say dashboard schema changes are disabled), merge (the diff shown first),
 * reset, history (a failed push in the branch's failure log) and delete.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { commitFiles, createBranch, createGitFixture } from '../../platform/test/support/git-fixture.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('branches');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };
let repoDir: string;
let repository: string;

beforeAll(async () => {
  await ensureStudioBuilt();
  repoDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-e2e-branches-'));
  await createGitFixture(repoDir, {
    'supabase/migrations/20260101000000_todos.sql': 'create table public.todos (id int primary key, title text not null);',
    'supabase/seed.sql': "insert into public.todos values (1, 'seeded');",
  });
  await createBranch(repoDir, 'feature');
  platform = await startPlatform({ engine: 'embedded', env: { PLINTH_GIT_LOCAL_ROOTS: repoDir } });
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('branches'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Branches Org', project: 'Branches Project' });
  const added = await owner.api.post(`/api/platform/organizations/${project.slug}/git-repositories`, { url: repoDir });
  expect(added.status).toBe(201);
  repository = added.body.name;
  const connected = await owner.api.post(`/api/platform/projects/${project.ref}/git-connection`, { repository_id: added.body.id, production_branch: 'main', supabase_directory: '' });
  expect(connected.status).toBeLessThan(300);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  if (repoDir) await rm(repoDir, { recursive: true, force: true });
}, 60_000);

describe('branches', () => {
  it('validates the branch name against the repository and creates the branch', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/branches`);
    await page.getByTestId('branches-empty').waitFor();
    await page.getByTestId('branches-create').click();
    const dialog = page.getByTestId('create-branch-dialog');
    await dialog.getByTestId('branch-schema-warning').getByText(/Dashboard schema changes are disabled for preview branches/).waitFor();
    const input = dialog.getByTestId('branch-name-input');
    const submit = dialog.getByTestId('create-branch-submit');
    expect(await submit.isDisabled()).toBe(true);

    // On blur: too short.
    await input.fill('x');
    await input.blur();
    await dialog.getByText(`Please enter a branch name from ${repository}`, { exact: true }).waitFor();
    // On change, once touched: a name the repository lacks.
    await input.fill('no-such-branch');
    await dialog.getByText(`Unable to find branch from ${repository}`, { exact: true }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await shot(page, 'missing');

    await input.fill('feature');
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await submit.click();
    const outcome = page.getByText(/^(Successfully created new branch|Failed to create branch: .*)$/);
    await outcome.waitFor();
    expect(await outcome.textContent()).toBe('Successfully created new branch');
    const row = page.getByTestId('branch-row-feature');
    await row.getByText('Healthy').waitFor({ timeout: 60_000 });
    await row.getByText('20260101000000_todos').waitFor();
    await shot(page, 'listed');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('opens the branch (which says schema changes are disabled), merges it after showing the diff, resets it, shows its history and deletes it', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/branches`);
    const row = page.getByTestId('branch-row-feature');
    await row.getByText('Healthy').waitFor({ timeout: 60_000 });

    // Open: the branch's own project, every page of which says where its schema comes from.
    await row.getByTestId('branch-open').click();
    const branchRef = (await owner.api.get(`/api/v1/projects/${project.ref}/branches`)).body[0].project_ref;
    await page.waitForURL(new RegExp(`/project/${branchRef}`));
    await page.getByTestId('branch-project-notice').getByText(/Dashboard schema changes are disabled for preview branches/).waitFor();
    await shot(page, 'branch-project');
    await page.goto(`/project/${project.ref}/branches`);

    // Merge: the SQL it would apply is shown first, then applied to this project.
    await row.getByTestId('branch-merge').click();
    const merge = page.getByTestId('branch-merge-dialog');
    const diff = merge.getByTestId('branch-merge-diff');
    await diff.waitFor();
    expect(await diff.textContent()).toContain('-- 20260101000000_todos.sql');
    expect(await diff.textContent()).toContain('create table public.todos');
    await shot(page, 'merge-diff');
    await merge.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByText(`Merged 1 migration into ${project.ref}`).waitFor();
    const parent = await owner.api.post(`/api/platform/pg-meta/${project.ref}/query`, { query: "select to_regclass('public.todos')::text as t" });
    expect(parent.body).toEqual([{ t: 'todos' }]);

    // Reset: confirmed, rebuilt, healthy again.
    await row.getByTestId('branch-reset').click();
    await page.getByTestId('branch-reset-dialog').getByRole('button', { name: 'Reset branch' }).click();
    await page.getByText('Resetting feature').waitFor();
    await row.getByText('Healthy').waitFor({ timeout: 60_000 });

    // History: a pushed migration Postgres refuses fails the branch; the dialog shows what was applied and the failure.
    await commitFiles(repoDir, 'feature', { 'supabase/migrations/20260102000000_broken.sql': 'create tabel broken (id int);' }, 'broken');
    const branchId = (await owner.api.get(`/api/v1/projects/${project.ref}/branches`)).body[0].id;
    expect((await owner.api.post(`/api/v1/branches/${branchId}/push`)).body.status).toBe('MIGRATIONS_FAILED');
    await page.reload();
    await row.getByText('Failed').waitFor();
    await row.getByTestId('branch-history').click();
    const history = page.getByTestId('branch-history-dialog');
    await history.getByTestId('branch-history-applied').getByText('20260101000000_todos').waitFor();
    const failure = history.getByTestId('branch-history-failures');
    await failure.getByText(/20260102000000_broken\.sql: .*syntax error/).waitFor();
    await shot(page, 'history');
    await page.keyboard.press('Escape');

    // Delete: the name typed to confirm; the list is empty again and the branch's project is gone.
    await row.getByTestId('branch-delete').click();
    const remove = page.getByTestId('branch-delete-dialog');
    await remove.getByTestId('confirm-value-input').fill('feature');
    await remove.getByRole('button', { name: 'Delete branch' }).click();
    await page.getByText('Deleted branch feature').waitFor();
    await page.getByTestId('branches-empty').waitFor();
    expect((await owner.api.get(`/api/platform/projects/${branchRef}`)).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
