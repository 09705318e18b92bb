// Upgrade time: a local project on PostgreSQL 17 with UPGRADE_MB of rows (default 200) moved to 18
// (engines/local/major-upgrade.ts: initdb, roles, checks, dump and load, ANALYZE, swap), with the
// time of each of the eight steps. Run by `npm run bench:lifecycle` after the memory figures, or
// alone: npx tsx bench/lifecycle-upgrade.ts. Skipped unless PostgreSQL 17 and 18 are both installed.
// The dump is held in memory as one string (as backups are), so sizes near 500 MB are out of reach.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { installedPostgres } from '../apps/platform/src/engines/local/binaries.ts';
import { LocalEngine } from '../apps/platform/src/engines/local/local-engine.ts';

const UPGRADE_MB = Number(process.env.UPGRADE_MB ?? 200);
const STEPS = ['prepare new server', 'roles', 'pre-upgrade checks', 'shut down API services', 'dump and load', 'database migration', 'extensions', 'analyze'];

if (![17, 18].every((major) => installedPostgres().some((b) => b.major === major))) {
  console.log('upgrade: skipped (PostgreSQL 17 and 18 are not both installed)');
} else {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-upgrade-'));
  const engine = new LocalEngine(dataDir, { postgresMajor: 17 });
  try {
    const location = await engine.createProject('benchupgradexxxxxxxx', { dbPassword: 'bench-password-1' });
    const db = await engine.project(location);
    // Rows of ~1 kB: UPGRADE_MB thousand of them.
    await db.exec(`create table public.items (id bigint primary key, body text not null);
      insert into public.items select i, repeat(md5(i::text), 31) from generate_series(1, ${UPGRADE_MB * 1000}) as i`);
    const { rows: [size] } = await db.query<{ mb: number }>(`select round(pg_database_size(current_database()) / 1e6)::int as mb`);
    const marks: number[] = [];
    const started = performance.now();
    const version = await engine.upgradeMajor(location, 18, async () => void marks.push(performance.now()));
    const total = performance.now() - started;
    marks.push(started + total);
    const steps = STEPS.map((name, i) => `${name} ${((marks[i + 1] - marks[i]) / 1000).toFixed(1)} s`).join(', ');
    const { rows: [count] } = await (await engine.project(location)).query<{ n: string }>('select count(*) as n from public.items');
    console.log(`upgrade: ${size.mb} MB database, 17 -> ${version} in ${(total / 1000).toFixed(1)} s (${steps}, swap included in the last); ${count.n} rows after`);
  } catch (error) {
    console.log(`upgrade: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await engine.close();
    await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}
