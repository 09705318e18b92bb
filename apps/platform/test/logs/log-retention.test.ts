/**
 * Log retention by plan: the scheduled logs-retention job deletes each project's entries older than
 * its organisation's plan keeps them (Free 1 day, Pro 7, Team 28, Enterprise 90), a deleted
 * project's after a Free project's day, in batches, and leaves everything younger alone.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteExpiredLogs } from '../../src/control/log-retention.ts';
import { signUp, uniqueEmail } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

/** Retention is platform data, not engine behaviour: the default engine is enough. */
describe('log retention', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  const refs: Record<'free' | 'pro' | 'enterprise', string> = { free: '', pro: '', enterprise: '' };
  /** A project that no longer exists: its entries are kept as a Free project's. */
  const deletedRef = 'deletedprojectxxxxxx';

  beforeAll(async () => {
    // The operator creates organisations on any plan (others need a payment method, and Enterprise is arranged).
    const operator = uniqueEmail('operator');
    platform = await startPlatform({ env: { PLINTH_OPERATORS: operator } });
    const owner = await signUp(platform.url, operator);
    for (const plan of ['free', 'pro', 'enterprise'] as const) {
      const slug = (await owner.api.post('/api/organizations', { name: plan, plan })).body.slug;
      // The project's row is what retention reads; it need not finish provisioning.
      refs[plan] = (await owner.api.post('/api/projects', { name: plan, organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    }
  });
  afterAll(async () => platform?.stop());

  async function insert(source: string, ref: string, ages: string[]): Promise<void> {
    for (const age of ages) {
      await platform.control.db.query(
        `insert into ${source} (id, timestamp, project_ref, event_message, metadata) values (gen_random_uuid(), now() - $3::interval, $1, $2, '{}')`,
        [ref, age, age],
      );
    }
  }
  const kept = async (source: string, ref: string) =>
    (await platform.control.db.query<{ event_message: string }>(`select event_message from ${source} where project_ref = $1 order by timestamp desc`, [ref])).rows.map((row) => row.event_message);

  it("deletes what each project's plan no longer keeps, in every source, and nothing younger", async () => {
    const ages = ['1 hour', '2 days', '8 days', '30 days', '100 days'];
    for (const ref of [...Object.values(refs), deletedRef]) await insert('edge_logs', ref, ages);
    await insert('auth_logs', refs.free, ['23 hours', '25 hours']);
    await insert('function_logs', refs.enterprise, ['89 days', '91 days']);

    const { deleted } = await deleteExpiredLogs(platform.control);

    expect(await kept('edge_logs', refs.free)).toEqual(['1 hour']);
    expect(await kept('edge_logs', deletedRef)).toEqual(['1 hour']);
    expect(await kept('edge_logs', refs.pro)).toEqual(['1 hour', '2 days']);
    expect(await kept('edge_logs', refs.enterprise)).toEqual(['1 hour', '2 days', '8 days', '30 days']);
    expect(await kept('auth_logs', refs.free)).toEqual(['23 hours']);
    expect(await kept('function_logs', refs.enterprise)).toEqual(['89 days']);
    expect(deleted).toMatchObject({ edge_logs: 4 + 4 + 3 + 1, auth_logs: 1, function_logs: 1 });
  });

  it('deletes in batches until nothing old is left', async () => {
    await insert('storage_logs', refs.free, ['2 days', '3 days', '4 days', '5 days', '6 days', '1 minute']);
    const { deleted } = await deleteExpiredLogs(platform.control, { batchSize: 2 });
    expect(deleted.storage_logs).toBe(5);
    expect(await kept('storage_logs', refs.free)).toEqual(['1 minute']);
  });

  it('runs as a job the queue schedules itself', async () => {
    await vi.waitFor(async () => {
      const { rows } = await platform.control.db.query<{ state: string }>(`select state from pgboss.job where name = 'logs-retention'`);
      expect(rows).toEqual([{ state: 'completed' }]);
    }, { timeout: 20_000, interval: 100 });
  });
});
