/**
 * What keeps one editor query from freezing a project: statements the engine cannot run are refused
 * at once, time-outs are capped by role (and engine), and a long read does not hold up the REST API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
import { ENGINES, startPlatform } from '../support/platform.ts';

describe.each(ENGINES)('SQL editor limits on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let readOnly: ApiClient;
  let ref: string;
  let anonKey: string;
  const run = (api: ApiClient, body: object) => api.post(`/api/platform/pg-meta/${ref}/query`, body);
  const restRead = () => fetch(`${platform.url}/p/${ref}/rest/v1/kept?select=id,note&order=id`, { headers: { apikey: anonKey } });
  const caps = engine === 'embedded' ? { readWrite: 60, readOnly: 30 } : { readWrite: 600, readOnly: 30 };

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    owner = (await signUp(platform.url)).api;
    const slug: string = (await owner.post('/api/organizations', { name: 'Limits', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    const member = await signUp(platform.url, uniqueEmail('readonly'));
    await owner.post(`/api/organizations/${slug}/members/invitations`, { email: member.email, role: 'Read-only' });
    const [invitation] = (await member.api.get('/api/profile/invitations')).body;
    await member.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`);
    readOnly = member.api;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    anonKey = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService.defaultApiKey;
    expect((await run(owner, { query: `create table kept (id int primary key, note text); insert into kept values (1, 'one')` })).status).toBe(200);
  });
  afterAll(async () => platform?.stop());

  it('refuses running a server program without hanging the project', async () => {
    const started = Date.now();
    const response = await run(owner, { query: `select 1; copy (select 1) to program 'id'` });
    expect(response.status).toBe(400);
    if (engine === 'embedded') {
      expect(response.body).toMatchObject({ code: 'engine_feature_unavailable', message: expect.stringMatching(/COPY TO PROGRAM is not available on the embedded engine/) });
      expect((await run(owner, { query: `select pg_read_file('PG_VERSION')` })).body).toMatchObject({ code: 'engine_feature_unavailable' });
    } else {
      // The platform's role is no superuser: Postgres refuses it.
      expect(response.body).toMatchObject({ code: 'database_error', details: { code: '42501' } });
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    // The same words inside a string or a comment are only text.
    const text = await run(owner, { query: `select 'copy (select 1) to program ''id''' as words -- pg_read_file('x')` });
    expect(text.body).toEqual([{ words: "copy (select 1) to program 'id'" }]);
    expect((await restRead()).status).toBe(200);
  });

  it('caps the time-out by role, and says the cap', async () => {
    const overWriter = await run(owner, { query: 'select 1', statement_timeout_ms: caps.readWrite * 1000 + 1000 });
    expect(overWriter.status).toBe(400);
    expect(overWriter.body.message).toContain(`at most ${caps.readWrite} seconds`);
    expect((await run(owner, { query: 'select 1 as one', statement_timeout_ms: caps.readWrite * 1000 })).body).toEqual([{ one: 1 }]);

    const overReader = await run(readOnly, { query: 'select 1', statement_timeout_ms: 3_600_000 });
    expect(overReader.status).toBe(400);
    expect(overReader.body).toMatchObject({ code: 'validation_failed', message: expect.stringContaining(`at most ${caps.readOnly} seconds for Read-only members`) });
    expect((await run(readOnly, { query: 'select note from kept', statement_timeout_ms: caps.readOnly * 1000 })).body).toEqual([{ note: 'one' }]);
    // The editor learns the cap, so it never offers more.
    expect((await owner.get(`/api/platform/pg-meta/${ref}/query/limits`)).body).toEqual({ max_statement_timeout_ms: caps.readWrite * 1000 });
    expect((await readOnly.get(`/api/platform/pg-meta/${ref}/query/limits`)).body).toEqual({ max_statement_timeout_ms: caps.readOnly * 1000 });
  });

  it('answers REST requests while a long read runs in the editor', async () => {
    const started = Date.now();
    let running = true;
    const longRead = run(owner, { query: 'select count(*) as n from kept, pg_sleep(10)' }).finally(() => (running = false));
    const latencies: number[] = [];
    while (running) {
      const sent = Date.now();
      const response = await restRead();
      expect(await response.json()).toEqual([{ id: 1, note: 'one' }]);
      latencies.push(Date.now() - sent);
    }
    const finished = await longRead;
    expect(finished.body).toEqual([{ n: 1 }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
    // REST kept answering the whole time: one PGlite connection would have held them for 10 s.
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(5_000);
  }, 60_000);

  it('sees its own writes, and the REST API\'s, in the next read', async () => {
    expect((await run(owner, { query: `insert into kept values (2, 'two')` })).status).toBe(200);
    expect((await run(owner, { query: 'select id from kept order by id' })).body).toEqual([{ id: 1 }, { id: 2 }]);
    const inserted = await fetch(`${platform.url}/p/${ref}/rest/v1/kept`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 3, note: 'three' }),
    });
    expect(inserted.status).toBe(201);
    expect((await run(readOnly, { query: 'select id from kept order by id' })).body).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    await run(owner, { query: 'delete from kept where id > 1' });
  });

  it('runs a read that turns out to write where writes last', async () => {
    await run(owner, { query: `create function add_kept(n int) returns int language sql as $$ insert into kept values (n, 'added') returning id $$` });
    expect((await run(owner, { query: 'select add_kept(7) as id' })).body).toEqual([{ id: 7 }]);
    expect((await run(owner, { query: 'select note from kept where id = 7' })).body).toEqual([{ note: 'added' }]);
    // A Read-only member's run stays read-only.
    expect((await run(readOnly, { query: 'select add_kept(8)' })).body).toMatchObject({ code: 'database_error', details: { code: '25006' } });
    await run(owner, { query: 'delete from kept where id > 1' });
  });
});
