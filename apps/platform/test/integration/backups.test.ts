/**
 * Backups on the local and embedded engines, as a studio user and a Management API client see them:
 * "Back up now" is listed COMPLETED with a size; the download is a gzip SQL file holding the rows;
 * after the data changes, a restore brings the rows and the auth users back as they were at backup
 * time (webhooks enabled since stay enabled), and into a new project; a table of some MB (a dump of
 * many streamed pieces) comes back row for row each time, and in a streamed export loaded into a new
 * project; an export whose dump fails after its first bytes went out breaks the download (local); Developer and Read-only members see the list but cannot back up, download or restore; the
 * scheduled job starts daily backups and deletes those past the plan's retention (its clock injected).
 */
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupSchedule } from '../../src/control/backups/schedule.ts';
import { locationOf, projectRowByRef } from '../../src/control/project-rows.ts';
import { LOCAL_SUPERUSER } from '../../src/engines/local/local-engine.ts';
import { NoWebSocket } from '../rest/harness.ts';
import { ApiClient, signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import { startPlatform, type EngineName } from '../support/platform.ts';

type RealtimeTransport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];
const PASSWORD = 'backup-day-password';
const DAY_MS = 24 * 3600 * 1000;
/** Rows of public.bulk: ~7 MB of INSERT statements, so a dump is many 1 MB pieces and passes the 4 MB held for a retry. */
const BULK_ROWS = 30_000;
const BULK_SQL = `create table public.bulk (id int primary key, label text not null, payload jsonb, at timestamptz);
  insert into public.bulk select g, 'row ' || g || ' ' || md5(g::text), jsonb_build_object('n', g, 's', repeat(md5(g::text), 2), 'q', 'it''s'),
    timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute' from generate_series(1, ${BULK_ROWS}) g;`;
/** Every row of public.bulk, as one checksum of their text in order, and how many. */
const BULK_SUM = `select count(*)::int as n, md5(string_agg(b::text, '|' order by b.id)) as sum from public.bulk b`;

