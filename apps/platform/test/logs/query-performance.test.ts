/**
 * The query performance report over HTTP on every engine: statements run through the SQL editor and
 * REST show up normalised with their calls counted and their times, from pg_stat_statements on the
 * local engine and from the platform's own figures elsewhere; sorting, search and limit work on the
 * masked texts (a password in a statement never shows, nor can a search find it); members without
 * ANALYTICS_READ and strangers are refused.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import { ENGINES, startPlatform, type EngineName } from '../support/platform.ts';

const REPORT_PATH = (ref: string) => `/api/platform/projects/${ref}/reports/query-performance`;

describe.each(ENGINES as EngineName[])('query performance on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let slug: string;
  let ref: string;

  const sql = (query: string) => owner.api.post(`/api/platform/pg-meta/${ref}/query`, { query });
  const report = (params: Record<string, string> = {}, api = owner.api) => api.get(`${REPORT_PATH(ref)}?${new URLSearchParams(params)}`);

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    owner = await signUp(platform.url);
    slug = (await owner.api.post('/api/organizations', { name: 'Query performance', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    ref = (await owner.api.post('/api/projects', { name: 'qp', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner.api, ref, 'ACTIVE_HEALTHY');
    expect((await sql('create table public.qp_marker (id int primary key, label text); insert into public.qp_marker select g, null from generate_series(1, 20) g')).status).toBe(200);
  });
  afterAll(async () => platform?.stop());

  it('counts the calls of one statement shape, whatever its constants', async () => {
    for (const bound of [5, 6, 7]) expect((await sql(`select count(*) from public.qp_marker where id > ${bound}`)).status).toBe(200);
    const response = await report({ search: 'qp_marker where id >' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.source).toBe(engine === 'local' ? 'pg_stat_statements' : 'platform');
    expect(Date.parse(response.body.since)).toBeLessThanOrEqual(Date.now());
    const [statement] = response.body.statements;
    expect(statement).toMatchObject({ query: 'select count(*) from public.qp_marker where id > $1', calls: 3, rows: 3 });
    expect(statement.total_time_ms).toBeGreaterThan(0);
    expect(statement.mean_time_ms).toBeCloseTo(statement.total_time_ms / 3, 5);
    expect(statement.min_time_ms).toBeLessThanOrEqual(statement.max_time_ms);
    if (engine === 'local') expect(statement.role).toBe('postgres');
  });

  it('counts REST requests under their statement', async () => {
    const { body } = await owner.api.get(`/api/props/project/${ref}/settings`);
    const apikey = body.autoApiService.defaultApiKey as string;
    for (let i = 0; i < 4; i++) expect((await fetch(`${platform.url}/p/${ref}/rest/v1/qp_marker?select=id&id=eq.${i + 1}`, { headers: { apikey } })).status).toBe(200);
    await vi.waitFor(async () => {
      const { body: answer } = await report({ search: 'qp_marker', sort: 'calls' });
      const rest = answer.statements.filter((s: { query: string }) => s.query.includes('"qp_marker"'));
      expect(rest.reduce((sum: number, s: { calls: number }) => sum + s.calls, 0)).toBeGreaterThanOrEqual(4);
    }, { timeout: 10_000, interval: 200 });
  });

  it('sorts and cuts, and never shows a value nor finds one', async () => {
    await sql(`select pg_sleep(0.3), 'qp_slow'`);
    await sql(`alter role qp_no_such_role password 'hunter2-secret'`); // fails: not counted, nowhere shown
    await sql(`do $$ begin perform 'qp-hunter3'; end $$`);
    const [sleep] = (await report({ search: 'pg_sleep' })).body.statements;
    expect(sleep).toMatchObject({ query: 'select pg_sleep($1), $2', calls: 1 });
    expect(sleep.max_time_ms).toBeGreaterThanOrEqual(300);
    const all = await report({ limit: '500' });
    const byTime = await report({ sort: 'max_time', limit: '1' });
    expect(byTime.body.statements).toHaveLength(1);
    expect(byTime.body.statements[0].max_time_ms).toBe(Math.max(...all.body.statements.map((s: { max_time_ms: number }) => s.max_time_ms)));
    const text = JSON.stringify(all.body);
    for (const value of ['hunter2', 'hunter3', 'qp_slow', 'a-long-db-password']) expect(text).not.toContain(value);
    const sorted = all.body.statements.map((s: { total_time_ms: number }) => s.total_time_ms);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect((await report({ search: 'hunter3' })).body.statements).toEqual([]);
    expect((await report({ search: 'qp_slow' })).body.statements).toEqual([]);
    expect((await report({ sort: 'sideways' })).status).toBe(400);
  });

  it('is refused to a Billing admin (403) and to a stranger (404), allowed to a Read-only member', async () => {
    async function member(role: string) {
      const person = await signUp(platform.url, uniqueEmail(role.replace(/\W/g, '')));
      await owner.api.post(`/api/organizations/${slug}/members/invitations`, { email: person.email, role });
      const [invitation] = (await person.api.get('/api/profile/invitations')).body;
      await person.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`);
      return person;
    }
    const billing = await report({}, (await member('Billing admin')).api);
    expect(billing.status).toBe(403);
    expect(billing.body.code).toBe('forbidden');
    expect(JSON.stringify(billing.body)).not.toContain('qp_marker');
    const readOnly = await report({ search: 'qp_marker' }, (await member('Read-only')).api);
    expect(readOnly.status).toBe(200);
    expect(readOnly.body.statements.length).toBeGreaterThan(0);
    const stranger = await report({}, (await signUp(platform.url)).api);
    expect(stranger.status).toBe(404);
  });
});
