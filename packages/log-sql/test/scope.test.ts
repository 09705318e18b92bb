/**
 * What the checker lets through and what it refuses, before anything runs: a log query reads the
 * log sources and its own WITH queries with allowlisted functions, and every way out of that
 * (other tables, the catalogue, settings, roles, files, several statements, writes) is refused
 * with a message that names no table of the platform.
 */
import { describe, expect, it } from 'vitest';
import { scopeLogQuery } from '../src/index.ts';

const SOURCES = ['edge_logs', 'auth_logs', 'function_edge_logs'];
const scope = (sql: string) => scopeLogQuery(sql, { sources: SOURCES, tableSchema: 'public' });

async function refusal(sql: string): Promise<{ code: string; message: string }> {
  const scoped = await scope(sql);
  if (!('error' in scoped)) throw new Error(`accepted: ${sql}`);
  return scoped.error;
}

describe('queries the checker accepts', () => {
  it.each([
    ['count by status', `select (metadata->'response'->>'status_code')::int as status, count(*) as requests from edge_logs group by status order by requests desc`],
    ['p95 execution time', `select percentile_cont(0.95) within group (order by (metadata->>'execution_time_ms')::float8) as p95 from function_edge_logs`],
    ['5xx by path', `select metadata->'request'->>'path' as path, count(*) as errors from edge_logs where (metadata->'response'->>'status_code')::int >= 500 group by path order by errors desc limit 10`],
    ['events per minute', `select date_trunc('minute', timestamp) as minute, count(*) from edge_logs group by minute order by minute`],
    ['latest entries', `select id, timestamp, event_message, metadata from edge_logs order by timestamp desc limit 100`],
    ['union of sources', `select timestamp, event_message from edge_logs union all select timestamp, event_message from auth_logs order by timestamp`],
    ['its own WITH queries', `with errors as (select * from edge_logs where event_message like '% 5__'), paths as (select metadata->'request'->>'path' as path from errors) select path, count(*) from paths group by path`],
    ['a WITH query named like a source', `with edge_logs as (select * from edge_logs where event_message ilike 'get%') select count(*) from edge_logs`],
    ['lateral JSON functions', `select e.id, k.key, k.value from edge_logs e cross join lateral jsonb_each(e.metadata) as k(key, value)`],
    ['record functions with column definitions', `select r.method from edge_logs e, jsonb_to_record(e.metadata->'request') as r(method text, path text)`],
    ['joins and subqueries', `select a.id from auth_logs a join edge_logs e on e.id = a.id where exists (select 1 from edge_logs x where x.timestamp > a.timestamp) and a.id in (select id from auth_logs)`],
    ['window functions with growing or small frames', `select id, row_number() over w, avg(length(event_message)) over (order by timestamp rows between 5 preceding and current row), count(*) over (order by timestamp rows between unbounded preceding and unbounded following) from edge_logs window w as (order by timestamp)`],
    ['VALUES and TABLE', `select * from (values (1, 'a'), (2, 'b')) as v(n, s) cross join (table edge_logs) as t`],
    ['SQL keywords and casts', `select extract(epoch from timestamp), timestamp at time zone 'UTC', substring(event_message from 1 for 3), position('GET' in event_message), trim(both ' ' from event_message), event_message similar to 'GET%', coalesce(null, 1), greatest(1, 2), nullif(1, 1), current_timestamp, interval '1 hour', date '2024-01-01', 1::bigint, '1.5'::numeric(10, 2), array['a']::text[], case when true then 1 else 0 end, 'a' collate "C", pg_catalog.now() from edge_logs`],
    ['grouping sets', `select event_message, grouping(event_message), count(*) from edge_logs group by rollup(event_message)`],
  ])('%s', async (_name, sql) => {
    const scoped = await scope(sql);
    expect(scoped).not.toHaveProperty('error');
  });

  it('defines each source it reads as the project\'s rows in the range, from the schema named, and names them', async () => {
    const scoped = await scope('select count(*) from auth_logs, edge_logs');
    if ('error' in scoped) throw new Error(scoped.error.message);
    expect(scoped.sources).toEqual(['auth_logs', 'edge_logs']);
    expect(scoped.sql).toContain(`"edge_logs" as (select "id", "timestamp", "event_message", "metadata" from "public"."edge_logs" where "project_ref" = $1::text and "timestamp" >= $2::timestamptz and "timestamp" < $3::timestamptz)`);
    expect(scoped.sql).not.toContain('"function_edge_logs"');
  });

  it('keeps the statement as written, without its semicolon, counting in bytes past multi-byte characters', async () => {
    const scoped = await scope(`  select 'ééé✓' as x from edge_logs ;  -- done`);
    if ('error' in scoped) throw new Error(scoped.error.message);
    expect(scoped.sql).toContain(`\n  select 'ééé✓' as x from edge_logs \n`);
    expect(scoped.sql).not.toContain('done');
  });
});

