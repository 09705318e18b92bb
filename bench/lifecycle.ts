// Scale to zero at scale: memory with PROJECTS projects of which ACTIVE are in use (the rest idle
// long enough for scale to zero to stop them), on the local and embedded engines, and the wake-up
// latency (the first query to a stopped project). Goal: under 1 GB with 100 projects, 10 active.
//
// Memory is this process's RSS (the platform: main thread and PGlite worker threads) plus the RSS of
// every child process (clusters' postmasters and backends), and the same as PSS, which counts a page
// shared between processes once. Usage: npm run bench:lifecycle [-- local|embedded]
// (PROJECTS, ACTIVE and IDLE_STOP_MS in the environment change the sizes).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEngine, type Database, type Engine, type ProjectLocation } from '../apps/platform/src/engines/index.ts';
import type { EmbeddedEngine } from '../apps/platform/src/engines/embedded/embedded-engine.ts';
import type { LocalEngine } from '../apps/platform/src/engines/local/local-engine.ts';
import { ALLOCATOR_ENV, allocatorTuned } from '../apps/platform/src/engines/embedded/allocator.ts';
import { mb, pssOf } from './support/pss.ts';

// Measured as the platform runs (Dockerfile, npm run start:platform): with the allocator setting
// that returns closed workers' memory (engines/embedded/allocator.ts). glibc reads it at start-up,
// so a run without it starts itself again with it.
if (!allocatorTuned()) {
  const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, ...ALLOCATOR_ENV } });
  process.exit(again.status ?? 1);
}

const PROJECTS = Number(process.env.PROJECTS ?? 100);
const ACTIVE = Number(process.env.ACTIVE ?? 10);
const IDLE_STOP_MS = Number(process.env.IDLE_STOP_MS ?? 3000);
const engines = process.argv[2] ? [process.argv[2] as 'local' | 'embedded'] : (['local', 'embedded'] as const);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** This process and every process below it (a postmaster's children are its grandchildren here). */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* exited while we looked */
    }
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]) ?? []));
  return all;
}

function rssOf(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Postmasters are detached from the platform (they outlive it): found by their data directory instead. */
function clusterPids(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dataDir)) pids.push(...descendants(Number(entry)));
    } catch {
      /* exited */
    }
  }
  return pids;
}

function memory(dataDir: string): { rss: number; pss: number; processes: number } {
  const pids = [...new Set([...descendants(process.pid), ...clusterPids(dataDir)])];
  return { rss: pids.reduce((sum, pid) => sum + rssOf(pid), 0), pss: pids.reduce((sum, pid) => sum + pssOf(pid), 0), processes: pids.length };
}

const isRunning = (engine: Engine, location: ProjectLocation) => (engine as LocalEngine | EmbeddedEngine).isRunning(location);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function run(name: 'local' | 'embedded'): Promise<void> {
  console.log(`${name}: MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `plinth-bench-lifecycle-${name}-`));
  const engine = createEngine({ engine: name, dataDir, projectServers: [], idleStopMs: IDLE_STOP_MS });
  try {
    await engine.prepare();
    const before = memory(dataDir);
    const started = performance.now();
    const projects: { location: ProjectLocation; db: Database }[] = [];
    for (let i = 0; i < PROJECTS; i++) {
      const location = await engine.createProject(`bench${name.slice(0, 3)}${String(i).padStart(3, '0')}${'x'.repeat(9)}`, { dbPassword: 'bench-password-1' });
      const db = await engine.project(location);
      await db.exec('create table public.items (id serial primary key, body text)');
      projects.push({ location, db });
    }
    console.log(`${name}: ${PROJECTS} projects created in ${Math.round((performance.now() - started) / 1000)} s`);

    // The active ones are used twice a second; the others are left for scale to zero to stop.
    const active = projects.slice(0, ACTIVE);
    let isUsing = true;
    const using = (async () => {
      while (isUsing) {
        await Promise.all(active.map(({ db }) => db.query(`insert into public.items (body) values (md5(random()::text)) returning id`)));
        await sleep(500);
      }
    })();
    const idle = projects.slice(ACTIVE);
    for (const deadline = Date.now() + 120_000 + IDLE_STOP_MS; idle.some(({ location }) => isRunning(engine, location)); await sleep(250)) {
      if (Date.now() > deadline) throw new Error('idle projects did not stop');
    }
    await sleep(1000); // a second of the active ones' work after the last stop
    const after = memory(dataDir);
    console.log(`${name}: ${PROJECTS} projects, ${ACTIVE} active: RSS ${Math.round(mb(after.rss))} MB, PSS ${Math.round(mb(after.pss))} MB ` +
      `(platform process + ${after.processes - 1} child processes; before any project: RSS ${Math.round(mb(before.rss))} MB)`);
    isUsing = false;
    await using;

    // Wake-up: the first query to a stopped project, through the handle it had before it stopped.
    const wakeMs: number[] = [];
    for (const { db } of idle.slice(0, 5)) {
      const t = performance.now();
      await db.query('select 1');
      wakeMs.push(performance.now() - t);
    }
    console.log(`${name}: wake-up (first query after an idle stop): median ${Math.round(median(wakeMs))} ms, max ${Math.round(Math.max(...wakeMs))} ms over ${wakeMs.length}`);
  } finally {
    await engine.close();
    await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

for (const name of engines) await run(name);
// The upgrade time of a local project on 17 moved to 18 (bench/lifecycle-upgrade.ts).
if (engines.includes('local')) await import('./lifecycle-upgrade.ts');
