/**
 * A project's Git connection end to end, in a real browser against a real platform (embedded engine)
 * and a local repository this test creates: Settings > Integrations refuses a missing branch with the
 * spec's toast, connects to `main`, the SQL editor's download dialog lists the repository's migrations
 * and seed.sql, and disconnecting (confirmed) brings the connect form back.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { createGitFixture } from '../../platform/test/support/git-fixture.ts';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { createActiveProject } from './support/projects.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('git-connection');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let ref: string;
let base: string;

beforeAll(async () => {
  await ensureStudioBuilt();
  base = await mkdtemp(path.join(os.tmpdir(), 'plinth-e2e-git-'));
  await createGitFixture(path.join(base, 'acme', 'app'), {
    'supabase/migrations/20240101000000_todos.sql': 'create table todos (id int);',
    'supabase/migrations/20240102000000_tags.sql': 'create table tags (id int);',
    'supabase/seed.sql': 'insert into todos values (1);',
  });
  platform = await startPlatform({ engine: 'embedded', env: { PLINTH_GIT_LOCAL_ROOTS: base } });
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('git'), PASSWORD);
  let slug: string;
  ({ ref, slug } = await createActiveProject(owner.api, { organization: 'Git Org', project: 'git app' }));
  expect((await owner.api.post(`/api/platform/organizations/${slug}/git-repositories`, { url: path.join(base, 'acme', 'app') })).status).toBe(201);
  await owner.api.request('PUT', `/api/platform/projects/${ref}/content`, { id: randomUUID(), name: 'Add notes', visibility: 'user', content: { sql: 'create table notes (id int);' } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  if (base) await rm(base, { recursive: true, force: true });
}, 60_000);

describe('project Git connection', () => {
  it('connects (a missing branch refused), lists the repository files in the download dialog, and disconnects', async () => {
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${ref}/settings/integrations`);

    const form = page.getByTestId('git-connection-form');
    await form.getByTestId('git-connect-branch').fill('nope');
    await form.getByTestId('git-connect-submit').click();
    await page.getByText('Failed to create Github connection: Unable to find branch from acme/app').waitFor();
    await form.getByTestId('git-connect-branch').fill('main');
    await form.getByTestId('git-connect-submit').click();
    const connection = page.getByTestId('git-connection');
    await connection.getByTestId('git-connection-branch').getByText('main').waitFor();
    await shot(page, 'connected');

    await page.goto(`/project/${ref}/sql/new`);
    await page.getByRole('button', { name: 'Actions for Add notes' }).click();
    await page.getByRole('menuitem', { name: 'Download as migration file' }).click();
    const dialog = page.getByTestId('download-query-dialog');
    const files = dialog.getByTestId('download-git-files');
    await files.getByText('acme/app @ main').waitFor();
    await files.getByTestId('download-git-file').nth(1).waitFor();
    expect(await files.getByTestId('download-git-file').allTextContents()).toEqual(['supabase/migrations/20240101000000_todos.sql', 'supabase/migrations/20240102000000_tags.sql']);
    await dialog.getByRole('tab', { name: 'Seed file' }).click();
    await files.getByText('supabase/seed.sql').waitFor();
    await shot(page, 'download-dialog');
    await page.keyboard.press('Escape');

    await page.goto(`/project/${ref}/settings/integrations`);
    await connection.getByTestId('git-connection-disconnect').click();
    await page.getByTestId('git-connection-disconnect-confirm').getByRole('button', { name: 'Disconnect' }).click();
    await page.getByTestId('git-connection-form').waitFor();
    expect((await owner.api.get(`/api/platform/projects/${ref}/git-connection`)).body).toBeNull();

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
