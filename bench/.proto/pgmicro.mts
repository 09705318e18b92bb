import pg from 'pg';
import { bootstrapProject } from '/work/main/apps/platform/src/engines/bootstrap.ts';
import { PgDatabase, createPool } from '/work/main/apps/platform/src/engines/postgres/pg-database.ts';
import { installRunner } from '/work/main/apps/platform/src/data-plane/rest/runner.ts';
const admin = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres'); await admin.connect();
await admin.query('drop database if exists pgmicro'); await admin.query('create database pgmicro'); await admin.end();
const db = new PgDatabase(createPool('postgres://postgres@127.0.0.1:5432/pgmicro', 1));
await bootstrapProject(db, 'postgres'); await installRunner(db);
await db.exec(`create table bench_items (id integer primary key, name text not null, price numeric(10,2), tags text[], created_at timestamptz not null default now());
  insert into bench_items (id, name, price, tags) select g, 'item ' || g, g * 1.5, array['a', 'b'] from generate_series(1, 10000) g; analyze bench_items;
  create or replace function _plinth.c(p_stmt text, p_args text[]) returns table(body text, page_total bigint, total bigint) language plpgsql as $f$ begin execute p_stmt into body, page_total, total using p_args; return next; end $f$;
  create or replace function _plinth.d(p_stmt text, p_args text[]) returns table(body text, page_total bigint, total bigint) language plpgsql as $f$ begin perform pg_catalog.set_config('role', 'anon', true); execute p_stmt into body, page_total, total using p_args; return next; end $f$;
  create or replace function _plinth.e(p_settings text, p_stmt text, p_args text[]) returns table(body text, page_total bigint, total bigint) language plpgsql as $f$ begin
    perform pg_catalog.set_config(s.key, s.value, true) from pg_catalog.json_each_text(p_settings::json) as s;
    perform pg_catalog.set_config('role', 'anon', true); execute p_stmt into body, page_total, total using p_args; return next; end $f$;`);
const STMT = `select coalesce(json_agg("pgrst_t"), '[]')::text as body, count(*)::bigint as page_total, null::bigint as total from (select "bench_items".* from "public"."bench_items" as "bench_items" where "bench_items"."id" = $1[1]::integer limit $1[2]::bigint) as "pgrst_t"`;
const settings: Record<string, string> = { search_path: '"public", "extensions"', 'request.jwt.claims': '{"role":"anon","iss":"plinth","ref":"abc","iat":1,"exp":2}', 'request.headers': JSON.stringify({ host: '127.0.0.1:1234', connection: 'keep-alive', apikey: 'x'.repeat(180), authorization: 'Bearer ' + 'x'.repeat(180) }), 'request.method': 'GET', 'request.path': '/bench_items',
  'request.jwt.claim.iss': 'x', 'request.jwt.claim.ref': 'y', 'request.jwt.claim.role': 'anon', 'request.jwt.claim.iat': '1', 'request.jwt.claim.exp': '2', transaction_read_only: 'on' };
const json = JSON.stringify(settings);
const args = (i: number) => [String(i % 1000 + 1), '1000'];
const RUN = 'select body, page_total, total, response_headers, response_status from _plinth.rest_run_v1($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)';
const variants: Record<string, (i: number) => Promise<unknown>> = {
  'select 1': () => db.query('select 1'),
  'B same sql': (i) => db.query(STMT.replaceAll('$1[', '($1::text[])['), [args(i)]),
  'C plpgsql exec': (i) => db.query('select * from _plinth.c($1, $2)', [STMT, args(i)]),
  'D +role': (i) => db.query('select * from _plinth.d($1, $2)', [STMT, args(i)]),
  'E +settings': (i) => db.query('select * from _plinth.e($1, $2, $3)', [json, STMT, args(i)]),
  'G runner': (i) => db.query(RUN, ['anon', json, STMT, args(i), false, null, false, null, null, 1000, null]),
};
const best: Record<string, number> = {};
for (let round = 0; round < 6; round++) for (const [name, fn] of Object.entries(variants)) {
  for (let i = 0; i < 50; i++) await fn(i);
  const t = performance.now(); const n = 1000;
  for (let i = 0; i < n; i++) await fn(i);
  best[name] = Math.min(best[name] ?? Infinity, (performance.now() - t) / n * 1000);
}
for (const [name, us] of Object.entries(best)) console.log(name.padEnd(20), us.toFixed(0), 'us wall');
await db.close();
