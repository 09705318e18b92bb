/**
 * Cron (control/cron): pg_cron's SQL surface on every engine, run by the platform's cron tick. A job
 * every 2 seconds inserts rows and records 'succeeded' runs; a failing command records 'failed' with
 * Postgres' error; a command that runs forever is stopped by the time-out (PLINTH_CRON_TIMEOUT_S=2
 * here); unscheduling stops a job; a paused project's jobs do not run.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
import { startPlatform, type EngineName } from '../support/platform.ts';

const ENGINES_TESTED: EngineName[] = ['embedded', 'local', 'postgres'];

interface Run {
  jobid: string;
  status: string;
  return_message: string | null;
  start_time: string;
  end_time: string | null;
}

describe.each(ENGINES_TESTED)('cron on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let ref: string;
  let slug: string;

  async function sql<Row = Record<string, unknown>>(query: string): Promise<Row[]> {
    let response = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query });
    // Embedded: stopping a job at its time-out ends the project's worker, and a query sent at that
    // moment fails with engine_unavailable; the next one reopens the database.
    if (response.status === 503 && engine === 'embedded') response = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as Row[];
  }

  async function runsOf(jobName: string): Promise<Run[]> {
    return sql<Run>(`select d.jobid::text, d.status, d.return_message, d.start_time, d.end_time
      from cron.job_run_details d join cron.job j using (jobid) where j.jobname = '${jobName}' order by d.start_time`);
  }

  /** Polls `read` until `done` holds (the tick plans every 10 s; runs follow their schedule). */
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 40_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await sleep(500);
    }
  }

  beforeAll(async () => {
    platform = await startPlatform({ engine, env: { PLINTH_CRON_TIMEOUT_S: '2' } });
    owner = (await signUp(platform.url)).api;
    // Team: the Read-only role exists there.
    slug = (await owner.post('/api/organizations', { name: 'Cron', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
  });
  afterAll(async () => {
    await sql(`select cron.unschedule(jobid) from cron.job`).catch(() => undefined);
    await platform?.stop();
  });

  it('is off until enabled, then offers cron.schedule with pg_cron\'s checks', async () => {
    expect((await owner.get(`/api/platform/projects/${ref}/cron`)).body).toEqual({ enabled: false, timeout_seconds: 2 });
    const enabled = await owner.post(`/api/platform/projects/${ref}/cron/enable`);
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    expect(enabled.body).toEqual({ enabled: true, timeout_seconds: 2 });
    // Enabling again changes nothing.
    expect((await owner.post(`/api/platform/projects/${ref}/cron/enable`)).body.enabled).toBe(true);
    const bad = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query: `select cron.schedule('bad', 'every minute', 'select 1')` });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('invalid schedule: every minute');
  });

  it('runs a job every 2 seconds, records its runs, and stops it when unscheduled', async () => {
    await sql(`create table public.ticks (id serial primary key, at timestamptz not null default now())`);
    const [{ jobid }] = await sql<{ jobid: string }>(`select cron.schedule('tick', '2 seconds', 'insert into public.ticks default values') as jobid`);
    expect(Number(jobid)).toBeGreaterThan(0);
    // Scheduling the same name again replaces it (same jobid).
    const [again] = await sql<{ jobid: string }>(`select cron.schedule('tick', '2 seconds', 'insert into public.ticks default values') as jobid`);
    expect(again.jobid).toBe(jobid);
    const [job] = await sql<{ username: string; active: boolean; database: string }>(`select username, active, database from cron.job where jobname = 'tick'`);
    expect(job.active).toBe(true);
    expect(job.username).toBeTruthy();

    const runs = await until(() => runsOf('tick'), (r) => r.filter((run) => run.status === 'succeeded').length >= 2);
    const succeeded = runs.filter((run) => run.status === 'succeeded');
    expect(succeeded.length).toBeGreaterThanOrEqual(2);
    expect(succeeded[0].return_message).toBe('INSERT 0 1');
    expect(Date.parse(succeeded[0].end_time!)).toBeGreaterThanOrEqual(Date.parse(succeeded[0].start_time));
    // Every 2 s, never twice for one due time. Each run is claimed for its due time first (start
    // times can slip behind other work on the embedded project's one session, so they are not what
    // is checked): the due times are whole 2-second marks, and there are no more runs than claims.
    const claims = await platform.control.db.query<{ due_at: Date }>(
      'select due_at from cron_claims where project_ref = $1 and jobid = $2 order by due_at', [ref, jobid]);
    const dueTimes = claims.rows.map((claim) => new Date(claim.due_at).getTime());
    expect(dueTimes.length).toBeGreaterThanOrEqual(2);
    for (const due of dueTimes) expect(due % 2000).toBe(0);
    expect(new Set(dueTimes).size).toBe(dueTimes.length);
    expect(runs.length).toBeLessThanOrEqual(dueTimes.length);
    const [{ count }] = await sql<{ count: number }>(`select count(*)::int as count from public.ticks`);
    expect(count).toBeGreaterThanOrEqual(2);

    expect((await sql<{ unschedule: boolean }>(`select cron.unschedule('tick')`))[0].unschedule).toBe(true);
    await sleep(1500); // a run already under way finishes
    const [before] = await sql<{ count: number }>(`select count(*)::int as count from public.ticks`);
    await sleep(5000);
    const [after] = await sql<{ count: number }>(`select count(*)::int as count from public.ticks`);
    expect(after.count).toBe(before.count);
    const missing = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query: `select cron.unschedule('tick')` });
    expect(missing.body.message).toContain(`could not find valid entry for job 'tick'`);
  });

  it('records a failing command as failed with the error', async () => {
    await sql(`select cron.schedule('fails', '2 seconds', 'select 1/0')`);
    const runs = await until(() => runsOf('fails'), (r) => r.some((run) => run.status === 'failed'));
    await sql(`select cron.unschedule('fails')`);
    const failed = runs.find((run) => run.status === 'failed');
    expect(failed?.return_message).toBe('division by zero');
  });

  it('stops a command that runs forever at the time-out', async () => {
    await sql(`select cron.schedule('forever', '30 seconds', 'select pg_sleep(600)')`);
    const runs = await until(() => runsOf('forever'), (r) => r.some((run) => run.status === 'failed'), 60_000);
    await sql(`select cron.unschedule('forever')`);
    const failed = runs.find((run) => run.status === 'failed');
    expect(failed?.return_message).toBe('canceling statement due to statement timeout');
    const seconds = (Date.parse(failed!.end_time!) - Date.parse(failed!.start_time)) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(1.5);
    expect(seconds).toBeLessThan(10);
    // The project still answers after its job was stopped.
    expect(await sql(`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it("does not run a paused project's jobs", async () => {
    await sql(`select cron.schedule('paused', '2 seconds', 'select 1')`);
    await until(() => runsOf('paused'), (r) => r.some((run) => run.status === 'succeeded'));
    expect((await owner.post(`/api/platform/projects/${ref}/pause`)).body.status).toBe('PAUSING');
    await waitForStatus(owner, ref, 'INACTIVE');
    const pausedAt = Date.now();
    await sleep(6000);
    const restoringAt = Date.now();
    expect((await owner.post(`/api/platform/projects/${ref}/restore`)).body.status).toBe('RESTORING');
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    const during = (await runsOf('paused')).filter((run) => {
      const start = Date.parse(run.start_time);
      return start > pausedAt && start < restoringAt;
    });
    expect(during).toEqual([]);
    // Restored: it runs again.
    const since = Date.now();
    const runs = await until(() => runsOf('paused'), (r) => r.some((run) => Date.parse(run.start_time) > since && run.status === 'succeeded'));
    expect(runs.some((run) => Date.parse(run.start_time) > since)).toBe(true);
    await sql(`select cron.unschedule('paused')`);
  });

  it('lets a Read-only member see whether cron is enabled but not enable it; a stranger sees nothing', async () => {
    const member = await signUp(platform.url, uniqueEmail('ro'));
    await owner.post(`/api/organizations/${slug}/members/invitations`, { email: member.email, role: 'Read-only' });
    const [invitation] = (await member.api.get('/api/profile/invitations')).body;
    await member.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`);
    expect((await member.api.get(`/api/platform/projects/${ref}/cron`)).body.enabled).toBe(true);
    const refused = await member.api.post(`/api/platform/projects/${ref}/cron/enable`);
    expect(refused.status).toBe(403);
    const stranger = await signUp(platform.url);
    expect((await stranger.api.get(`/api/platform/projects/${ref}/cron`)).status).toBe(404);
    expect((await stranger.api.post(`/api/platform/projects/${ref}/cron/enable`)).status).toBe(404);
  });
});
