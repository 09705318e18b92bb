/**
 * Organisation > Usage and Invoices end to end, in a real browser against a real platform: REST
 * traffic to a project is metered by the hourly job (run here for the current hour) and the usage
 * page shows the bytes the client received, with a chart per metric and the project filter; the
 * month-closing job run on a fake clock (next month) issues an invoice that the invoices page lists
 * beside the upcoming one, shows line by line, and downloads as a PDF. The "Exceeding usage limits"
 * badge shows on the projects list and the usage page while the capped organisation is over its
 * free units, and goes once usage billing is on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { meterHour } from '../../platform/src/control/metering/meter.ts';
import { closeMonth } from '../../platform/src/control/metering/invoices.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('usage-invoices');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('usage'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Usage Org', project: 'Metered Project' }, 'pro');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

describe('usage and invoices', () => {
  it('shows metered REST egress on the usage page, then an issued invoice as a page and a PDF', async () => {
    const setup = await owner.api.post(`/api/platform/pg-meta/${project.ref}/query`, {
      query: `create table public.items (id int primary key, body text);
              insert into public.items select g, repeat('x', 500) from generate_series(1, 400) g;
              grant select on public.items to anon;`,
    });
    expect(setup.status).toBe(200);
    const anon = (await owner.api.get(`/api/props/project/${project.ref}/settings`)).body.autoApiService.defaultApiKey as string;
    let received = 0;
    for (const limit of [400, 200, 100]) {
      const response = await fetch(`${platform.url}/p/${project.ref}/rest/v1/items?select=*&limit=${limit}`, { headers: { apikey: anon } });
      expect(response.status).toBe(200);
      received += (await response.arrayBuffer()).byteLength;
    }
    expect(received).toBeGreaterThan(300_000);
    await expect
      .poll(async () => {
        await platform.control.logs.flush();
        const { rows } = await platform.control.db.query<{ n: number }>('select count(*)::int as n from edge_logs where project_ref = $1', [project.ref]);
        return rows[0].n;
      }, { timeout: 15_000, interval: 100 })
      .toBeGreaterThanOrEqual(3);
    await meterHour(platform.control, new Date());
    // As the page writes it (formatSize: factor 1024, one decimal).
    const shown = `${(received / 1024).toFixed(1)} KB`;

    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/org/${project.slug}/usage`);
    await page.getByTestId('usage-figure-EGRESS').getByText(shown, { exact: true }).waitFor();
    await page.getByTestId('usage-EGRESS').getByText('of 250.0 GB included').waitFor();
    await page.getByTestId('usage-figure-COMPUTE_HOURS').getByText('1', { exact: true }).waitFor();
    await page.getByRole('img', { name: 'Egress per day of the billing cycle' }).locator('.recharts-bar-rectangle').first().waitFor();
    // Capped (Pro, usage billing off) but over no free units: no badge.
    expect(await page.getByTestId('usage-exceeding').count()).toBe(0);
    await page.getByTestId('usage-project-filter').selectOption(project.ref);
    await page.waitForURL((url) => url.searchParams.get('projectRef') === project.ref);
    await page.getByTestId('usage-figure-EGRESS').getByText(shown, { exact: true }).waitFor();
    await shot(page, 'usage');

    // The month closes: the job on a clock five minutes into next month.
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 5));
    expect(await closeMonth(platform.control, { now: nextMonth })).toBe(1);

    await page.goto(`/org/${project.slug}/invoices`);
    await page.getByTestId('invoice-upcoming').getByText('Upcoming').waitFor();
    const issued = page.locator('[data-testid^="invoice-"]').filter({ hasText: 'Issued' });
    await issued.getByText('$25.00').waitFor();
    await issued.getByRole('button', { name: /\w+ \d{4}/ }).click();
    const detail = page.getByTestId('invoice-detail');
    await detail.getByText(/^Invoice #\d+/).waitFor();
    await detail.getByRole('cell', { name: 'Pro plan' }).waitFor();
    await detail.getByRole('cell', { name: 'Compute hours' }).waitFor();
    await shot(page, 'invoices');
    const [download] = await Promise.all([page.waitForEvent('download'), issued.getByRole('button', { name: 'PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${project.slug}-${now.toISOString().slice(0, 7)}.pdf`);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('shows "Exceeding usage limits" while a capped organisation is over its free units, and not once usage billing is on', async () => {
    // The hourly metering's row for monthly active users over Pro's 100,000 (another project's, as a second project would add it).
    await platform.control.db.query(
      `insert into usage_hourly (project_ref, organization_id, metric, hour, value)
       select 'otherproject', id, 'MONTHLY_ACTIVE_USERS', date_trunc('hour', now()), 100001 from organizations where slug = $1`,
      [project.slug],
    );
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, '/projects');
    await page.getByTestId(`exceeding-usage-${project.slug}`).getByText('Exceeding usage limits').waitFor();
    await page.goto(`/org/${project.slug}/usage`);
    await page.getByTestId('usage-exceeding').getByText('Exceeding usage limits').waitFor();
    await page.getByTestId('usage-figure-MONTHLY_ACTIVE_USERS').getByText('100,001', { exact: true }).waitFor();

    // Usage billing on: the overage is billed, not capped, so no badge.
    expect((await owner.api.put(`/api/platform/organizations/${project.slug}/billing/subscription`, { usage_billing_enabled: true })).status).toBe(200);
    await page.goto(`/org/${project.slug}/usage`);
    await page.getByTestId('usage-figure-MONTHLY_ACTIVE_USERS').getByText('100,001', { exact: true }).waitFor();
    expect(await page.getByTestId('usage-exceeding').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
