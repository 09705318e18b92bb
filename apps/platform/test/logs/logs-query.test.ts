/**
 * The logs query API over HTTP, as the explorer and scripts call it: SQL over the log sources sees
 * only its project's entries in the time range the plan allows, crafted SQL gets an `error` and
 * nothing else, members without ANALYTICS_READ and strangers are refused, a personal access token
 * with analytics:read works on /api/v1, and the row cap says when it cut.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient, signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import { DEFAULT_ENGINE, startPlatform, type EngineName } from '../support/platform.ts';

const LOGS_PATH = (ref: string) => `/projects/${ref}/analytics/endpoints/logs.all`;
const HOUR_MS = 3_600_000;

describe.each([DEFAULT_ENGINE, 'embedded'] as EngineName[])('the logs query API on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let slug: string;
  let mine: string;
  let theirs: string;

  const logs = (api: ApiClient, ref: string, sql: string, range: Record<string, string> = {}, prefix = '/api/platform') =>
    api.get(`${prefix}${LOGS_PATH(ref)}?${new URLSearchParams({ sql, ...range })}`);
  const result = async (sql: string, range: Record<string, string> = {}) => {
    const response = await logs(owner.api, mine, sql, range);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.error).toBeUndefined();
    return response.body.result as Record<string, any>[];
  };
  /** Requests through a project's REST API: the gateway writes one edge_logs entry each. */
  async function traffic(ref: string, table: string, count: number): Promise<void> {
    const { body } = await owner.api.get(`/api/props/project/${ref}/settings`);
    const key = body.autoApiService.defaultApiKey as string;
    for (let i = 0; i < count; i++) await fetch(`${platform.url}/p/${ref}/rest/v1/${table}?select=*`, { headers: { apikey: key } });
  }
  const insertEntry = (source: string, ref: string, message: string, age: string) => platform.control.db.query(
    `insert into ${source} (id, timestamp, project_ref, event_message, metadata) values (gen_random_uuid(), now() - $3::interval, $1, $2, '{}')`,
    [ref, message, age],
  );

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    owner = await signUp(platform.url);
    slug = (await owner.api.post('/api/organizations', { name: 'Logs', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    const create = async (name: string) => (await owner.api.post('/api/projects', { name, organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref as string;
    [mine, theirs] = [await create('mine'), await create('theirs')];
    for (const ref of [mine, theirs]) await waitForStatus(owner.api, ref, 'ACTIVE_HEALTHY');
    await traffic(mine, 'mine_marker', 3);
    await traffic(theirs, 'theirs_marker', 2);
    // The log writer batches: poll through the API itself until the entries are there.
    await vi.waitFor(async () => {
      expect(await result(`select count(*) as n from edge_logs where event_message like '%mine_marker%'`)).toEqual([{ n: 3 }]);
      expect((await logs(owner.api, theirs, `select count(*) as n from edge_logs where event_message like '%theirs_marker%'`)).body.result).toEqual([{ n: 2 }]);
    }, { timeout: 20_000, interval: 100 });
  });
  afterAll(async () => platform?.stop());

  it("sees only its project's entries, with metadata as objects", async () => {
    const rows = await result(`select event_message, metadata from edge_logs order by timestamp`);
    expect(rows.filter((row) => row.event_message.includes('mine_marker'))).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toContain('theirs_marker');
    expect(rows.every((row) => row.metadata.project_ref === mine)).toBe(true);
    expect(rows.find((row) => row.event_message.includes('mine_marker'))!.metadata).toMatchObject({
      request: { method: 'GET', path: '/rest/v1/mine_marker' }, response: { status_code: expect.any(Number) },
    });
    const theirRows = (await logs(owner.api, theirs, `select count(*) as n from edge_logs where event_message like '%theirs_marker%'`)).body.result;
    expect(theirRows).toEqual([{ n: 2 }]);
  });

  it('answers crafted SQL with an error and nothing of the platform database', async () => {
    const attacks = [
      `select event_message from edge_logs union select email from public.users`,
      `select event_message from edge_logs union all select event_message from public.edge_logs`,
      `select rolname, rolpassword from pg_catalog.pg_authid`,
      `select * from pg_authid`,
      `select * from projects`,
      `select * from access_tokens`,
      `set role postgres`,
      `select set_config('role', 'postgres', false)`,
      `select 1; select * from organizations`,
      `select pg_read_file('/etc/passwd')`,
      `select * from dblink('dbname=postgres', 'select 1') as t(x int)`,
      `select lo_import('/etc/passwd')`,
      `select current_setting('data_directory')`,
      `select pg_sleep(30)`,
      `with edge_logs as (select * from public.edge_logs) select * from edge_logs`,
      `with organizations as (select * from organizations) select * from organizations`,
      `with gone as (delete from edge_logs returning *) select count(*) from gone`,
      `select * into stolen from edge_logs`,
      `select * from edge_logs for update`,
      `select 'pg_authid'::regclass::int`,
      `select current_user`,
      `select * from edge_logs where id in (select id from pgboss.job)`,
    ];
    for (const sql of attacks) {
      const response = await logs(owner.api, mine, sql);
      expect(response.status, sql).toBe(200);
      expect(response.body.error, sql).toEqual({ code: 'not_allowed', message: expect.any(String) });
      expect(response.body.result, sql).toBeUndefined();
      const text = JSON.stringify(response.body);
      for (const secret of [theirs, 'theirs_marker', owner.email, 'root:', 'SCRAM-SHA-256']) expect(text, sql).not.toContain(secret);
    }
    // What the checker lets through stays in the project: a WITH query that shadows a source reads the scoped one.
    expect(await result(`with edge_logs as (select * from edge_logs) select count(*) as n from edge_logs where event_message like '%marker%'`)).toEqual([{ n: 3 }]);
    expect(await result(`select count(*) as n from (select * from edge_logs) e, (select * from auth_logs union all select * from postgres_logs) o where false`)).toEqual([{ n: 0 }]);
    expect((await platform.control.db.query('select count(*)::int as n from projects')).rows).toEqual([{ n: 2 }]);
  });

  it('answers what the database refuses with 200 and an error', async () => {
    expect((await logs(owner.api, mine, 'select 1 / 0 as x from edge_logs')).body).toMatchObject({ error: { code: 'query_error', message: 'division by zero' } });
    const syntax = await logs(owner.api, mine, 'select count(* from edge_logs');
    expect(syntax.status).toBe(200);
    expect(syntax.body.error).toEqual({ code: 'parse_error', message: expect.stringMatching(/^syntax error at or near "from"/) });
    expect((await logs(owner.api, mine, 'select nope from edge_logs')).body.error).toEqual({ code: 'query_error', message: 'column "nope" does not exist' });
  });

  it('reads the last hour by default, a range when asked, never further back than the plan keeps logs', async () => {
    await insertEntry('edge_logs', mine, 'TWO-HOURS-OLD', '2 hours');
    await insertEntry('edge_logs', mine, 'FORTY-DAYS-OLD', '40 days');
    const find = `select event_message from edge_logs where event_message like '%-OLD'`;
    const lastHour = await logs(owner.api, mine, find);
    expect(lastHour.body.result).toEqual([]);
    const span = Date.parse(lastHour.body.iso_timestamp_end) - Date.parse(lastHour.body.iso_timestamp_start);
    expect(span).toBe(HOUR_MS);
    const now = Date.now();
    expect(await result(find, { iso_timestamp_start: new Date(now - 3 * HOUR_MS).toISOString() })).toEqual([{ event_message: 'TWO-HOURS-OLD' }]);
    expect(await result(find, { iso_timestamp_start: new Date(now - 3 * HOUR_MS).toISOString(), iso_timestamp_end: new Date(now - 2.5 * HOUR_MS).toISOString() })).toEqual([]);
    // Team keeps 28 days: a range from 60 days back starts 28 days back.
    const clipped = await logs(owner.api, mine, find, { iso_timestamp_start: new Date(now - 60 * 24 * HOUR_MS).toISOString() });
    expect(clipped.body.result).toEqual([{ event_message: 'TWO-HOURS-OLD' }]);
    expect(Math.abs(Date.parse(clipped.body.iso_timestamp_start) - (now - 28 * 24 * HOUR_MS))).toBeLessThan(60_000);
    const backwards = await logs(owner.api, mine, find, { iso_timestamp_start: new Date(now).toISOString(), iso_timestamp_end: new Date(now - HOUR_MS).toISOString() });
    expect(backwards.status).toBe(400);
    expect(backwards.body.code).toBe('validation_failed');
  });

  it('cuts at 1000 rows and says so; refuses a query far too expensive to run', async () => {
    await platform.control.db.query(
      `insert into postgres_logs (id, timestamp, project_ref, event_message, metadata)
       select gen_random_uuid(), now() - make_interval(secs => i), $1, 'bulk', '{}' from generate_series(1, 1005) as i`,
      [mine],
    );
    await platform.control.db.query('analyze postgres_logs');
    const capped = await logs(owner.api, mine, 'select id from postgres_logs');
    expect(capped.body.result).toHaveLength(1000);
    expect(capped.body.is_truncated).toBe(true);
    // The project's own server log lines are there too on the local engine (postgres_logs is filled).
    expect(await result(`select count(*) as n from postgres_logs where event_message = 'bulk'`)).toEqual([{ n: 1005 }]);
    expect((await logs(owner.api, mine, 'select count(*) as n from postgres_logs')).body.is_truncated).toBe(false);
    const expensive = await logs(owner.api, mine, 'select count(*) from postgres_logs a, postgres_logs b, postgres_logs c');
    expect(expensive.body.error).toEqual({ code: 'query_too_expensive', message: expect.any(String) });
  });

  it('is refused to a Billing admin (403) and to a stranger (404), allowed to a Read-only member', async () => {
    async function member(role: string) {
      const person = await signUp(platform.url, uniqueEmail(role.replace(/\W/g, '')));
      await owner.api.post(`/api/organizations/${slug}/members/invitations`, { email: person.email, role });
      const [invitation] = (await person.api.get('/api/profile/invitations')).body;
      await person.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`);
      return person;
    }
    const billing = await logs((await member('Billing admin')).api, mine, 'select count(*) from edge_logs');
    expect(billing.status).toBe(403);
    expect(billing.body.code).toBe('forbidden');
    expect((await logs((await member('Read-only')).api, mine, 'select count(*) as n from edge_logs where false')).body.result).toEqual([{ n: 0 }]);
    const stranger = await signUp(platform.url);
    const refused = await logs(stranger.api, mine, 'select count(*) from edge_logs');
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('result');
  });

  it('answers on /api/v1 to a personal access token with analytics:read, and only with that scope', async () => {
    const token = async (scopes: string[]) => (await owner.api.post('/api/platform/profile/access-tokens', { name: scopes.join(' '), scopes })).body.token as string;
    const analytics = new ApiClient(platform.url, await token(['analytics:read']));
    const answer = await logs(analytics, mine, `select count(*) as n from edge_logs where event_message like '%mine_marker%'`, {}, '/api/v1');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result).toEqual([{ n: 3 }]);
    const projectsOnly = new ApiClient(platform.url, await token(['projects:read']));
    expect((await logs(projectsOnly, mine, 'select 1', {}, '/api/v1')).status).toBe(403);
  });
});
