/**
 * Invoices: the month-closing job on a fake clock (its `now`), with the month's metered usage as the
 * hourly job leaves it in usage_hourly (written here directly: no test can send 300 GB through the
 * gateway), priced from the catalogue; the list, the PDF, and who may see them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMonth } from '../../src/control/metering/invoices.ts';
import { signUp, uniqueEmail, type ApiClient } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

const GB = 1024 ** 3;

describe('invoices', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let slug: string;
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const hour = (n: number) => new Date(monthStart.getTime() + n * 3600_000);

  async function seedUsage(organizationSlug: string, rows: [metric: string, hourIndex: number, value: number][]) {
    const { rows: found } = await platform.control.db.query<{ id: number }>('select id from organizations where slug = $1', [organizationSlug]);
    for (const [metric, at, value] of rows) {
      await platform.control.db.query(
        `insert into usage_hourly (project_ref, organization_id, metric, hour, value) values ('seededproject', $1, $2, $3, $4)`,
        [found[0].id, metric, hour(at), value],
      );
    }
  }

  const invoices = (api: ApiClient, organization = slug) => api.get(`/api/platform/organizations/${organization}/invoices`);

  beforeAll(async () => {
    platform = await startPlatform();
    owner = (await signUp(platform.url)).api;
    slug = (await owner.post('/api/organizations', { name: 'Invoiced', plan: 'pro', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    const billingOn = await owner.put(`/api/platform/organizations/${slug}/billing/subscription`, { usage_billing_enabled: true });
    expect(billingOn.status, JSON.stringify(billingOn.body)).toBe(200);
    await seedUsage(slug, [
      ['EGRESS', 3, 150 * GB],
      ['EGRESS', 40, 150 * GB],
      ['MONTHLY_ACTIVE_USERS', 3, 100_200],
      ['MONTHLY_ACTIVE_USERS', 40, 100_400],
      ['DATABASE_SIZE', 40, 4 * GB],
      ['COMPUTE_HOURS', 3, 1],
      ['COMPUTE_HOURS', 40, 1],
    ]);
  });
  afterAll(async () => platform?.stop());

  it('closes the month once, with the plan price and the overages at the catalogue prices', async () => {
    // The job's clock: five minutes into next month.
    const fakeNow = new Date(nextMonth.getTime() + 5 * 60_000);
    expect(await closeMonth(platform.control, { now: new Date(nextMonth.getTime() - 60_000) })).toBe(0);
    expect(await closeMonth(platform.control, { now: fakeNow })).toBe(1);
    expect(await closeMonth(platform.control, { now: fakeNow })).toBe(0);

    const listed = await invoices(owner);
    expect(listed.status).toBe(200);
    const issued = listed.body.find((i: { status: string }) => i.status === 'issued');
    expect(issued).toMatchObject({ plan: 'pro', period_start: monthStart.toISOString(), period_end: nextMonth.toISOString(), amount_usd: 30.8 });
    expect(issued.lines).toEqual([
      { description: 'Pro plan', metric: null, quantity: 1, unit: 'month', included: null, amount_usd: 25 },
      // 300 GB against 250 included: 50 GB at $0.09.
      { description: 'Egress over the included amount', metric: 'EGRESS', quantity: 300, unit: 'GB', included: 250, amount_usd: 4.5 },
      // The month's highest count: 100,400 against 100,000 included, at $0.00325.
      { description: 'Monthly active users over the included amount', metric: 'MONTHLY_ACTIVE_USERS', quantity: 100_400, unit: 'units', included: 100_000, amount_usd: 1.3 },
      { description: 'Compute hours', metric: 'COMPUTE_HOURS', quantity: 2, unit: 'hours', included: null, amount_usd: 0 },
    ]);
    expect(listed.body[0]).toMatchObject({ status: 'upcoming', id: null, amount_usd: 30.8 });

    const pdf = await fetch(`${platform.url}/api/platform/organizations/${slug}/invoices/${issued.id}/pdf`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`invoice-${slug}-${monthStart.toISOString().slice(0, 7)}.pdf`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    const upcoming = await fetch(`${platform.url}/api/platform/organizations/${slug}/invoices/upcoming/pdf`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(upcoming.status).toBe(200);
    expect((await owner.get(`/api/platform/organizations/${slug}/invoices/999999/pdf`)).status).toBe(404);
  });

  it('bills no overage while usage is capped: Pro with usage billing off, and Free', async () => {
    expect((await owner.put(`/api/platform/organizations/${slug}/billing/subscription`, { usage_billing_enabled: false })).status).toBe(200);
    const capped = (await invoices(owner)).body[0];
    expect(capped).toMatchObject({ status: 'upcoming', amount_usd: 25 });
    expect(capped.lines.map((line: { metric: string | null }) => line.metric)).toEqual([null, 'COMPUTE_HOURS']);

    const free: string = (await owner.post('/api/organizations', { name: 'Free and capped' })).body.slug;
    await seedUsage(free, [['EGRESS', 5, 50 * GB]]);
    const upcoming = (await invoices(owner, free)).body[0];
    expect(upcoming).toMatchObject({ plan: 'free', amount_usd: 0, lines: [expect.objectContaining({ description: 'Free plan', amount_usd: 0 })] });
    // The usage endpoint says the same: capped, over the free units (the "Exceeding usage limits" rule).
    const egress = (await owner.get(`/api/platform/organizations/${free}/usage`)).body.usages.find((u: { metric: string }) => u.metric === 'EGRESS');
    expect(egress).toMatchObject({ usage: 50 * GB, pricing_free_units: 5 * GB, capped: true });
  });

  it('prorates a plan changed during the month by the days on each plan, on a fake clock', async () => {
    const slugMidway: string = (await owner.post('/api/organizations', { name: 'Upgraded midway' })).body.slug;
    expect((await owner.put(`/api/platform/organizations/${slugMidway}/billing/payment-method`, { provider: 'manual', details: { billing_email: 'billing@example.com' } })).status).toBe(200);
    expect((await owner.put(`/api/platform/organizations/${slugMidway}/billing/subscription`, { plan: 'pro' })).status).toBe(200);
    const { rows } = await platform.control.db.query<{ from_plan: string; to_plan: string }>(
      'select from_plan, to_plan from organization_plan_changes where organization_id = (select id from organizations where slug = $1)',
      [slugMidway],
    );
    expect(rows).toEqual([{ from_plan: 'free', to_plan: 'pro' }]);
    // The fake clock: the change was made at 09:00 UTC on the 11th.
    await platform.control.db.query(
      'update organization_plan_changes set changed_at = $2 where organization_id = (select id from organizations where slug = $1)',
      [slugMidway, new Date(monthStart.getTime() + 10 * 86_400_000 + 9 * 3600_000)],
    );
    const days = Math.round((nextMonth.getTime() - monthStart.getTime()) / 86_400_000);
    const proAmount = Math.round(((25 * (days - 10)) / days) * 100) / 100;
    const expectedLines = [
      { description: `Free plan, 10 of ${days} days`, metric: null, quantity: 10, unit: 'days', included: null, amount_usd: 0 },
      { description: `Pro plan, ${days - 10} of ${days} days`, metric: null, quantity: days - 10, unit: 'days', included: null, amount_usd: proAmount },
    ];
    const upcoming = (await invoices(owner, slugMidway)).body[0];
    expect(upcoming).toMatchObject({ status: 'upcoming', plan: 'pro', lines: expectedLines, amount_usd: proAmount });

    expect(await closeMonth(platform.control, { now: new Date(nextMonth.getTime() + 5 * 60_000) })).toBeGreaterThanOrEqual(1);
    const issued = (await invoices(owner, slugMidway)).body.find((i: { status: string }) => i.status === 'issued');
    expect(issued).toMatchObject({ plan: 'pro', period_start: monthStart.toISOString(), lines: expectedLines, amount_usd: proAmount });
    const pdf = await fetch(`${platform.url}/api/platform/organizations/${slugMidway}/invoices/${issued.id}/pdf`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows invoices only to members with billing:invoices, and only their own organisation', async () => {
    const developer = await signUp(platform.url, uniqueEmail('developer'));
    const invited = await owner.post(`/api/organizations/${slug}/members/invitations`, { email: developer.email, role: 'Developer' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect((await developer.api.post(`/api/organizations/${slug}/members/invitations/${invited.body.id}/accept`)).status).toBe(200);
    const refused = await invoices(developer.api);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    expect((await developer.api.get(`/api/platform/organizations/${slug}/invoices/upcoming/pdf`)).status).toBe(403);
    // Usage is organisation data every member reads.
    expect((await developer.api.get(`/api/platform/organizations/${slug}/usage`)).status).toBe(200);

    const stranger = await signUp(platform.url);
    expect((await invoices(stranger.api)).status).toBe(404);
    expect((await stranger.api.get(`/api/platform/organizations/${slug}/invoices/upcoming/pdf`)).status).toBe(404);
  });
});