describe('queries the checker refuses', () => {
  it.each([
    ['another table', 'select * from users', /"users" is not a log source/],
    ['a catalogue table, unqualified', 'select * from pg_authid', /"pg_authid" is not a log source/],
    ['a schema-qualified log table', 'select * from public.edge_logs', /Schema-qualified names are not allowed.*public\.edge_logs/],
    ['a schema-qualified catalogue table', 'select rolpassword from pg_catalog.pg_authid', /Schema-qualified/],
    ['a database-qualified name', 'select * from postgres.public.users', /Schema-qualified/],
    ['information_schema', 'select * from information_schema.tables', /Schema-qualified/],
    ['UNION with another table', 'select event_message from edge_logs union select email from public.users', /Schema-qualified/],
    ['UNION with an unqualified table', 'select event_message from edge_logs union all select secret from secrets', /"secrets" is not a log source/],
    ['TABLE of another table', 'table users', /"users" is not a log source/],
    ['a quoted name that is not a source', 'select * from "Edge_Logs"', /"Edge_Logs" is not a log source/],
    ['a subquery on another table', 'select (select email from users limit 1) from edge_logs', /"users"/],
    ['EXISTS on the catalogue', 'select exists (select 1 from pg_class)', /"pg_class"/],
    ['IN on another schema', 'select * from edge_logs where id in (select id from auth.users)', /Schema-qualified/],
    ['LATERAL on another table', 'select 1 from edge_logs e, lateral (select * from users) u', /"users"/],
    ['VALUES with a subquery', 'values ((select email from users))', /"users"/],
    ['a WITH query that reads the table it shadows', 'with users as (select * from users) select * from users', /"users" is not a log source/],
    ['a WITH query used outside its scope', 'select * from (with x as (select 1) select 1) s, x', /"x" is not a log source/],
    ['a WITH query of one side of a UNION used on the other', '(with x as (select 1) select * from x) union select * from x', /"x" is not a log source/],
    ['a later WITH query', 'with a as (select * from b), b as (select 1) select * from a', /"b" is not a log source/],
    ['WITH RECURSIVE', 'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r', /WITH RECURSIVE/],
  ])('%s', async (_name, sql, message) => {
    const error = await refusal(sql);
    expect(error.code).toBe('not_allowed');
    expect(error.message).toMatch(message);
  });

  it.each([
    ['pg_read_file', `select pg_read_file('/etc/passwd')`],
    ['pg_read_file in FROM', `select * from pg_read_file('/etc/passwd')`],
    ['pg_ls_dir in ROWS FROM', `select * from rows from (jsonb_each('{}'), pg_ls_dir('.'))`],
    ['lo_import', `select lo_import('/etc/passwd')`],
    ['dblink', `select * from dblink('host=localhost', 'select 1') as t(x int)`],
    ['current_setting', `select current_setting('data_directory')`],
    ['set_config of the role', `select set_config('role', 'postgres', false)`],
    ['pg_sleep', `select pg_sleep(60)`],
    ['version', `select version()`],
    ['query_to_xml', `select query_to_xml('select * from users', true, true, '')`],
    ['nextval', `select nextval('users_id_seq')`],
    ['txid_current', `select txid_current()`],
    ['generate_series', `select count(*) from generate_series(1, 1000000000000)`],
    ['repeat', `select repeat('x', 1000000000)`],
    ['a schema-qualified function', `select public.lower('x')`],
    ['a pg_catalog function not on the list', `select pg_catalog.pg_read_file('/etc/passwd')`],
    ['COLLATION FOR', `select collation for ('x')`],
    ['jsonb_populate_record with a row type', `select jsonb_populate_record(null::users, '{}')`],
  ])('the function %s', async (_name, sql) => {
    const error = await refusal(sql);
    expect(error.code).toBe('not_allowed');
    expect(error.message).toMatch(/is not available in log queries|Casts to|Schema-qualified/);
  });

  it.each([
    ['regclass', `select 'pg_authid'::regclass`],
    ['regrole', `select 'postgres'::regrole`],
    ['regnamespace', `select cast('pg_catalog' as regnamespace)`],
    ['regproc', `select 'pg_read_file'::regproc`],
    ['oid', `select 1::oid`],
    ['a table row type', `select null::users`],
    ['a qualified type', `select 'x'::public.mytype`],
    ['a column definition of a refused type', `select * from jsonb_to_record('{}') as r(x regclass)`],
  ])('a cast to %s', async (_name, sql) => {
    expect((await refusal(sql)).message).toMatch(/Casts to|Schema-qualified/);
  });

  it.each([
    ['SET ROLE', 'set role postgres'],
    ['RESET ROLE', 'reset role'],
    ['SET SESSION AUTHORIZATION', 'set session authorization postgres'],
    ['SHOW', 'show all'],
    ['EXPLAIN', 'explain select 1'],
    ['COPY', `copy (select 1) to '/tmp/out'`],
    ['DO', `do $$ begin perform 1; end $$`],
    ['CALL', 'call something()'],
    ['DELETE', 'delete from edge_logs'],
    ['INSERT', `insert into users values ('a')`],
    ['CREATE', 'create table x (id int)'],
    ['BEGIN', 'begin'],
    ['LISTEN', 'listen x'],
    ['PREPARE', 'prepare p as select 1'],
  ])('the statement %s', async (_name, sql) => {
    expect(await refusal(sql)).toEqual({ code: 'not_allowed', message: 'A log query is one SELECT statement: it only reads.' });
  });

  it.each([
    ['several statements', 'select 1; select * from users', /several/],
    ['a SELECT then a DROP', 'select 1 from edge_logs; drop table users', /several/],
    ['a NUL hiding a second statement', 'select 1\u0000; drop table users', /NUL/],
    ['a data-modifying WITH query', 'with d as (delete from edge_logs returning *) select * from d', /A WITH query must be a SELECT/],
    ['an INSERT in a WITH query', `with i as (insert into users values ('a') returning *) select 1`, /A WITH query must be a SELECT/],
    ['SELECT INTO', 'select * into stolen from edge_logs', /SELECT \.\.\. INTO/],
    ['FOR UPDATE', 'select * from edge_logs for update', /locking/],
    ['FOR SHARE in a subquery', 'select * from (select * from edge_logs for share) s', /locking/],
    ['TABLESAMPLE', 'select * from edge_logs tablesample system (50)', /TABLESAMPLE/],
    ['XMLTABLE', `select * from xmltable('/a' passing '<a/>' columns x int)`, /XMLTABLE/],
    ['XML functions', 'select xmlelement(name a)', /XML/],
    ['SQL/JSON functions', `select json_value(metadata, '$.a') from edge_logs`, /not allowed/],
    ['parameters', 'select $1', /Parameters/],
    ['CURRENT_USER', 'select current_user', /CURRENT_USER/],
    ['SESSION_USER', 'select session_user', /CURRENT_USER/],
    ['CURRENT_SCHEMA', 'select current_schema', /CURRENT_USER/],
    ['a qualified operator', 'select 1 operator(public.+) 1', /Schema-qualified/],
    ['a moving frame over many rows', 'select string_agg(event_message, \',\') over (order by timestamp rows between 100000 preceding and current row) from edge_logs', /window frame/],
    ['a RANGE frame that moves', `select count(*) over (order by timestamp range between interval '1 hour' preceding and current row) from edge_logs`, /window frame/],
    ['a frame to the end that moves', 'select string_agg(event_message, \',\') over (order by timestamp rows between current row and unbounded following) from edge_logs', /window frame/],
    ['EXCLUDE in a frame', 'select count(*) over (order by timestamp rows between unbounded preceding and current row exclude current row) from edge_logs', /EXCLUDE/],
  ])('%s', async (_name, sql, message) => {
    const error = await refusal(sql);
    expect(error.code).toBe('not_allowed');
    expect(error.message).toMatch(message);
  });

  it('reports a syntax error with where it is, and an empty query', async () => {
    expect(await refusal('select count(* from edge_logs')).toEqual({ code: 'parse_error', message: expect.stringMatching(/^syntax error at or near "from" \(at character 16\)$/) });
    expect((await refusal('  ;  ')).code).toBe('parse_error');
  });

  it('never names a platform table in its messages', async () => {
    for (const sql of ['select * from projects', 'select * from public.access_tokens', 'select * from users']) {
      const { message } = await refusal(sql);
      expect(message).not.toMatch(/projects\b.*(exists|table)|access_tokens.*(exists|table)/);
      expect(message).toMatch(/A log query reads edge_logs, auth_logs, function_edge_logs|Name a log source: edge_logs, auth_logs, function_edge_logs/);
    }
  });
});
