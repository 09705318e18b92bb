import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WorkerDatabase } from '/work/main/apps/platform/src/engines/embedded/worker-database.ts';
import { PgDatabase, createPool } from '/work/main/apps/platform/src/engines/postgres/pg-database.ts';
import { bootstrapProject } from '/work/main/apps/platform/src/engines/bootstrap.ts';
import { planRequest } from '@plinth/postgrest';
import { schemaCacheFor } from '/work/main/apps/platform/src/data-plane/rest/schema-cache.ts';
import { runStatement } from '/work/main/apps/platform/src/data-plane/rest/runner.ts';
import type { Database } from '/work/main/apps/platform/src/engines/types.ts';

const PK_SQL = `select coalesce(json_agg("pgrst_t"), '[]')::text as body from (select "bench_items".* from "public"."bench_items" as "bench_items" where "bench_items"."id" = $1::integer) as "pgrst_t"`;
async function time(label: string, n: number, fn: (i: number) => Promise<unknown> | unknown) {
  for (let i = 0; i < 200; i++) await fn(i);
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  console.log(label, ((performance.now() - t) / n * 1000).toFixed(1), 'us/op');
}
async function run(name: string, db: Database) {
  await db.exec(`drop table if exists bench_items; create table bench_items (id integer primary key, name text not null, price numeric(10,2), tags text[], created_at timestamptz not null default now());
      insert into bench_items (id, name, price, tags) select g, 'item ' || g, g * 1.5, array['a', 'b'] from generate_series(1, 10000) g; analyze bench_items;`);
  const cache = schemaCacheFor(db, ['public']);
  const loaded = await cache.get();
  const req = (i: number) => ({ method: 'GET', target: { kind: 'relation' as const, name: 'bench_items' }, search: `id=eq.${i % 1000 + 1}`, headers: {}, body: undefined });
  await time(name + ' plan', 5000, (i) => planRequest(req(i), { exposedSchemas: ['public'], maxRows: 1000 }, loaded.index));
  const claims = { iss: 'plinth', ref: 'abc', role: 'anon', iat: 1, exp: 2 };
  const settings: [string, string][] = [['search_path', '"public", "extensions"'], ['request.jwt.claims', JSON.stringify(claims)], ['request.headers', '{"a":"b"}'], ['request.method', 'GET'], ['request.path', '/bench_items'],
    ...Object.entries(claims).map(([k, v]) => [`request.jwt.claim.${k}`, String(v)] as [string, string])];
  await time(name + ' bare', 2000, (i) => db.query(PK_SQL, [i % 1000 + 1]));
  await time(name + ' runner', 2000, (i) => runStatement(db, planRequest(req(i), { exposedSchemas: ['public'], maxRows: 1000 }, loaded.index) as never, { role: 'anon', settings }));
  await time(name + ' runner-nosettings', 2000, (i) => runStatement(db, planRequest(req(i), { exposedSchemas: ['public'], maxRows: 1000 }, loaded.index) as never, { role: 'anon', settings: [] }));
  await time(name + ' bare', 2000, (i) => db.query(PK_SQL, [i % 1000 + 1]));
  // concurrency: 20 in flight
  const conc = async (label: string, f: (i: number) => Promise<unknown>) => { const t = performance.now(); let k = 0; await Promise.all(Array.from({ length: 20 }, async () => { while (k < 4000) await f(k++); })); console.log(label, (4000 / ((performance.now() - t) / 1000)).toFixed(0), 'op/s'); };
  await conc(name + ' conc bare', (i) => db.query(PK_SQL, [i % 1000 + 1]));
  await conc(name + ' conc runner', (i) => runStatement(db, planRequest(req(i), { exposedSchemas: ['public'], maxRows: 1000 }, loaded.index) as never, { role: 'anon', settings }));
}
const dir = mkdtempSync(path.join(os.tmpdir(), 'proto-'));
const w = await WorkerDatabase.open(dir);
await bootstrapProject(w, 'embedded');
await run('embedded', w); await w.close();
const p = new PgDatabase(createPool('postgres://postgres@127.0.0.1:5432/scratch', 5));
await bootstrapProject(p, 'postgres');
await run('postgres', p); await p.close();
