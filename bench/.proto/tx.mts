import Fastify from 'fastify';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WorkerDatabase } from '/work/main/apps/platform/src/engines/embedded/worker-database.ts';
import { PgDatabase, createPool } from '/work/main/apps/platform/src/engines/postgres/pg-database.ts';
import type { Database } from '/work/main/apps/platform/src/engines/types.ts';

async function load(url: string, seconds = 3, conns = 20) {
  const end = Date.now() + seconds * 1000; let n = 0;
  await Promise.all(Array.from({ length: conns }, async () => { while (Date.now() < end) { const r = await fetch(url); await r.text(); n++; } }));
  return n / seconds;
}
const SQL = `select coalesce(json_agg(t), '[]') as body from (select id, title from todos where id = $1) t`;
async function run(name: string, db: Database) {
  await db.exec(`do $$ begin if not exists (select 1 from pg_roles where rolname='anon') then create role anon nologin; end if; end $$;
  drop table if exists todos; create table todos(id int primary key, title text); insert into todos select g, 'x'||g from generate_series(1,1000) g; grant select on todos to anon;`);
  const app = Fastify();
  app.get('/bare', async () => (await db.query(SQL, [5])).rows[0]);
  app.get('/tx', async () => db.transaction(async (tx) => {
    await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true)`, ['anon', '{}', 'GET']);
    return (await tx.query(SQL, [5])).rows[0];
  }));
  app.get('/tx1', async () => db.transaction(async (tx) => (await tx.query(SQL, [5])).rows[0]));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as any).port;
  await load(`http://127.0.0.1:${port}/bare`, 2); await load(`http://127.0.0.1:${port}/tx`, 2);
  for (const p of ['bare', 'tx1', 'tx', 'bare', 'tx']) console.log(name, p, (await load(`http://127.0.0.1:${port}/${p}`)).toFixed(0));
  await app.close();
}
const dir = mkdtempSync(path.join(os.tmpdir(), 'proto-'));
const w = await WorkerDatabase.open(dir);
await run('embedded', w); await w.close();
const p = new PgDatabase(createPool('postgres://postgres@127.0.0.1:5432/postgres', 5));
await run('postgres', p); await p.close();
