/**
 * Saved log queries beside SQL snippets (one table, `type` keeps the lists apart), custom reports
 * (the snippets' visibility rules, every chart's SQL checked by the log checker when saved), and the
 * platform's feature flags (PLINTH_FEATURE_FLAGS).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { ApiClient, signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

describe('saved log queries, custom reports and feature flags', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let developer: ApiClient;
  let readOnly: ApiClient;
  let ref: string;

  async function join(slug: string, role: string): Promise<ApiClient> {
    const member = await signUp(platform.url, uniqueEmail(role.replace(/\W/g, '')));
    await owner.post(`/api/organizations/${slug}/members/invitations`, { email: member.email, role });
    const [invitation] = (await member.api.get('/api/profile/invitations')).body;
    await member.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`);
    return member.api;
  }

  beforeAll(async () => {
    platform = await startPlatform();
    owner = (await signUp(platform.url)).api;
    const slug = (await owner.post('/api/organizations', { name: 'Content types', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    developer = await join(slug, 'Developer');
    readOnly = await join(slug, 'Read-only');
  });
  afterAll(async () => platform?.stop());

  const names = (body: { data: { name: string }[] }) => body.data.map((item) => item.name).sort();

  it('keeps saved log queries out of the SQL editor and snippets out of the logs explorer', async () => {
    const snippet = randomUUID();
    const logQuery = randomUUID();
    const put = (id: string, type: string | undefined, name: string, sql: string) =>
      owner.put(`/api/platform/projects/${ref}/content`, { id, ...(type && { type }), name, visibility: 'project', content: { sql } });
    expect((await put(snippet, undefined, 'editor query', 'select 1')).body).toMatchObject({ id: snippet, type: 'sql' });
    const saved = await put(logQuery, 'log_sql', 'slow requests', 'select count(*) from edge_logs');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ id: logQuery, type: 'log_sql', can_edit: true });

    expect(names((await owner.get(`/api/projects/${ref}/content`)).body)).toEqual(['editor query']);
    expect(names((await owner.get(`/api/projects/${ref}/content?type=sql`)).body)).toEqual(['editor query']);
    expect(names((await owner.get(`/api/projects/${ref}/content?type=log_sql`)).body)).toEqual(['slow requests']);
    // Shared with the project: another member sees it in the logs explorer's list only.
    expect(names((await readOnly.get(`/api/projects/${ref}/content?type=log_sql`)).body)).toEqual(['slow requests']);

    // A saved query keeps its kind; patch and delete work on it by id.
    expect((await put(logQuery, 'sql', 'slow requests', 'select 1')).status).toBe(400);
    expect((await owner.patch(`/api/projects/${ref}/content?id=${logQuery}`, { name: 'slowest requests' })).body).toMatchObject({ type: 'log_sql', name: 'slowest requests' });
    expect((await owner.get(`/api/projects/${ref}/content/item/${logQuery}`)).body.type).toBe('log_sql');
    expect((await owner.delete(`/api/projects/${ref}/content?id=${logQuery}`)).body).toEqual({ deleted: [logQuery] });
    expect((await owner.get(`/api/projects/${ref}/content?type=log_sql`)).body.data).toEqual([]);
    expect(names((await owner.get(`/api/projects/${ref}/content`)).body)).toEqual(['editor query']);
  });

  const reportPath = () => `/api/platform/projects/${ref}/content/reports`;
  const chart = (id: string, sql: string, title = `Chart ${id}`) => ({ id, title, sql, kind: 'bar', x: 'minute', y: ['requests'] });
  const GOOD_SQL = `select date_trunc('minute', timestamp) as minute, count(*) as requests from edge_logs group by 1 order by 1`;

  it('saves, shares, lists and deletes custom reports with the snippets’ rules', async () => {
    const mine = randomUUID();
    const created = await developer.put(reportPath(), { id: mine, name: 'My API', visibility: 'user', charts: [chart('a', GOOD_SQL)] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ id: mine, name: 'My API', visibility: 'user', project_ref: ref, can_edit: true, charts: [chart('a', GOOD_SQL)] });

    // A personal report is its owner's alone: invisible in others' lists, not found by id.
    expect((await owner.get(reportPath())).body.data).toEqual([]);
    expect((await owner.put(reportPath(), { id: mine, name: 'taken', visibility: 'project', charts: [] })).status).toBe(404);
    expect((await owner.delete(`${reportPath()}/${mine}`)).status).toBe(404);

    // Shared: every member sees it; a Read-only member can neither change nor delete it, nor make reports.
    const shared = await developer.put(reportPath(), { id: mine, name: 'Team API', visibility: 'project', charts: [chart('a', GOOD_SQL), chart('b', 'select count(*) as n from auth_logs')] });
    expect(shared.body).toMatchObject({ visibility: 'project', charts: [{ id: 'a' }, { id: 'b' }] });
    expect((await owner.get(reportPath())).body.data).toEqual([expect.objectContaining({ id: mine, name: 'Team API', can_edit: true })]);
    expect((await readOnly.get(reportPath())).body.data).toEqual([expect.objectContaining({ id: mine, can_edit: false })]);
    expect((await readOnly.put(reportPath(), { id: mine, name: 'mine now', visibility: 'project', charts: [] })).status).toBe(403);
    expect((await readOnly.delete(`${reportPath()}/${mine}`)).status).toBe(403);
    expect((await readOnly.put(reportPath(), { id: randomUUID(), name: 'new', charts: [] })).status).toBe(403);

    expect((await owner.delete(`${reportPath()}/${mine}`)).body).toEqual({ deleted: [mine] });
    expect((await developer.get(reportPath())).body.data).toEqual([]);
    // Reports are not snippets: neither content list shows them.
    expect((await developer.get(`/api/projects/${ref}/content?type=log_sql`)).body.data).toEqual([]);
  });

  it('refuses a report whose chart SQL the logs API would refuse, naming the chart', async () => {
    const id = randomUUID();
    const attempts: [sql: string, words: RegExp][] = [
      ['select * from projects', /Chart "Leaky": /],
      ['select email from edge_logs union select email from auth.users', /Chart "Leaky": /],
      ['select count(* from edge_logs', /Chart "Leaky": /],
      ['delete from edge_logs', /Chart "Leaky": /],
    ];
    for (const [sql, words] of attempts) {
      const refused = await owner.put(reportPath(), { id, name: 'Broken', visibility: 'project', charts: [chart('ok', GOOD_SQL), chart('bad', sql, 'Leaky')] });
      expect(refused.status, sql).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
      expect(refused.body.message).toMatch(words);
      expect(refused.body.details.issues[0].path).toBe('charts.1.sql');
    }
    const duplicate = await owner.put(reportPath(), { id, name: 'Twice', visibility: 'project', charts: [chart('x', GOOD_SQL), chart('x', GOOD_SQL)] });
    expect(duplicate.status).toBe(400);
    expect((await owner.get(reportPath())).body.data).toEqual([]);
  });

  it('answers the feature flags to signed-in users', async () => {
    expect((await owner.get('/api/platform/feature-flags')).body).toEqual({ saved_log_queries: true });
    expect((await new ApiClient(platform.url).get('/api/platform/feature-flags')).status).toBe(401);
  });
});

describe('PLINTH_FEATURE_FLAGS', () => {
  it('defaults saved_log_queries on, takes name=on|off and refuses unknown names', () => {
    expect(loadConfig({}).featureFlags).toEqual({ saved_log_queries: true });
    expect(loadConfig({ PLINTH_FEATURE_FLAGS: 'saved_log_queries=off' }).featureFlags).toEqual({ saved_log_queries: false });
    expect(loadConfig({ PLINTH_FEATURE_FLAGS: ' saved_log_queries=on , ' }).featureFlags).toEqual({ saved_log_queries: true });
    expect(() => loadConfig({ PLINTH_FEATURE_FLAGS: 'saved_logs=on' })).toThrow(ConfigError);
    expect(() => loadConfig({ PLINTH_FEATURE_FLAGS: 'saved_logs=on' })).toThrow(/no feature flag "saved_logs"/);
    expect(() => loadConfig({ PLINTH_FEATURE_FLAGS: 'saved_log_queries=yes' })).toThrow(ConfigError);
  });

  it('refuses to save a log query while the flag is off, and says so', async () => {
    const platform = await startPlatform({ env: { PLINTH_FEATURE_FLAGS: 'saved_log_queries=off' } });
    try {
      const owner = (await signUp(platform.url)).api;
      expect((await owner.get('/api/platform/feature-flags')).body).toEqual({ saved_log_queries: false });
      const slug = (await owner.post('/api/organizations', { name: 'Flags' })).body.slug;
      const ref = (await owner.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
      await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
      const refused = await owner.put(`/api/platform/projects/${ref}/content`, { id: randomUUID(), type: 'log_sql', name: 'q', content: { sql: 'select 1' } });
      expect(refused.status).toBe(501);
      expect(refused.body.message).toContain('PLINTH_FEATURE_FLAGS');
      expect((await owner.put(`/api/platform/projects/${ref}/content`, { id: randomUUID(), name: 'q', content: { sql: 'select 1' } })).status).toBe(200);
    } finally {
      await platform.stop();
    }
  });
});
