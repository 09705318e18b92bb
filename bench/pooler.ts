// The connection pooler (`npm run bench:pooler`): pgbench select-only and TPC-B-like through the
// pooler's transaction mode against a direct connection to the project's database on the Postgres
// engine, side by side (goal: the pooler at >= 80 % of direct), then select-only through the pooler
// on the embedded engine; and the cost of a new client connection (connect, SELECT 1, close).
// pgbench from PATH (PostgreSQL's client tools); without it, a small Node `pg` load stands in.
import { execFile, execFileSync } from 'node:child_process';
import pg from 'pg';
import { startWithProjects, PASSWORD } from '../apps/platform/test/pooler/support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const CONNECTS = Number(process.env.BENCH_CONNECTS ?? 50);
const password = `${PASSWORD}-0`;

interface Target { label: string; host: string; port: number; user: string; database: string }

const hasPgbench = (() => {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { env: { ...process.env, PGPASSWORD: password }, maxBuffer: 1 << 24 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${cmd} failed: ${stderr || error.message}`)) : resolve(stdout));
  });
}

const conn = (t: Target) => ['-h', t.host, '-p', String(t.port), '-U', t.user, t.database];

/** Transactions per second; pgbench, or closed-loop `pg` clients running the same select. */
async function tps(t: Target, mode: 'select-only' | 'tpcb'): Promise<number> {
  if (hasPgbench) {
    const args = ['-n', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), ...(mode === 'select-only' ? ['-S'] : [])];
    const out = await run('pgbench', [...args, ...conn(t)]);
    return Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
  }
  if (mode === 'tpcb') return NaN;
  const clients = await Promise.all(Array.from({ length: CLIENTS }, async () => {
    const c = new pg.Client({ host: t.host, port: t.port, user: t.user, database: t.database, password });
    await c.connect();
    return c;
  }));
  let done = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(clients.map(async (c) => {
    while (Date.now() < until) {
      await c.query('select abalance from pgbench_accounts where aid = $1', [1 + Math.floor(Math.random() * 100_000)]);
      done += 1;
    }
    await c.end();
  }));
  return done / SECONDS;
}

async function init(t: Target): Promise<void> {
  if (hasPgbench) {
    // Server-side data generation (G): no COPY, which the embedded engine's pooler does not relay.
    await run('pgbench', ['-i', '-I', 'dtGp', '-s', '1', '-q', ...conn(t)]);
    return;
  }
  const c = new pg.Client({ host: t.host, port: t.port, user: t.user, database: t.database, password });
  await c.connect();
  await c.query('drop table if exists pgbench_accounts; create table pgbench_accounts (aid int primary key, abalance int not null default 0); insert into pgbench_accounts (aid) select generate_series(1, 100000)');
  await c.end();
}

async function connectCost(t: Target): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < CONNECTS; i++) {
    const c = new pg.Client({ host: t.host, port: t.port, user: t.user, database: t.database, password });
    await c.connect();
    await c.query('select 1');
    await c.end();
  }
  return (performance.now() - started) / CONNECTS;
}

const rows: string[][] = [['engine', 'path', 'select-only tps', 'TPC-B-like tps', 'new connection ms']];
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 100 ? 1 : 0) : 'n/a');

{
  const { platform, refs: [ref] } = await startWithProjects('postgres', 1);
  try {
    const info = platform.control.engine.connectionInfo({ ref, server: (await platform.control.db.query<{ db_server: string }>('select db_server from projects where ref = $1', [ref])).rows[0].db_server });
    const direct: Target = { label: 'direct', host: info.host, port: info.port, user: info.user, database: info.database };
    const pooled: Target = { label: 'pooler (transaction)', host: '127.0.0.1', port: platform.pooler.ports.transaction!, user: `postgres.${ref}`, database: 'postgres' };
    const session: Target = { label: 'pooler (session)', host: '127.0.0.1', port: platform.pooler.ports.session!, user: `postgres.${ref}`, database: 'postgres' };
    await init(direct);
    const results = new Map<string, number[]>();
    for (const t of [direct, pooled, session]) {
      results.set(t.label, [await tps(t, 'select-only'), await tps(t, 'tpcb'), await connectCost(t)]);
      rows.push(['postgres', t.label, ...results.get(t.label)!.map(fmt)]);
    }
    const ratio = results.get(pooled.label)![0] / results.get(direct.label)![0];
    console.log(`postgres engine: pooler (transaction) select-only at ${(ratio * 100).toFixed(0)} % of direct (goal >= 80 %)`);
  } finally {
    await platform.stop();
  }
}
{
  const { platform, refs: [ref] } = await startWithProjects('embedded', 1);
  try {
    const pooled: Target = { label: 'pooler (transaction)', host: '127.0.0.1', port: platform.pooler.ports.transaction!, user: `postgres.${ref}`, database: 'postgres' };
    await init(pooled);
    rows.push(['embedded', pooled.label, fmt(await tps(pooled, 'select-only')), fmt(await tps(pooled, 'tpcb')), fmt(await connectCost(pooled))]);
  } finally {
    await platform.stop();
  }
}

console.log(`\n${hasPgbench ? 'pgbench' : 'Node pg load'}, ${CLIENTS} clients, ${SECONDS} s per run; new connection = connect + SELECT 1 + close, mean of ${CONNECTS}`);
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(i === 1 ? 22 : 18)).join(''));
process.exit(0);