describe.each<EngineName>(['local', 'embedded'])('backups on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let slug: string;
  let ref: string;
  let anonKey: string;
  let backupId: number;
  /** public.bulk as it was backed up. */
  let bulkAtBackup: unknown;
  const alice = uniqueEmail('alice');

  const client = (): SupabaseClient =>
    createClient(`${platform.url}/p/${ref}`, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoWebSocket as unknown as RealtimeTransport },
    });
  const query = async (sql: string) => {
    const response = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query: sql });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const notes = () => query('select id, body from public.notes order by id');
  const queryIn = async (projectRef: string, sql: string) => {
    const response = await owner.post(`/api/platform/pg-meta/${projectRef}/query`, { query: sql });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  /** Polls the list until the backup is no longer PENDING, as the studio does. */
  async function settled(id: number): Promise<any> {
    for (;;) {
      const list = await owner.get(`/api/platform/database/${ref}/backups`);
      const backup = list.body.backups.find((row: { id: number }) => row.id === id);
      if (backup && backup.status !== 'PENDING') return backup;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    ({ api: owner } = await signUp(platform.url));
    slug = (await owner.post('/api/organizations', { name: `Backups ${engine}`, plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'kept safe', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    anonKey = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService.defaultApiKey;
    await query(`create table public.notes (id int primary key, body text not null);
                 insert into public.notes values (1, 'first'), (2, 'second'), (3, 'third ''quoted''');`);
    expect((await client().auth.signUp({ email: alice, password: PASSWORD })).error).toBeNull();
    await query(BULK_SQL);
    bulkAtBackup = await query(BULK_SUM);
    expect(bulkAtBackup).toEqual([{ n: BULK_ROWS, sum: expect.any(String) }]);
  }, 180_000);
  afterAll(async () => platform?.stop());

  it('backs up now: listed PENDING at once, then COMPLETED with a size, in Supabase\'s shape on both APIs', async () => {
    const started = await owner.post(`/api/platform/database/${ref}/backups`);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({ status: 'PENDING', kind: 'manual', is_physical_backup: false });
    backupId = started.body.id;
    const done = await settled(backupId);
    expect(done).toMatchObject({ id: backupId, status: 'COMPLETED', kind: 'manual', is_physical_backup: false });
    expect(done.size_bytes).toBeGreaterThan(100);
    const v1 = await owner.get(`/api/v1/projects/${ref}/database/backups`);
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ pitr_enabled: false, region: expect.any(String), retention_days: 14 });
    expect(v1.body.backups).toEqual([expect.objectContaining({ id: backupId, status: 'COMPLETED', inserted_at: expect.any(String) })]);
  }, 60_000);

  it('downloads the backup as a gzip SQL file holding the rows and the users', async () => {
    const response = await fetch(`${platform.url}/api/platform/database/${ref}/backups/${backupId}/download`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`attachment; filename="${ref}-.*\\.sql\\.gz"`));
    const sql = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
    expect(sql).toContain('CREATE TABLE public.notes');
    expect(sql).toContain("'third ''quoted'''");
    expect(sql).toContain(alice);
    expect(sql.match(/^INSERT INTO public\.bulk VALUES /gm)).toHaveLength(BULK_ROWS);
    expect(sql.match(/^-- PostgreSQL database dump complete$/gm)).toHaveLength(3); // its three dumps, each whole
  });

  it('restores: the rows and auth users are as at backup time, what came after is gone', async () => {
    const before = await notes();
    const bob = uniqueEmail('bob');
    await query(`update public.notes set body = 'changed' where id = 1; delete from public.notes where id = 2;
                 insert into public.notes values (4, 'after the backup'); create table public.later (id int);
                 delete from public.bulk where id % 7 = 0; update public.bulk set label = 'changed' where id % 11 = 0;`);
    expect(await query(BULK_SUM)).not.toEqual(bulkAtBackup);
    expect((await client().auth.signUp({ email: bob, password: PASSWORD })).error).toBeNull();
    expect(await notes()).not.toEqual(before);
    // Webhooks enabled after the backup stay enabled and working.
    expect((await owner.post(`/api/platform/projects/${ref}/hooks/enable`)).status).toBe(200);

    const restore = await owner.post(`/api/v1/projects/${ref}/database/backups/restore`, { id: backupId });
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
    expect((await owner.get(`/api/platform/projects/${ref}/status`)).body.status).toMatch(/RESTORING|ACTIVE_HEALTHY/);
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');

    expect(await notes()).toEqual(before);
    expect(await query(BULK_SUM)).toEqual(bulkAtBackup);
    expect(await query(`select to_regclass('public.later') is null as gone, to_regprocedure('supabase_functions.http_request()') is not null as hooks`)).toEqual([{ gone: true, hooks: true }]);
    expect((await client().auth.signInWithPassword({ email: alice, password: PASSWORD })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: bob, password: PASSWORD })).error).not.toBeNull();
    // The Data API serves the restored table at once, with its privileges as before.
    const { data, error } = await client().from('notes').select('id').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  }, 120_000);

  it('restores into a new project, leaving this one as it is', async () => {
    await query(`insert into public.notes values (5, 'only here')`);
    const created = await owner.post(`/api/platform/database/${ref}/backups/${backupId}/restore-to-new-project`, { name: 'restored copy', db_pass: 'a-long-db-password' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const copy: string = created.body.ref;
    expect(copy).not.toBe(ref);
    await waitForStatus(owner, copy, 'ACTIVE_HEALTHY');
    // ACTIVE_HEALTHY comes first from provisioning: wait until the copy is restored (RESTORING -> ACTIVE_HEALTHY with rows).
    let rows: unknown;
    for (;;) {
      const status = (await owner.get(`/api/platform/projects/${copy}/status`)).body;
      const found = await owner.post(`/api/platform/pg-meta/${copy}/query`, { query: `select to_regclass('public.notes') is not null as present` });
      if (status.status === 'ACTIVE_HEALTHY' && found.body?.[0]?.present) {
        rows = (await owner.post(`/api/platform/pg-meta/${copy}/query`, { query: 'select id, body from public.notes order by id' })).body;
        break;
      }
      expect(status.error ?? null).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows).toEqual([{ id: 1, body: 'first' }, { id: 2, body: 'second' }, { id: 3, body: "third 'quoted'" }]);
    expect(await queryIn(copy, BULK_SUM)).toEqual(bulkAtBackup);
    expect((await notes()).map((row: { id: number }) => row.id)).toEqual([1, 2, 3, 5]);
    await query('delete from public.notes where id = 5');
    // Gone again, so the schedule below has one project to back up.
    expect((await owner.delete(`/api/projects/${copy}`, { confirm_ref: copy })).status).toBeLessThan(300);
  }, 120_000);

  it('exports the database as a streamed SQL file that loads back into a new project, row for row', async () => {
    const response = await fetch(`${platform.url}/api/v1/projects/${ref}/database/export`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/sql; charset=utf-8');
    expect(response.headers.get('transfer-encoding')).toBe('chunked'); // streamed as dumped, not one body
    const sql = await response.text();
    expect(sql.match(/^INSERT INTO public\.bulk VALUES /gm)).toHaveLength(BULK_ROWS);
    const target: string = (await owner.post('/api/projects', { name: 'imported copy', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, target, 'ACTIVE_HEALTHY');
    const imported = await owner.request('POST', `/api/v1/projects/${target}/database/import`, sql, { 'content-type': 'application/sql' });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(await queryIn(target, BULK_SUM)).toEqual(bulkAtBackup);
    expect(await queryIn(target, 'select id, body from public.notes order by id')).toEqual(await notes());
    expect((await owner.delete(`/api/projects/${target}`, { confirm_ref: target })).status).toBeLessThan(300);
  }, 120_000);

  // A dump that fails once bytes of the export went out must break the download, never end it as a
  // file that looks whole. Made to fail for real: the project's schema dump waits for a lock held
  // here, and each attempt at it is ended by the server (the first is retried, nothing of it having
  // gone out; the second fails the stream). On the local engine, whose cluster a superuser can reach.
  if (engine === 'local') it('breaks an export download whose dump fails after its first bytes went out', async () => {
    const project = await projectRowByRef(platform.control.db, ref);
    const { host, port, database } = platform.control.engine.connectionInfo(locationOf(project!));
    const admin = new pg.Client({ host, port, database, user: LOCAL_SUPERUSER });
    await admin.connect();
    try {
      await admin.query('begin');
      await admin.query('lock table public.bulk in access exclusive mode');
      const response = await fetch(`${platform.url}/api/v1/projects/${ref}/database/export`, { headers: { authorization: `Bearer ${owner.token}` } });
      // The answer has begun (the platform tables' rows came first); the project's schema waits for the lock.
      expect(response.status).toBe(200);
      let outcome: 'whole' | 'broken' | null = null;
      const reading = response.text().then(() => { outcome = 'whole'; }, () => { outcome = 'broken'; });
      // Each attempt waiting for the lock is ended once (a backend being terminated is still listed a moment).
      const ended = new Set<number>();
      while (outcome === null && ended.size <= 3) {
        await admin.query('select pg_stat_clear_snapshot()'); // else the transaction sees its first look at pg_stat_activity
        const { rows } = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid() and pid <> all($1::int[])`, [[...ended]]);
        for (const { pid } of rows) {
          await admin.query('select pg_terminate_backend($1)', [pid]);
          ended.add(pid);
        }
        if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin.query('rollback'); // whatever happens next, nothing waits for the lock any more
      await reading;
      expect(outcome).toBe('broken');
      expect(ended.size).toBe(2);
    } finally {
      await admin.query('rollback').catch(() => undefined);
      await admin.end();
    }
    // The project is as it was.
    expect(await query(BULK_SUM)).toEqual(bulkAtBackup);
  }, 60_000);

  it('lets Developer and Read-only members see the list, not back up, download or restore', async () => {
    for (const role of ['Developer', 'Read-only']) {
      const member = await signUp(platform.url, uniqueEmail(role.replace(/\W/g, '')));
      await owner.post(`/api/organizations/${slug}/members/invitations`, { email: member.email, role });
      const [invitation] = (await member.api.get('/api/profile/invitations')).body;
      await member.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`);
      expect((await member.api.get(`/api/platform/database/${ref}/backups`)).status).toBe(200);
      for (const denied of [
        await member.api.post(`/api/platform/database/${ref}/backups`),
        await member.api.get(`/api/platform/database/${ref}/backups/${backupId}/download`),
        await member.api.post(`/api/platform/database/${ref}/backups/restore`, { id: backupId }),
      ]) {
        expect(denied.status).toBe(403);
      }
    }
  });

  // The schedule and retention are platform data, not engine behaviour (making a backup is tested
  // above on each engine), so they are tested once, on the local engine.
  if (engine === 'local') it('makes daily backups by plan and deletes those past retention', async () => {
    const first = await runBackupSchedule(platform.control);
    expect(first.started).toEqual([ref]);
    // Within the day, no second one.
    expect((await runBackupSchedule(platform.control, { now: new Date(Date.now() + 3600_000) })).started).toEqual([]);
    const list = (await owner.get(`/api/platform/database/${ref}/backups`)).body.backups;
    const scheduled = list.find((row: { kind: string }) => row.kind === 'scheduled');
    expect(await settled(scheduled.id)).toMatchObject({ status: 'COMPLETED' });
    const keys = (await platform.control.db.query<{ object_key: string }>('select object_key from project_backups where project_ref = $1', [ref])).rows;

    // Fifteen days on, past the Team plan's 14: both are deleted, file and row, and a new day's backup starts.
    const later = await runBackupSchedule(platform.control, { now: new Date(Date.now() + 15 * DAY_MS) });
    expect(later.deleted.sort()).toEqual([backupId, scheduled.id].sort());
    expect(later.started).toEqual([ref]);
    for (const { object_key: key } of keys) expect(await platform.control.objects.head(key)).toBeNull();
    const remaining = (await owner.get(`/api/platform/database/${ref}/backups`)).body.backups;
    expect(remaining.map((row: { kind: string }) => row.kind)).toEqual(['scheduled']);
    await settled(remaining[0].id);
  }, 60_000);
});
