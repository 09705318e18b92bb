/**
 * Scoped log queries run on PGlite and on a Postgres server as a superuser (as the platform's own
 * connection is): they see only one project's entries in the range, answer with JSON rows, the caps
 * and the database's refusals, and leave no setting behind on the connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLogQuery, scopeLogQuery, type LogQueryLimits, type LogQueryOutcome } from '../src/index.ts';
import { minutesAgo, NOW, TEST_DATABASES, type TestDatabase } from './databases.ts';

const LIMITS: LogQueryLimits = {
  projectRef: 'mine', start: minutesAgo(60), end: new Date(NOW + 1000),
  maxRows: 1000, maxBytes: 1024 * 1024, statementTimeoutMs: 15_000, maxCost: 2_500_000,
};

describe.each(TEST_DATABASES)('log queries on %s', (engine, open) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => db?.close());

  async function run(sql: string, limits: Partial<LogQueryLimits> = {}): Promise<LogQueryOutcome> {
    const scoped = await scopeLogQuery(sql, { sources: ['edge_logs', 'auth_logs', 'function_edge_logs'], tableSchema: 'public' });
    if ('error' in scoped) throw new Error(`refused: ${scoped.error.message}`);
    return db.transaction((tx) => runLogQuery(tx, scoped, { ...LIMITS, ...limits }));
  }
  async function rows(sql: string, limits: Partial<LogQueryLimits> = {}): Promise<Record<string, unknown>[]> {
    const outcome = await run(sql, limits);
    if ('error' in outcome) throw new Error(`failed: ${outcome.error.message}`);
    return outcome.rows;
  }

  it('counts only the project\'s entries in the range', async () => {
    expect(await rows('select count(*) as n from edge_logs')).toEqual([{ n: 20 }]);
    expect(await rows('select count(*) as n from edge_logs', { start: minutesAgo(240) })).toEqual([{ n: 21 }]);
    expect(await rows('select count(*) as n from edge_logs', { start: minutesAgo(10), end: minutesAgo(5) })).toEqual([{ n: 5 }]);
    expect(await rows('select count(*) as n from edge_logs', { projectRef: 'theirs' })).toEqual([{ n: 30 }]);
  });

  it('runs the templates: count by status, p95, 5xx by path, per minute', async () => {
    expect(await rows(`select (metadata->'response'->>'status_code')::int as status, count(*) as requests from edge_logs group by status order by status`))
      .toEqual([{ status: 200, requests: 16 }, { status: 500, requests: 4 }]);
    expect(await rows(`select percentile_cont(0.95) within group (order by (metadata->>'execution_time_ms')::float8) as p95 from edge_logs`))
      .toEqual([{ p95: expect.closeTo(19.05, 5) }]);
    expect(await rows(`select metadata->'request'->>'path' as path, count(*) as errors from edge_logs where (metadata->'response'->>'status_code')::int >= 500 group by path`))
      .toEqual([{ path: '/rest/v1/boom', errors: 4 }]);
    const perMinute = await rows(`select date_trunc('minute', timestamp) as minute, count(*) as n from edge_logs group by minute order by minute`);
    expect(perMinute.reduce((sum, row) => sum + Number(row.n), 0)).toBe(20);
    expect(perMinute[0].minute).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+00:00$/);
  });

  it('answers rows as JSON: metadata as an object, timestamps as ISO strings in UTC, columns in order', async () => {
    const [row] = await rows(`select event_message, metadata, timestamp, 1 as one from edge_logs order by timestamp desc limit 1`);
    expect(Object.keys(row)).toEqual(['event_message', 'metadata', 'timestamp', 'one']);
    expect(row.metadata).toEqual({ request: { path: '/rest/v1/todos' }, response: { status_code: 200 }, execution_time_ms: 1 });
    expect(row.timestamp).toMatch(/\+00:00$/);
  });

  it('keeps every source, its own WITH queries and a shadowing WITH query to the project', async () => {
    const all = await rows(`select event_message from edge_logs union all select event_message from auth_logs`, { start: minutesAgo(600) });
    expect(all).toHaveLength(22);
    expect(JSON.stringify(all)).not.toContain('OTHER-PROJECT');
    expect(await rows(`with edge_logs as (select * from edge_logs where true) select count(*) as n from edge_logs`)).toEqual([{ n: 20 }]);
    expect(await rows(`with a as (select * from auth_logs), b as (select * from a, edge_logs) select count(*) as n from b`)).toEqual([{ n: 20 }]);
    expect(await rows(`select count(*) as n from (select * from edge_logs) as x where exists (select 1 from auth_logs)`)).toEqual([{ n: 20 }]);
  });

  it('reads project_ref as no column, so a filter cannot widen the scope', async () => {
    const outcome = await run(`select count(*) from edge_logs where project_ref = 'theirs' or true`);
    expect(outcome).toEqual({ error: { code: 'query_error', message: 'column "project_ref" does not exist' } });
  });

  it('runs a statement whose comments try to close the wrapper, as the comment it is', async () => {
    expect(await rows(`select count(*) as n from edge_logs -- ) as q; select * from users; --`)).toEqual([{ n: 20 }]);
    expect(await rows(`select count(*) as n from edge_logs /* ) as q limit 1; select password_hash from users; */`)).toEqual([{ n: 20 }]);
    expect(await rows(`select 'it''s )' as s, E'\\')' as e from edge_logs limit 1`)).toEqual([{ s: "it's )", e: "')" }]);
  });

  it('cuts at the row cap and the byte cap, and says so', async () => {
    const capped = await run('select id from edge_logs', { maxRows: 3 });
    expect(capped).toEqual({ rows: [expect.any(Object), expect.any(Object), expect.any(Object)], isTruncated: true });
    expect(await run('select id from edge_logs limit 3', { maxRows: 3 })).toMatchObject({ isTruncated: false });
    const sized = await run('select id, event_message from edge_logs', { maxBytes: 300 });
    if ('error' in sized) throw new Error(sized.error.message);
    expect(sized.isTruncated).toBe(true);
    expect(sized.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(sized.rows).length).toBeLessThanOrEqual(400);
    expect(await run(`select string_agg(event_message, ',') as s from edge_logs`, { maxBytes: 10 })).toEqual({ rows: [], isTruncated: true });
  });

  it('answers the database\'s refusals as query errors', async () => {
    expect(await run('select 1 / 0 as x from edge_logs')).toEqual({ error: { code: 'query_error', message: 'division by zero' } });
    expect(await run('select nope from edge_logs')).toEqual({ error: { code: 'query_error', message: 'column "nope" does not exist' } });
    expect(await run(`select 'x'::int`)).toEqual({ error: { code: 'query_error', message: 'invalid input syntax for type integer: "x"' } });
  });

  it('refuses a query the planner expects to be far too expensive, before it runs', async () => {
    const outcome = await run('select count(*) from edge_logs a, edge_logs b, edge_logs c, edge_logs d, edge_logs e, edge_logs f, edge_logs g', { maxCost: 1_000_000 });
    expect(outcome).toEqual({ error: { code: 'query_too_expensive', message: expect.stringContaining('narrow the time range') } });
  });

  it.runIf(engine === 'postgres')('stops a query at the statement time-out (the server\'s own; PGlite has none)', async () => {
    const outcome = await run('select count(*) from edge_logs a, edge_logs b, edge_logs c, edge_logs d, edge_logs e, edge_logs f, edge_logs g', { statementTimeoutMs: 200, maxCost: Infinity });
    expect(outcome).toEqual({ error: { code: 'query_timeout', message: expect.stringContaining('longer than 0.2 s') } });
  });

  it('leaves no setting behind on the connection', async () => {
    const settings = async () => (await db.query<Record<string, string>>(
      `select current_setting('search_path') as search_path, current_setting('transaction_read_only') as read_only,
         current_setting('statement_timeout') as timeout, current_setting('TimeZone') as zone`)).rows[0];
    const before = await settings();
    await run('select 1 / 0 from edge_logs');
    await rows('select count(*) from edge_logs');
    expect(await settings()).toEqual(before);
    expect(before).toMatchObject({ read_only: 'off', timeout: '0' });
    expect(before.search_path).not.toBe('pg_catalog');
  });
});
