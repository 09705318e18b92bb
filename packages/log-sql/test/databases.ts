/**
 * The two kinds of platform database a log query runs on, as the tests use them: an in-process
 * PGlite, and a fresh database on the local Postgres server as its superuser (dropped afterwards).
 * Each holds two log sources with two projects' entries, and a table of secrets beside them.
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Queryable } from '../src/index.ts';

export const TEST_POSTGRES_URL = process.env.PLINTH_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  /** Runs `fn` in a transaction on the database's one connection, always rolled back (as the platform does: a log query keeps nothing). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  query: Queryable['query'];
  close(): Promise<void>;
}

/** Now, for the entries' timestamps: every test's range is relative to it. */
export const NOW = Date.now();
export const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000);

/**
 * Project `mine`: 20 edge entries in the last 20 minutes (every fifth a 500 on /rest/v1/boom), one
 * auth entry, one edge entry three hours old. Project `theirs`: entries that say OTHER-PROJECT.
 */
const SETUP = `
create table edge_logs (id uuid primary key, timestamp timestamptz not null, project_ref text not null, event_message text not null, metadata jsonb not null default '{}');
create index edge_logs_project_time on edge_logs (project_ref, timestamp desc);
create table auth_logs (like edge_logs including all);
create table function_edge_logs (like edge_logs including all);
create table users (email text, password_hash text);
insert into users values ('victim@example.com', 'SECRET-HASH');
insert into edge_logs
  select gen_random_uuid(), to_timestamp(${NOW / 1000}) - make_interval(mins => i), 'mine',
    case when i % 5 = 0 then 'GET /rest/v1/boom 500' else 'GET /rest/v1/todos 200' end,
    jsonb_build_object('request', jsonb_build_object('path', case when i % 5 = 0 then '/rest/v1/boom' else '/rest/v1/todos' end),
      'response', jsonb_build_object('status_code', case when i % 5 = 0 then 500 else 200 end), 'execution_time_ms', i)
  from generate_series(1, 20) as i;
insert into edge_logs values (gen_random_uuid(), to_timestamp(${NOW / 1000}) - interval '3 hours', 'mine', 'GET /old 200', '{}');
insert into auth_logs values (gen_random_uuid(), to_timestamp(${NOW / 1000}) - interval '1 minute', 'mine', 'Login', '{"action": "login"}');
insert into edge_logs
  select gen_random_uuid(), to_timestamp(${NOW / 1000}) - make_interval(mins => i), 'theirs', 'OTHER-PROJECT', '{"secret": "OTHER-PROJECT"}'
  from generate_series(1, 30) as i;
insert into auth_logs values (gen_random_uuid(), to_timestamp(${NOW / 1000}) - interval '1 minute', 'theirs', 'OTHER-PROJECT', '{}');
analyze;
`;

async function openPglite(): Promise<TestDatabase> {
  const pglite = new PGlite();
  await pglite.exec(SETUP);
  return {
    transaction: (fn) => pglite.transaction(async (tx) => {
      const result = await fn(tx);
      await tx.rollback();
      return result;
    }),
    query: (sql, params) => pglite.query(sql, params),
    close: () => pglite.close(),
  };
}

async function openPostgres(): Promise<TestDatabase> {
  const name = `log_sql_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(SETUP);
  const query: Queryable['query'] = async (sql, params) => ({ rows: (await client.query(sql, params)).rows });
  return {
    query,
    async transaction(fn) {
      await client.query('begin');
      try {
        return await fn({ query });
      } finally {
        await client.query('rollback');
      }
    },
    async close() {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export const TEST_DATABASES = [
  ['pglite', openPglite],
  ['postgres', openPostgres],
] as const;
