import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WorkerDatabase } from '/work/main/apps/platform/src/engines/embedded/worker-database.ts';
import { bootstrapProject } from '/work/main/apps/platform/src/engines/bootstrap.ts';
import { installRunner } from '/work/main/apps/platform/src/data-plane/rest/runner.ts';

const STMT = `select coalesce(json_agg("pgrst_t"), '[]')::text as body, count(*)::bigint as page_total, null::bigint as total from (select "bench_items".* from "public"."bench_items" as "bench_items" where "bench_items"."id" = $1[1]::integer) as "pgrst_t"`;
const RUN = 'select body from _plinth.rest_run_v1($1, $2, $3, $4, false, null, false, null, null, null, null)';
async function time(label: string, n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 100; i++) await fn(i);
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  console.log(label.padEnd(40), ((performance.now() - t) / n * 1000).toFixed(0), 'us/op');
}
const dir = mkdtempSync(path.join(os.tmpdir(), 'proto-'));
const db = await WorkerDatabase.open(dir);
await bootstrapProject(db, 'embedded');
await installRunner(db);
await db.exec(`create table bench_items (id integer primary key, name text not null, price numeric(10,2), tags text[], created_at timestamptz not null default now());
  insert into bench_items (id, name, price, tags) select g, 'item ' || g, g * 1.5, array['a', 'b'] from generate_series(1, 10000) g; analyze bench_items;`);
const variants: Record<string, string[]> = {
  none: [],
  search_path: ['search_path', '"public", "extensions"'],
  claims: ['request.jwt.claims', '{"role":"anon"}'],
  legacy5: ['request.jwt.claim.iss', 'x', 'request.jwt.claim.ref', 'y', 'request.jwt.claim.role', 'anon', 'request.jwt.claim.iat', '1', 'request.jwt.claim.exp', '2'],
  readonly: ['transaction_read_only', 'on'],
};
for (let k = 0; k < 2; k++) {
  await time('bare', 1000, (i) => db.query(`select coalesce(json_agg("pgrst_t"), '[]')::text as body from (select "bench_items".* from "public"."bench_items" as "bench_items" where "bench_items"."id" = $1::integer) as "pgrst_t"`, [i % 1000 + 1]));
  for (const [name, settings] of Object.entries(variants)) await time(`runner ${name}`, 1000, (i) => db.query(RUN, ['anon', settings, STMT, [String(i % 1000 + 1)]]));
  await time('runner as postgres', 1000, (i) => db.query(RUN.replace('$1', "'postgres'"), [[], STMT, [String(i % 1000 + 1)]].slice(0) as never).catch(() => 0));
  await time('execute only fn', 1000, (i) => db.query(`select 1`));
}
await db.close();
