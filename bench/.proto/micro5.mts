import { planRequest, type StatementPlan } from '@plinth/postgrest';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WorkerDatabase } from '/work/main/apps/platform/src/engines/embedded/worker-database.ts';
import { bootstrapProject } from '/work/main/apps/platform/src/engines/bootstrap.ts';
import { handleRestRequest } from '/work/main/apps/platform/src/data-plane/rest/service.ts';
import { schemaCacheFor } from '/work/main/apps/platform/src/data-plane/rest/schema-cache.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'proto-'));
const db = await WorkerDatabase.open(dir);
await bootstrapProject(db, 'embedded');
await db.exec(`create table bench_items (id integer primary key, name text not null, price numeric(10,2), tags text[], created_at timestamptz not null default now());
  insert into bench_items (id, name, price, tags) select g, 'item ' || g, g * 1.5, array['a', 'b'] from generate_series(1, 10000) g; analyze bench_items;`);
const exposed = ['public', 'graphql_public'];
const index = (await schemaCacheFor(db, exposed).get()).index;
const planFor = (i: number) => planRequest({ method: 'GET', target: { kind: 'relation', name: 'bench_items' }, search: `id=eq.${i % 1000 + 1}`, headers: {}, body: undefined }, { exposedSchemas: exposed, maxRows: 1000 }, index) as StatementPlan;
const plans = Array.from({ length: 1000 }, (_, i) => planFor(i));
const claims = { iss: 'plinth', ref: 'abcdefghijabcdefghij', role: 'anon', iat: 1700000000, exp: 2000000000 };
const headers: Record<string, string> = { host: '127.0.0.1:40000', connection: 'keep-alive', apikey: 'x'.repeat(170), authorization: 'Bearer ' + 'x'.repeat(170) };
const variants: Record<string, (i: number) => Promise<unknown>> = {
  //'bare same sql': (i) => db.query(plans[i % 1000].sql.replaceAll('$1[', '($1::text[])['), [plans[i % 1000].args]),
  'handleRestRequest': (i) => handleRestRequest({ db, exposedSchemas: exposed, maxRows: 1000, baseUrl: 'http://x' }, { role: 'anon', claims }, {
    method: 'GET', target: { kind: 'relation', name: 'bench_items' }, search: `id=eq.${i % 1000 + 1}`, path: '/bench_items', allHeaders: headers, headers: {}, body: undefined,
  }, { onDatabaseLost() {}, log() {} }),
};
const best: Record<string, number> = {};
for (let round = 0; round < 8; round++) {
  for (const [name, fn] of Object.entries(variants)) {
    const n = 300;
    for (let i = 0; i < 20; i++) await fn(i);
    const c = process.cpuUsage();
    for (let i = 0; i < n; i++) await fn(i);
    const d = process.cpuUsage(c);
    best[name] = Math.min(best[name] ?? Infinity, (d.user + d.system) / n);
  }
}
for (const [name, us] of Object.entries(best)) console.log(name.padEnd(20), us.toFixed(0), 'us');
await db.close();
