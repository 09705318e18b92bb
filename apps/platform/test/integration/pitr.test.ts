/**
 * Point-in-time recovery as a studio user and a Management API client see it. Local engine: refused
 * on Free (402), enabled on Pro (the list then answers pitr_enabled and the recoverable range in
 * Supabase's shape); rows written before a noted moment are there after recovering to it, rows
 * written after are gone; the daily schedule makes the next base backup; a pause frees the history,
 * so after the restore the range starts anew and an earlier moment is refused with the reason; after
 * a major upgrade the new cluster archives again. Embedded engine: refused with the reason it is not possible there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupSchedule } from '../../src/control/backups/schedule.ts';
import { ApiClient, signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

const DAY_MS = 24 * 3600 * 1000;

async function makeProject(api: ApiClient, slug: string): Promise<string> {
  const ref: string = (await api.post('/api/projects', { name: 'recoverable', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
  await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
  return ref;
}

describe('point-in-time recovery on the local engine', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let slug: string;
  let ref: string;
  const operatorEmail = uniqueEmail('operator');

  const query = async (sql: string) => {
    const response = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query: sql });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    platform = await startPlatform({ engine: 'local', env: { PLINTH_OPERATORS: operatorEmail } });
    ({ api: owner } = await signUp(platform.url));
    slug = (await owner.post('/api/organizations', { name: 'PITR', plan: 'free' })).body.slug;
    ref = await makeProject(owner, slug);
  }, 180_000);
  afterAll(async () => platform?.stop());

  it('is refused on the Free plan with the plans error, and says why in the list', async () => {
    const refused = await owner.post(`/api/platform/database/${ref}/backups/pitr/enable`);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'plan_feature_unavailable', message: expect.stringContaining('Pro plan') });
    const list = await owner.get(`/api/platform/database/${ref}/backups`);
    expect(list.body).toMatchObject({ pitr_enabled: false, physical_backup_data: {}, pitr_unavailable_reason: expect.stringContaining('paid add-on') });
  });

  it('on Pro: enables, lists the range, and recovers to a moment: earlier rows kept, later rows gone', async () => {
    const { api: operator } = await signUp(platform.url, operatorEmail);
    expect((await operator.patch(`/api/platform/admin/organizations/${slug}`, { plan: 'pro' })).status).toBe(200);
    const enabled = await owner.post(`/api/platform/database/${ref}/backups/pitr/enable`);
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);

    // The first base backup is made by a job: the list shows the range once it is there.
    let list: any;
    for (;;) {
      list = (await owner.get(`/api/v1/projects/${ref}/database/backups`)).body;
      if (list.physical_backup_data?.earliest_physical_backup_date_unix) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(list).toMatchObject({ pitr_enabled: true, pitr_unavailable_reason: null });
    const { earliest_physical_backup_date_unix: earliest, latest_physical_backup_date_unix: latest } = list.physical_backup_data;
    expect(latest).toBeGreaterThanOrEqual(earliest);

    await query(`create table public.ledger (id int primary key, note text); insert into public.ledger values (1, 'A1'), (2, 'A2')`);
    // The moment to recover to: the next whole second after rows A committed (the API takes seconds).
    const target = Math.ceil(Date.now() / 1000) + 1;
    while (Date.now() < target * 1000 + 200) await new Promise((resolve) => setTimeout(resolve, 50));
    await query(`insert into public.ledger values (3, 'B1'); update public.ledger set note = 'A1 changed' where id = 1`);

    const tooEarly = await owner.post(`/api/v1/projects/${ref}/database/backups/restore-pitr`, { recovery_time_target_unix: earliest - 3600 });
    expect(tooEarly.status).toBe(400);

    const started = Date.now();
    const restore = await owner.post(`/api/v1/projects/${ref}/database/backups/restore-pitr`, { recovery_time_target_unix: target });
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
    expect((await owner.get(`/api/platform/projects/${ref}/status`)).body.status).toMatch(/RESTORING|ACTIVE_HEALTHY/);
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    console.log(`point-in-time recovery of a fresh project: ${Date.now() - started} ms`);
    expect((await owner.get(`/api/platform/projects/${ref}/status`)).body.error).toBeNull();

    expect(await query('select id, note from public.ledger order by id')).toEqual([{ id: 1, note: 'A1' }, { id: 2, note: 'A2' }]);
    // The project takes writes again, and PITR stays on.
    await query(`insert into public.ledger values (4, 'after recovery')`);
    expect((await owner.get(`/api/platform/database/${ref}/backups`)).body.pitr_enabled).toBe(true);
  }, 180_000);

  it('makes a base backup a day later through the daily schedule (its clock moved on)', async () => {
    const lastBaseBackup = async () =>
      (await platform.control.db.query<{ at: Date | null }>('select pitr_base_backup_at as at from projects where ref = $1', [ref])).rows[0].at;
    // The recovery's own base backup first (its job runs after the project is healthy again).
    while (!(await lastBaseBackup())) await new Promise((resolve) => setTimeout(resolve, 100));
    const before = (await lastBaseBackup())!.getTime();
    expect((await runBackupSchedule(platform.control)).baseBackups).toEqual([]);
    expect((await runBackupSchedule(platform.control, { now: new Date(Date.now() + DAY_MS) })).baseBackups).toEqual([ref]);
    while ((await lastBaseBackup())!.getTime() === before) await new Promise((resolve) => setTimeout(resolve, 100));
    const list = (await owner.get(`/api/platform/database/${ref}/backups`)).body;
    expect(list.physical_backup_data.latest_physical_backup_date_unix).toBeGreaterThanOrEqual(Math.floor(before / 1000));
  }, 120_000);

  it('after a pause and restore: the range starts after the restore, and an earlier moment is refused saying why', async () => {
    // The schedule's jobs of the test before finish first: a pause would cut them off (they retry after it).
    await platform.control.jobs.idle();
    // A moment the history covered before the pause (the range reached it).
    const beforePause = (await owner.get(`/api/platform/database/${ref}/backups`)).body.physical_backup_data.latest_physical_backup_date_unix;
    expect((await owner.post(`/api/platform/projects/${ref}/pause`)).status).toBe(200);
    await waitForStatus(owner, ref, 'INACTIVE');
    const restoreAsked = Math.floor(Date.now() / 1000);
    expect((await owner.post(`/api/platform/projects/${ref}/restore`)).status).toBe(200);
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');

    // The restore sends for a new base backup: until it is made there is no range, then it starts there.
    let list: any;
    for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
      list = (await owner.get(`/api/platform/database/${ref}/backups`)).body;
      if (list.physical_backup_data.earliest_physical_backup_date_unix) break;
      expect(Date.now()).toBeLessThan(deadline);
    }
    expect(list.pitr_enabled).toBe(true);
    expect(list.physical_backup_data.earliest_physical_backup_date_unix).toBeGreaterThanOrEqual(restoreAsked);
    expect(list.pitr_history_note).toContain('pausing the project freed its change history');

    const refused = await owner.post(`/api/v1/projects/${ref}/database/backups/restore-pitr`, { recovery_time_target_unix: beforePause });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^The recovery time must be between .* Moments before .* cannot be recovered: pausing the project freed its change history/);
    expect((await owner.get(`/api/platform/projects/${ref}/status`)).body.status).toBe('ACTIVE_HEALTHY');
  }, 180_000);
});

describe('point-in-time recovery across a major upgrade (local engine, 17 -> 18)', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;

  beforeAll(async () => {
    platform = await startPlatform({ engine: 'local', env: { PLINTH_POSTGRES_MAJOR: '17' } });
  }, 180_000);
  afterAll(async () => platform?.stop());

  it('archives again in the new cluster, with a range that starts after the upgrade', async () => {
    const { api } = await signUp(platform.url);
    const slug = (await api.post('/api/organizations', { name: 'PITR upgrade', plan: 'pro', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    const ref = await makeProject(api, slug);
    const range = async () => (await api.get(`/api/platform/database/${ref}/backups`)).body.physical_backup_data;
    expect((await api.post(`/api/platform/database/${ref}/backups/pitr/enable`)).status).toBe(200);
    while (!(await range()).earliest_physical_backup_date_unix) await new Promise((resolve) => setTimeout(resolve, 100));

    const upgradedAt = Math.floor(Date.now() / 1000);
    expect((await api.post(`/api/v1/projects/${ref}/upgrade`, { target_version: '18' })).status).toBe(200);
    for (;;) {
      const status = (await api.get(`/api/platform/projects/${ref}/upgrade/status`)).body.databaseUpgradeStatus;
      if (status && status.status !== 0) {
        expect(status.error ?? null).toBeNull();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    const settings = await api.post(`/api/platform/pg-meta/${ref}/query`, { query: `select current_setting('archive_mode') as archive_mode, current_setting('server_version_num')::int / 10000 as major` });
    expect(settings.body).toEqual([{ archive_mode: 'on', major: 18 }]);
    expect((await range()).earliest_physical_backup_date_unix).toBeGreaterThanOrEqual(upgradedAt);
  }, 180_000);
});

describe('point-in-time recovery on the embedded engine', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;

  beforeAll(async () => {
    platform = await startPlatform({ engine: 'embedded' });
  }, 120_000);
  afterAll(async () => platform?.stop());

  it('is refused with the reason it is not possible there', async () => {
    const { api } = await signUp(platform.url);
    const slug = (await api.post('/api/organizations', { name: 'PITR embedded', plan: 'pro', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    const ref = await makeProject(api, slug);
    const refused = await api.post(`/api/platform/database/${ref}/backups/pitr/enable`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'engine_feature_unavailable', message: expect.stringContaining('not possible on the embedded engine') });
    const list = await api.get(`/api/platform/database/${ref}/backups`);
    expect(list.body).toMatchObject({ pitr_enabled: false, pitr_unavailable_reason: expect.stringContaining('write-ahead log') });
    const restore = await api.post(`/api/v1/projects/${ref}/database/backups/restore-pitr`, { recovery_time_target_unix: Math.floor(Date.now() / 1000) });
    expect(restore.status).toBe(400);
    expect(restore.body.code).toBe('engine_feature_unavailable');
  }, 120_000);
});
