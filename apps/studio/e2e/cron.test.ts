/**
 * Database > Cron end to end, in a real browser against a real platform: enables cron, creates a job
 * every 2 seconds with the SQL editor's CodeMirror, sees its runs succeed in the history (and its
 * rows in the table it writes), pauses it with the Active switch, and deletes it after confirming.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('cron');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('cron'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Cron Org', project: 'Cron Project' });
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

describe('cron', () => {
  it('enables cron, creates a job, shows its runs and deletes it', async () => {
    await sql(`create table public.beats (id serial primary key, at timestamptz default now())`);
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/database/cron`);
    await page.getByTestId('cron-disabled').getByText('Cron is not enabled').waitFor();
    await page.getByTestId('cron-enable').click();
    await page.getByTestId('cron-empty').getByText('No cron jobs yet').waitFor();

    // Create: the name is required and the schedule is checked before anything runs.
    await page.getByTestId('cron-create-job').click();
    const panel = page.getByTestId('cron-job-panel');
    await panel.getByTestId('cron-job-schedule').fill('every now and then');
    await panel.getByTestId('cron-job-save').click();
    await panel.getByText('Please provide a name for your cron job').waitFor();
    await panel.getByText(/Use five cron fields/).waitFor();
    await panel.getByTestId('cron-job-name').fill('beat');
    await panel.getByTestId('cron-job-preset').selectOption({ label: 'Every hour' });
    expect(await panel.getByTestId('cron-job-schedule').inputValue()).toBe('0 * * * *');
    await panel.getByTestId('cron-job-schedule').fill('2 seconds');
    await panel.locator('p').getByText('Every 2 seconds').waitFor();
    await panel.getByTestId('cron-job-command').locator('.cm-content').click();
    await page.keyboard.type("insert into public.beats default values");
    await shot(page, 'create');
    await panel.getByTestId('cron-job-save').click();
    await page.getByText('Successfully created cron job beat').waitFor();

    const row = page.getByTestId('cron-job-row-beat');
    await row.getByText('Every 2 seconds').waitFor();
    expect(await sql(`select jobname, schedule, command, active from cron.job`)).toEqual([
      { jobname: 'beat', schedule: '2 seconds', command: 'insert into public.beats default values', active: true },
    ]);

    // History: the platform's tick runs it within seconds; the page refreshes by itself.
    await row.getByTestId('cron-job-toggle-runs').click();
    await page.getByTestId('cron-run').filter({ hasText: 'succeeded' }).first().waitFor({ timeout: 40_000 });
    await page.getByTestId('cron-run').filter({ hasText: 'INSERT 0 1' }).first().waitFor();
    await shot(page, 'runs');
    const [{ count }] = await sql<{ count: number }>(`select count(*)::int as count from public.beats`);
    expect(count).toBeGreaterThan(0);

    // Active switch: cron.alter_job(active := false).
    await row.getByTestId('cron-job-active').click();
    await expect.poll(async () => (await sql<{ active: boolean }>(`select active from cron.job where jobname = 'beat'`))[0].active).toBe(false);

    // Delete after confirming.
    await page.getByRole('button', { name: 'Actions for beat' }).click();
    await page.getByRole('menuitem', { name: 'Delete cron job' }).click();
    const confirm = page.getByTestId('cron-delete-dialog');
    await confirm.getByRole('button', { name: 'Delete cron job' }).click();
    await page.getByText('Successfully deleted cron job beat').waitFor();
    await page.getByTestId('cron-empty').waitFor();
    expect(await sql(`select 1 from cron.job`)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
