/**
 * The two engines pg-meta runs on, as the tests use them: an in-process PGlite, and a fresh database
 * on the local Postgres server (dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Queryable } from '../src/index.ts';

export const TEST_POSTGRES_URL = process.env.PLINTH_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  db: Queryable;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Cluster-wide on a server, so created only if missing and tolerant of a concurrent creator. */
const SETUP = `
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
exception when duplicate_object or unique_violation then null;
end $$;
create schema if not exists auth;
create schema if not exists storage;
create schema if not exists extensions;
create table if not exists storage.objects (id serial primary key, bucket_id text, name text, owner uuid);
create table if not exists auth.users (id uuid primary key, email text);
create or replace function auth.uid() returns uuid language sql stable as $f$
  select (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')::uuid $f$;
grant usage on schema public, auth to anon, authenticated, service_role;
grant execute on function auth.uid() to anon, authenticated, service_role;
`;

async function openPglite(): Promise<TestDatabase> {
  const pglite = new PGlite();
  await pglite.exec(SETUP);
  return {
    db: pglite,
    transaction: (fn) => pglite.transaction((tx) => fn(tx)),
    close: () => pglite.close(),
  };
}

async function openPostgres(): Promise<TestDatabase> {
  const name = `pgmeta_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(SETUP);
  const db: Queryable = {
    query: async <Row>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as Row[] }),
  };
  return {
    db,
    async transaction(fn) {
      await client.query('begin');
      try {
        const result = await fn(db);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback');
        throw err;
      }
    },
    async close() {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export const TEST_ENGINES = [
  ['pglite', openPglite],
  ['postgres', openPostgres],
] as const;
