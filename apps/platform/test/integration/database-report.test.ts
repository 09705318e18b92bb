/**
 * The database report (GET /projects/{ref}/reports/database) on every engine: the project
 * database's size, connections (none to count on embedded), cache and index hit rates, transactions
 * and largest tables, read from the project database itself; ANALYTICS_READ as the logs need.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
import { ENGINES, startPlatform } from '../support/platform.ts';

describe.each(ENGINES)('the database report on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let slug: string;
  let ref: string;

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    owner = (await signUp(platform.url)).api;
    // Team: the Billing admin role exists there.
    slug = (await owner.post('/api/organizations', { name: 'Reports', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    const sql = `create table public.big_one (id int primary key, body text);
      insert into public.big_one select g, repeat('x', 200) from generate_series(1, 5000) g;
      analyze public.big_one;
      select count(*) from public.big_one where id = 42;`;
    const run = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query: sql });
    expect(run.status, JSON.stringify(run.body)).toBeLessThan(300);
  });
  afterAll(async () => platform?.stop());

  it('answers the project database now, its largest table first', async () => {
    const response = await owner.get(`/api/platform/projects/${ref}/reports/database`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const report = response.body;
    expect(report.engine).toBe(engine);
    expect(Date.parse(report.measured_at)).not.toBeNaN();
    expect(report.database_size_bytes).toBeGreaterThan(1024 * 1024);
    expect(report.transactions).toEqual({ commits: expect.any(Number), rollbacks: expect.any(Number), deadlocks: expect.any(Number) });
    expect(report.transactions.commits).toBeGreaterThan(0);
    expect(report.cache_hit_rate).toBeGreaterThan(0);
    expect(report.cache_hit_rate).toBeLessThanOrEqual(1);
    if (report.index_hit_rate !== null) expect(report.index_hit_rate).toBeLessThanOrEqual(1);
    if (engine === 'embedded') {
      expect(report.connections).toBeNull();
    } else {
      // The report's own session is one of them.
      expect(report.connections.total).toBeGreaterThanOrEqual(1);
      expect(report.connections.active).toBeGreaterThanOrEqual(1);
      expect(report.connections.max).toBeGreaterThan(report.connections.total - 1);
    }
    expect(report.largest_tables.length).toBeGreaterThan(0);
    expect(report.largest_tables.length).toBeLessThanOrEqual(10);
    expect(report.largest_tables[0]).toEqual({ schema: 'public', name: 'big_one', size_bytes: expect.any(Number), rows_estimate: 5000 });
    expect(report.largest_tables[0].size_bytes).toBeGreaterThan(1024 * 1024);
    const schemas = report.largest_tables.map((table: { schema: string }) => table.schema);
    expect(schemas).not.toContain('pg_catalog');
    expect(schemas).not.toContain('information_schema');
  });

  it('is refused to a Billing admin (403) and to a stranger (404)', async () => {
    const billing = await signUp(platform.url, uniqueEmail('billing'));
    await owner.post(`/api/organizations/${slug}/members/invitations`, { email: billing.email, role: 'Billing admin' });
    const [invitation] = (await billing.api.get('/api/profile/invitations')).body;
    await billing.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`);
    const refused = await billing.api.get(`/api/platform/projects/${ref}/reports/database`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    const stranger = await signUp(platform.url);
    expect((await stranger.api.get(`/api/platform/projects/${ref}/reports/database`)).status).toBe(404);
  });
});
