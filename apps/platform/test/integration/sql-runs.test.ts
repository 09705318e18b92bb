import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, waitForStatus, type ApiClient } from '../support/client.ts';
import { ENGINES, startPlatform } from '../support/platform.ts';

describe.each(ENGINES)('running SQL from the editor on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let api: ApiClient;
  let ref: string;
  const run = (body: object) => api.post(`/api/platform/pg-meta/${ref}/query`, body);

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    api = (await signUp(platform.url)).api;
    const slug = (await api.post('/api/organizations', { name: 'SQL' })).body.slug;
    ref = (await api.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    await run({ query: `create table kept (id int primary key, note text); insert into kept values (1, 'survives')` });
  });
  afterAll(async () => platform?.stop());

  it("returns every statement's result with its columns' types when asked", async () => {
    const response = await run({ query: `insert into kept values (2, 'two'); select id, note, now() as at from kept order by id`, results: 'all' });
    expect(response.status).toBe(200);
    const [insert, select] = response.body.results;
    expect(insert).toMatchObject({ command: 'INSERT', row_count: 1, rows: [], truncated: false });
    expect(select.command).toBe('SELECT');
    expect(select.fields).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'note', type: 'text' },
      { name: 'at', type: 'timestamp with time zone' },
    ]);
    expect(select.rows.map((r: { note: string }) => r.note)).toEqual(['survives', 'two']);
    await run({ query: 'delete from kept where id = 2' });
  });

  it('reads no more rows than asked, and says so', async () => {
    const capped = await run({ query: 'select g from generate_series(1, 500) g', max_rows: 100, results: 'all' });
    expect(capped.body.results[0]).toMatchObject({ row_count: 100, truncated: true });
    const plain = await api.request('POST', `/api/platform/pg-meta/${ref}/query`, { query: 'select g from generate_series(1, 50) g', max_rows: 10 });
    expect(plain.body).toHaveLength(10);
    // A data-modifying WITH cannot go through a cursor: it runs as written.
    const modifying = await run({ query: `with moved as (update kept set note = note where id = 1 returning id) select * from moved`, max_rows: 10 });
    expect(modifying.body).toEqual([{ id: 1 }]);
  });

  it('stops a statement at its time-out with the Postgres error, and the database answers afterwards', async () => {
    const started = Date.now();
    const response = await run({ query: 'select pg_sleep(30)', statement_timeout_ms: 500 });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'database_error', message: 'canceling statement due to statement timeout', details: { code: '57014' } });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect((await run({ query: 'select note from kept' })).body).toEqual([{ note: 'survives' }]);
  });

  it('cancels a running query by its id; only its own author can', async () => {
    const queryId = randomUUID();
    const running = run({ query: 'select pg_sleep(30)', query_id: queryId });
    const other = (await signUp(platform.url)).api;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await other.post(`/api/platform/pg-meta/${ref}/query/cancel`, { query_id: queryId })).status).toBe(404);
    expect((await api.post(`/api/platform/pg-meta/${ref}/query/cancel`, { query_id: queryId })).body).toEqual({ cancelled: true });
    const response = await running;
    expect(response.body).toMatchObject({ code: 'database_error', message: 'canceling statement due to user request' });
    expect((await api.post(`/api/platform/pg-meta/${ref}/query/cancel`, { query_id: queryId })).body).toEqual({ cancelled: false });
    expect((await run({ query: 'select note from kept' })).body).toEqual([{ note: 'survives' }]);
  });
});
