import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WorkerDatabase } from '/work/main/apps/platform/src/engines/embedded/worker-database.ts';
import { bootstrapProject } from '/work/main/apps/platform/src/engines/bootstrap.ts';
import { installRunner } from '/work/main/apps/platform/src/data-plane/rest/runner.ts';

const INNER = `select coalesce(json_agg("pgrst_t"), '[]')::text as body from (select "bench_items".* from "public"."bench_items" as "bench_items" where "bench_items"."id" = $1::integer) as "pgrst_t"`;
const STMT = `select coalesce(json_agg("pgrst_t"), '[]')::text as body, count(*)::bigint as page_total, null::bigint as total from (select "bench_items".* from "public"."bench_items" as "bench_items" where "bench_items"."id" = $1[1]::integer) as "pgrst_t"`;
const RUN = 'select body from _plinth.rest_run_v1($1, $2, $3, $4, false, null, false, null, null, null, null)';
const dir = mkdtempSync(path.join(os.tmpdir(), 'proto-'));
const db = await WorkerDatabase.open(dir);
await bootstrapProject(db, 'embedded');
await installRunner(db);
await db.exec(`create table bench_items (id integer primary key, name text not null, price numeric(10,2), tags text[], created_at timestamptz not null default now());
  insert into bench_items (id, name, price, tags) select g, 'item ' || g, g * 1.5, array['a', 'b'] from generate_series(1, 10000) g; analyze bench_items;
  create or replace function _plinth.plain(p_stmt text, p_args text[]) returns table(body text) language plpgsql as $f$ begin execute p_stmt into body using p_args; return next; end $f$;
  create or replace function _plinth.batch_arr(p_settings text[], p_stmt text, p_args text[]) returns table(body text) language plpgsql as $f$ begin
    perform pg_catalog.set_config(p_settings[i], p_settings[i + 1], true) from pg_catalog.generate_series(1, coalesce(pg_catalog.array_length(p_settings, 1), 0), 2) as i;
    perform set_config('role', 'anon', true); execute p_stmt into body using p_args; return next; end $f$;
  create or replace function _plinth.batch_json(p_settings text, p_stmt text, p_args text[]) returns table(body text) language plpgsql as $f$ begin
    perform pg_catalog.set_config(key, value, true) from pg_catalog.json_each_text(p_settings::json);
    perform set_config('role', 'anon', true); execute p_stmt into body using p_args; return next; end $f$;
  create or replace function _plinth.loop_arr(p_settings text[], p_stmt text, p_args text[]) returns table(body text) language plpgsql as $f$ begin
    for i in 1 .. coalesce(pg_catalog.array_length(p_settings, 1), 0) / 2 loop perform pg_catalog.set_config(p_settings[2 * i - 1], p_settings[2 * i], true); end loop;
    perform set_config('role', 'anon', true); execute p_stmt into body using p_args; return next; end $f$;
  create or replace function _plinth.batch_json2(p_settings text, p_stmt text, p_args text) returns table(body text) language plpgsql as $f$
    declare v_args text[] := array(select pg_catalog.json_array_elements_text(p_args::json));
    begin
    perform pg_catalog.set_config(key, value, true) from pg_catalog.json_each_text(p_settings::json);
    perform set_config('role', 'anon', true); execute p_stmt into body using v_args; return next; end $f$;
  create or replace function _plinth.roleonly(p_stmt text, p_args text[]) returns table(body text) language plpgsql as $f$ begin perform set_config('role', 'anon', true); execute p_stmt into body using p_args; return next; end $f$;`);
const full = ['search_path', '"public", "extensions"', 'request.jwt.claims', '{"role":"anon","iss":"plinth","ref":"abc","iat":1,"exp":2}', 'request.headers', '{"host":"x","apikey":"y","accept":"*/*"}', 'request.method', 'GET', 'request.path', '/bench_items',
  'request.jwt.claim.iss', 'x', 'request.jwt.claim.ref', 'y', 'request.jwt.claim.role', 'anon', 'request.jwt.claim.iat', '1', 'request.jwt.claim.exp', '2', 'transaction_read_only', 'on'];
const fullJson = JSON.stringify(Object.fromEntries(Array.from({ length: full.length / 2 }, (_, i) => [full[2 * i], full[2 * i + 1]])));
const variants: Record<string, (i: number) => Promise<unknown>> = {
  'select 1': () => db.query('select 1'),
  'select $1': (i) => db.query('select $1::int', [i]),
  bare: (i) => db.query(INNER, [i % 1000 + 1]),
  'bare with text[] param': (i) => db.query(STMT.replace('$1[1]', '($1::text[])[1]'), [[String(i % 1000 + 1)]]),
  'plpgsql execute': (i) => db.query('select body from _plinth.plain($1, $2)', [STMT, [String(i % 1000 + 1)]]),
  'plpgsql execute arrayctor': (i) => db.query('select body from _plinth.plain($1, array[$2::text])', [STMT, String(i % 1000 + 1)]),
  'batch json argctor': (i) => db.query('select body from _plinth.batch_json($1, $2, array[$3::text])', [fullJson, STMT, String(i % 1000 + 1)]),
  'plpgsql role': (i) => db.query('select body from _plinth.roleonly($1, $2)', [STMT, [String(i % 1000 + 1)]]),
  'batch arr': (i) => db.query('select body from _plinth.batch_arr($1, $2, $3)', [full, STMT, [String(i % 1000 + 1)]]),
  'batch json': (i) => db.query('select body from _plinth.batch_json($1, $2, $3)', [fullJson, STMT, [String(i % 1000 + 1)]]),
  'batch json2': (i) => db.query('select body from _plinth.batch_json2($1, $2, $3)', [fullJson, STMT, JSON.stringify([String(i % 1000 + 1)])]),
  'loop arr': (i) => db.query('select body from _plinth.loop_arr($1, $2, $3)', [full, STMT, [String(i % 1000 + 1)]]),
  'runner no settings': (i) => db.query(RUN, ['anon', [], STMT, [String(i % 1000 + 1)]]),
  'runner full settings': (i) => db.query(RUN, ['anon', full, STMT, [String(i % 1000 + 1)]]),
};
const best: Record<string, number> = {};
for (let round = 0; round < 6; round++) {
  for (const [name, fn] of Object.entries(variants)) {
    const n = 300;
    for (let i = 0; i < 30; i++) await fn(i);
    const c = process.cpuUsage();
    for (let i = 0; i < n; i++) await fn(i);
    const d = process.cpuUsage(c);
    const us = (d.user + d.system) / n;
    best[name] = Math.min(best[name] ?? Infinity, us);
  }
}
for (const [name, us] of Object.entries(best)) console.log(name.padEnd(28), us.toFixed(0), 'us');
await db.close();
