/**
 * Database.queryPrepared on both engines: the REST runner relies on a setup statement's role and
 * settings holding for the statement after it (and no longer), on statements being reused, and on
 * a connection recovering from whatever left it in an unexpected state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DatabaseError, type Database, type Engine, type ProjectLocation } from '../../src/engines/index.ts';
import { PG_SERVER, randomRef, tempDataDir } from './helpers.ts';

const SETUP = { sql: "select pg_catalog.set_config('role', $1, true), pg_catalog.set_config('app.note', $2, true)", params: ['anon', 'from setup'] };

describe.each(['embedded', 'postgres'] as const)('queryPrepared on the %s engine', (engineName) => {
  let engine: Engine;
  let location: ProjectLocation;
  let db: Database;
  let cleanupDir: () => Promise<void>;

  beforeAll(async () => {
    const temp = await tempDataDir();
    cleanupDir = temp.cleanup;
    engine = createEngine({ engine: engineName, dataDir: temp.dir, projectServers: [PG_SERVER], loginSecret: 'test-login-secret' });
    location = await engine.createProject(randomRef(), { dbPassword: 'correct horse battery' });
    db = await engine.project(location);
    await db.exec(`create table public.notes (id int primary key, body text);
      grant select, insert on public.notes to anon, authenticated;
      create schema hidden; create table hidden.secrets (id int);
      grant usage on schema hidden to authenticated; grant select on hidden.secrets to anon, authenticated;`);
  });

  afterAll(async () => {
    await engine.dropProject(location).catch(() => {});
    await engine.close();
    await cleanupDir();
  });

  it('runs the statement with the role and settings of the setup, which end with it', async () => {
    const { rows } = await db.queryPrepared<{ who: string; note: string; total: number }>(SETUP, {
      sql: "select current_user::text as who, current_setting('app.note') as note, $1[1]::int + $1[2]::int as total",
      params: [['40', '2']],
      paramTypes: [1009],
    });
    expect(rows).toEqual([{ who: 'anon', note: 'from setup', total: 42 }]);
    const after = await db.query<{ who: string; note: string | null }>("select current_user::text as who, nullif(current_setting('app.note', true), '') as note");
    expect(after.rows[0].who).not.toBe('anon');
    expect(after.rows[0].note).toBeNull();
  });

  it('keeps a repeated statement prepared and reuses it', async () => {
    const statement = { sql: "select coalesce(sum(generic_plans + custom_plans), 0)::int as runs, count(*)::int as copies from pg_prepared_statements where statement like '%marker-reuse%'", params: [] };
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { rows } = await db.queryPrepared<{ runs: number; copies: number }>(SETUP, statement);
      expect(rows[0].copies).toBe(1);
      runs.push(rows[0].runs);
    }
    // Sequential calls use the same connection (a pool hands out its most recently used one).
    expect(runs).toEqual([1, 2, 3]);
  });

  it('prepares a statement per variant: parsing checks schema usage for each role', async () => {
    const read = (role: string) => db.queryPrepared(
      { sql: "select pg_catalog.set_config('role', $1, true)", params: [role] },
      { sql: 'select count(*)::int as n from hidden.secrets', params: [], variant: role },
    );
    expect((await read('authenticated')).rows).toEqual([{ n: 0 }]);
    expect((await read('anon').catch((e: unknown) => e) as DatabaseError).code).toBe('42501');
    // A privilege taken away later holds at once: Postgres parses its prepared statements again.
    await db.exec('revoke usage on schema hidden from authenticated');
    expect((await read('authenticated').catch((e: unknown) => e) as DatabaseError).code).toBe('42501');
  });

  it('runs nothing when the setup fails, and the next call works', async () => {
    const insert = { sql: 'insert into public.notes (id, body) values ($1[1]::int, $1[2]) returning id', params: [['1', 'kept?']], paramTypes: [1009] };
    const failing = { sql: "select pg_catalog.set_config('role', $1, true)", params: ['no_such_role'] };
    const error = await db.queryPrepared(failing, insert).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect((await db.query('select count(*)::int as n from public.notes')).rows).toEqual([{ n: 0 }]);
    const { rows, affectedRows } = await db.queryPrepared(SETUP, insert);
    expect(rows).toEqual([{ id: 1 }]);
    expect(affectedRows).toBe(1);
  });

  it('reports a failing statement as a DatabaseError and rolls back its transaction', async () => {
    const failing = { sql: 'insert into public.notes (id, body) values (2, $1[1]), (2, $1[1])', params: [['twice']], paramTypes: [1009] };
    const error = await db.queryPrepared(SETUP, failing).catch((e: unknown) => e);
    expect((error as DatabaseError).code).toBe('23505');
    expect((await db.query('select count(*)::int as n from public.notes where id = 2')).rows).toEqual([{ n: 0 }]);
  });

  it('recovers when the connection lost its statements', async () => {
    const statement = { sql: "select 'still here' as answer", params: [] };
    await db.queryPrepared(SETUP, statement);
    await db.exec('deallocate all');
    expect((await db.queryPrepared(SETUP, statement)).rows).toEqual([{ answer: 'still here' }]);
  });

  it('keeps a bounded number of statements and still answers every one', async () => {
    for (let i = 0; i < 130; i++) {
      const { rows } = await db.queryPrepared<{ n: number }>(SETUP, { sql: `select ${i} as n`, params: [] });
      expect(rows).toEqual([{ n: i }]);
    }
    const { rows } = await db.queryPrepared<{ held: number }>(SETUP, { sql: 'select count(*)::int as held from pg_prepared_statements', params: [] });
    expect(rows[0].held).toBeLessThanOrEqual(100);
    expect(rows[0].held).toBeGreaterThan(50);
  });

  it('sends text that needs quoting inside an array value unchanged', async () => {
    const values = ['a,b', '{braces}', 'quote " and \\ backslash', null, ''];
    const { rows } = await db.queryPrepared<{ items: string[] }>(SETUP, { sql: 'select $1::text[] as items', params: [values] });
    expect(rows[0].items).toEqual(values);
  });
});
