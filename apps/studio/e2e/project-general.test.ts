/**
 * Settings > General end to end, in a real browser against a real platform: "Restart project" asks
 * first (the project will be unavailable for a few seconds), shows its progress and says when it is
 * done, with the rows still there; "Transfer project" offers the organisations the member
 * administers, previews the move, and after confirming lands on the project, now in the other
 * organisation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('project-general');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };
let targetSlug: string;

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('general'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Source Org', project: 'Moving Project' }, 'team');
  targetSlug = (await owner.api.post('/api/platform/organizations', { name: 'Target Org' })).body.slug;
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

describe('project settings: general', () => {
  it('restarts the project after confirming, then transfers it to another organisation', async () => {
    await sql(`create table public.crates (id int primary key, label text not null); insert into public.crates values (1, 'Still here');`);
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/settings/general`);

    // Restart: a confirmation, progress while it runs, a toast when the database answers again.
    await page.getByTestId('restart-project').click();
    const dialog = page.getByTestId('restart-project-dialog');
    await dialog.getByText('The project will be unavailable for a few seconds').waitFor();
    await shot(page, 'restart-confirm');
    await dialog.getByRole('button', { name: 'Restart project' }).click();
    // Stopping and starting the project's cluster takes a moment: the dialog shows it is under way.
    await dialog.getByTestId('restart-project-progress').waitFor();
    await page.getByText('Project restarted').waitFor({ timeout: 60_000 });
    await dialog.waitFor({ state: 'detached' });
    expect(await sql('select id, label from public.crates')).toEqual([{ id: 1, label: 'Still here' }]);

    // Transfer: the target is offered, the preview says it can move, and the project is then in it.
    await page.getByTestId('transfer-project').click();
    const transfer = page.getByTestId('transfer-project-dialog');
    await transfer.getByTestId('transfer-project-target').selectOption(targetSlug);
    await transfer.getByTestId('transfer-project-valid').waitFor();
    await transfer.getByText(/will use the Free plan of Target Org/).waitFor();
    await shot(page, 'transfer-preview');
    await transfer.getByTestId('transfer-project-confirm').click();
    await page.waitForURL((url) => url.pathname === `/project/${project.ref}`);
    await page.getByText(`Successfully transferred project Moving Project to Target Org`).waitFor();
    await page.getByTestId('breadcrumb-organization').getByText('Target Org').waitFor();
    await shot(page, 'transferred');
    expect((await owner.api.get(`/api/platform/projects/${project.ref}`)).body.organization_slug).toBe(targetSlug);
    expect(await sql('select id, label from public.crates')).toEqual([{ id: 1, label: 'Still here' }]);

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
