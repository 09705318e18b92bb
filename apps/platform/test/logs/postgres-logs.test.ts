/**
 * postgres_logs on every engine, through the real paths: a statement that fails in the SQL editor
 * or through REST, and a slow one, become entries with Supabase's metadata names, queryable through
 * logs.all and only in their own project, with no value of the statement (a password above all).
 * On the local engine they come from the cluster's own server log, which also shows a client's
 * connection and disconnection (never the platform's own pooled ones), and its reader goes on after
 * a restart where it stopped, without repeating or losing a line.
 */
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalEngine } from '../../src/engines/local/local-engine.ts';
import { ServerLogReader } from '../../src/engines/local/server-log.ts';
import type { DatabaseObserver, ServerLogRecord } from '../../src/engines/observer.ts';
import { locationOf, projectRowByRef } from '../../src/control/project-rows.ts';
import { randomRef, tempDataDir } from '../engines/helpers.ts';
import { ApiClient, signUp, waitForStatus } from '../support/client.ts';
import { ENGINES, startPlatform, type EngineName } from '../support/platform.ts';

type Entry = { event_message: string; metadata: Record<string, any> };

describe.each(ENGINES as EngineName[])('postgres_logs on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let mine: string;
  let theirs: string;

  const sql = (ref: string, query: string) => owner.api.post(`/api/platform/pg-meta/${ref}/query`, { query });
  const logs = (api: ApiClient, ref: string, query: string) =>
    api.get(`/api/platform/projects/${ref}/analytics/endpoints/logs.all?${new URLSearchParams({ sql: query })}`);
  /** Polls logs.all until `query` answers at least `count` rows (the writer batches; the local reader polls). */
  async function entries(ref: string, query: string, count = 1): Promise<Entry[]> {
    let rows: Entry[] = [];
    await vi.waitFor(async () => {
      const response = await logs(owner.api, ref, query);
      expect(response.body.error, JSON.stringify(response.body)).toBeUndefined();
      rows = response.body.result;
      expect(rows.length).toBeGreaterThanOrEqual(count);
    }, { timeout: 20_000, interval: 200 });
    return rows;
  }

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    owner = await signUp(platform.url);
    const slug = (await owner.api.post('/api/organizations', { name: 'Postgres logs', plan: 'free' })).body.slug;
    const create = async (name: string) => (await owner.api.post('/api/projects', { name, organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref as string;
    [mine, theirs] = [await create('mine'), await create('theirs')];
    for (const ref of [mine, theirs]) await waitForStatus(owner.api, ref, 'ACTIVE_HEALTHY');
  });
  afterAll(async () => platform?.stop());

  it('logs a failed editor statement once, with its SQLSTATE and no values, in its own project only', async () => {
    expect((await sql(mine, 'select * from mine_missing_table')).status).toBe(400);
    expect((await sql(theirs, 'select * from theirs_missing_table')).status).toBe(400);
    expect((await sql(mine, "alter role no_such_role_pl password 'hunter2-secret'")).status).toBe(400);
    await entries(mine, `select id from postgres_logs where metadata->>'sql_state_code' = '42704'`);
    const [missing] = await entries(mine, `select event_message, metadata from postgres_logs where metadata->>'sql_state_code' = '42P01'`);
    expect(missing.event_message).toBe('relation "mine_missing_table" does not exist');
    expect(missing.metadata).toMatchObject({
      error_severity: 'ERROR', sql_state_code: '42P01', message: 'relation "mine_missing_table" does not exist',
      query: 'select * from mine_missing_table', user_name: expect.any(String), database_name: expect.any(String),
      backend_type: 'client backend', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Once: the editor's cursor attempt before the statement's own run is the platform's, not the project's.
    expect(await entries(mine, `select count(*) as n from postgres_logs where event_message like '%mine_missing_table%'`)).toEqual([{ n: 1 }]);
    const [role] = await entries(mine, `select event_message, metadata from postgres_logs where metadata->>'sql_state_code' = '42704'`);
    expect(role.metadata.query).toBe('alter role no_such_role_pl password $1');
    const everything = JSON.stringify(await entries(mine, 'select event_message, metadata from postgres_logs'));
    expect(everything).not.toContain('hunter2');
    expect(everything).not.toContain('theirs_missing_table');
    expect(JSON.stringify(await entries(theirs, `select event_message from postgres_logs where event_message like '%missing_table%'`))).not.toContain('mine_missing_table');
  });

  it('logs what fails in the database under a REST request, the value masked', async () => {
    expect((await sql(mine, 'create table public.pl_items (id int primary key)')).status).toBe(200);
    const { body } = await owner.api.get(`/api/props/project/${mine}/settings`);
    const apikey = body.autoApiService.defaultApiKey as string;
    const rest = await fetch(`${platform.url}/p/${mine}/rest/v1/pl_items?id=eq.notanumber7`, { headers: { apikey } });
    expect(rest.status).toBe(400);
    expect((await rest.json()).code).toBe('22P02');
    const [entry] = await entries(mine, `select event_message, metadata from postgres_logs where metadata->>'sql_state_code' = '22P02'`);
    expect(entry.event_message).toBe('invalid input syntax for type integer: [value]');
    expect(entry.metadata.query).toContain('pl_items');
    expect(JSON.stringify(entry)).not.toContain('notanumber7');
  });

  it('logs a slow statement with its duration', async () => {
    expect((await sql(mine, "select pg_sleep(1.1), 'slow_marker' as marker")).status).toBe(200);
    const [slow] = await entries(mine, `select event_message, metadata from postgres_logs where event_message like 'duration:%pg_sleep%'`);
    expect(slow.event_message).toMatch(/^duration: \d+\.\d+ ms {2}statement: select pg_sleep\(\$1\), \$2 as marker$/);
    expect(slow.metadata).toMatchObject({ error_severity: 'LOG', sql_state_code: '00000', query: 'select pg_sleep($1), $2 as marker' });
    expect(slow.metadata.duration_ms).toBeGreaterThanOrEqual(1000);
    expect(JSON.stringify(slow)).not.toContain('slow_marker');
  });

  it.runIf(engine === 'local')("logs a client's connection and disconnection, never the platform's own", async () => {
    const row = await projectRowByRef(platform.control.db, mine);
    const { host, port, database, user } = platform.control.engine.connectionInfo(locationOf(row!));
    const client = new pg.Client({ host, port, database, user, application_name: 'pl_psql' });
    await client.connect();
    await client.query('select 1');
    await client.end();
    const lines = await entries(mine, `select event_message, metadata from postgres_logs where metadata->>'application_name' = 'pl_psql' order by timestamp`, 2);
    expect(lines.map((line) => line.event_message.split(':')[0])).toEqual(['connection authorized', 'disconnection']);
    expect(lines[0].metadata).toMatchObject({ user_name: 'postgres', database_name: 'postgres', error_severity: 'LOG', backend_type: 'client backend', session_id: expect.any(String) });
    const own = await entries(mine, `select count(*) as n from postgres_logs where metadata->>'application_name' = 'plinth' and (event_message like 'connection%' or event_message like 'disconnection%')`);
    expect(own).toEqual([{ n: 0 }]);
  });
});

describe('the local server log reader', () => {
  /** An observer that keeps what it is told. */
  function collector(): DatabaseObserver & { lines: ServerLogRecord[] } {
    const lines: ServerLogRecord[] = [];
    return { lines, serverLog: (_ref, record) => lines.push(record), statement: () => undefined, flush: async () => undefined };
  }
  const messages = (observer: { lines: ServerLogRecord[] }, marker: string) => observer.lines.filter((line) => line.message.includes(marker)).length;

  it('goes on after a restart where it stopped: no line repeated, none lost', async () => {
    const { dir, cleanup } = await tempDataDir();
    const first = collector();
    const engine = new LocalEngine(dir, { observer: first });
    const location = await engine.createProject(randomRef(), { dbPassword: 'a-long-db-password' });
    try {
      const db = await engine.project(location);
      await db.query('select * from before_restart_marker').catch(() => undefined);
      await engine.close();
      expect(messages(first, 'before_restart_marker')).toBe(1);
      expect(first.lines.some((line) => line.message === 'database system is shut down')).toBe(true);

      const second = collector();
      const again = new LocalEngine(dir, { observer: second });
      const reopened = await again.project(location);
      await reopened.query('select * from after_restart_marker').catch(() => undefined);
      await again.close();
      expect(messages(second, 'before_restart_marker')).toBe(0);
      expect(messages(second, 'after_restart_marker')).toBe(1);
      expect(second.lines[0].message).toMatch(/^(ending log output to stderr|starting PostgreSQL)/);
      await again.dropProject(location);
    } finally {
      await engine.dropProject(location).catch(() => undefined);
      await cleanup();
    }
  });

  it('reads a file reused a week later from its start, and a new day file after the old one', async () => {
    const { dir, cleanup } = await tempDataDir();
    try {
      await mkdir(join(dir, 'db', 'log'), { recursive: true });
      const line = (message: string, at = '2026-01-05 10:00:00.000 UTC') => `${JSON.stringify({ timestamp: at, error_severity: 'LOG', message })}\n`;
      const monday = join(dir, 'db', 'log', 'postgresql-Mon.json');
      await writeFile(join(dir, 'db', 'current_logfiles'), 'jsonlog log/postgresql-Mon.json\n');
      await writeFile(monday, line('one') + line('two'));
      const observer = collector();
      const reader = () => new ServerLogReader({ ref: 'r', dataDir: join(dir, 'db'), positionFile: join(dir, 'server-log.json'), observer, platformApplication: 'plinth' });
      await reader().read();
      await appendFile(monday, line('three') + '{"timestamp":"2026-01-05 10:00:01.000 UTC","error_sev'); // the last line half written
      await reader().read();
      expect(observer.lines.map((l) => l.message)).toEqual(['one', 'two', 'three']);
      // Tuesday: the rest of Monday first, then Tuesday's file.
      await appendFile(monday, 'erity":"LOG","message":"four"}\n');
      await writeFile(join(dir, 'db', 'log', 'postgresql-Tue.json'), line('tuesday', '2026-01-06 00:00:00.000 UTC'));
      await writeFile(join(dir, 'db', 'current_logfiles'), 'jsonlog log/postgresql-Tue.json\n');
      await reader().read();
      expect(observer.lines.map((l) => l.message)).toEqual(['one', 'two', 'three', 'four', 'tuesday']);
      // A week later Monday's file is truncated and written anew: read from its start, even though it is longer.
      await writeFile(monday, line('next monday 1', '2026-01-12 00:00:00.000 UTC') + line('next monday 2', '2026-01-12 00:00:00.000 UTC') + line('next monday 3', '2026-01-12 00:00:00.000 UTC'));
      await writeFile(join(dir, 'db', 'current_logfiles'), 'jsonlog log/postgresql-Mon.json\n');
      await reader().read();
      expect(observer.lines.map((l) => l.message).slice(5)).toEqual(['next monday 1', 'next monday 2', 'next monday 3']);
      // The platform was down for a week while Monday's file was reused: it starts otherwise, so from its start.
      await writeFile(monday, [1, 2, 3, 4].map((n) => line(`third monday ${n}`, '2026-01-19 00:00:00.000 UTC')).join(''));
      await reader().read();
      expect(observer.lines.map((l) => l.message).slice(8)).toEqual(['third monday 1', 'third monday 2', 'third monday 3', 'third monday 4']);
    } finally {
      await cleanup();
    }
  });
});
