// Embedded engine: what making every PGlite extension enable-able costs a project's worker
// (`npx tsx bench/embedded-extensions.ts`). Three ways, each in a fresh process opening WORKERS
// workers one after another, each on its own copy of one database:
//   none   - PGlite with no extension files (Plinth before extensions);
//   plinth - the contrib files placed in each worker's file system from one shared buffer, libraries
//            loaded when a statement needs them, pg_stat_statements preloaded (what Plinth does);
//   eager  - every bundle handed to PGlite at construction, PGlite's own way.
// Reported per worker: time from thread start to ready (median) and RSS growth; for plinth and eager
// also after pgcrypto, pg_trgm and vector are created and used in every worker.
import { fork } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { contribFiles, PRELOADED_LIBRARIES } from '../apps/platform/src/engines/embedded/contrib.ts';
import { WorkerDatabase } from '../apps/platform/src/engines/embedded/worker-database.ts';

const WORKERS = Number(process.env.WORKERS ?? 4);
const ALL_VARIANTS = ['none', 'plinth', 'eager'] as const;
type Variant = (typeof ALL_VARIANTS)[number];
// VARIANTS=eager,plinth runs only those.
const VARIANTS = ALL_VARIANTS.filter((v) => !process.env.VARIANTS || process.env.VARIANTS.split(',').includes(v));
const USE_SQL = [
  `create extension if not exists pgcrypto`, `create extension if not exists pg_trgm`, `create extension if not exists vector`,
  `select encode(digest('x', 'sha256'), 'hex')`, `select similarity('plinth', 'plinht')`, `select '[1,2]'::vector <-> '[2,3]'`,
];

interface Result { variant: Variant; openMs: number[]; rssPerWorkerMb: number; rssAfterUseMb: number | null; failures: string[] }

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const rss = () => process.memoryUsage().rss;

async function wasmModules() {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [pglite, initdb] = await Promise.all(['pglite.wasm', 'initdb.wasm'].map((f) => readFile(path.join(dist, f))));
  return { pgliteWasmModule: await WebAssembly.compile(pglite), initdbWasmModule: await WebAssembly.compile(initdb) };
}

/** One worker of `variant` on `dataDir`; resolves once PGlite is ready, with a way to run SQL. */
async function startWorker(variant: Variant, dataDir: string, modules: object): Promise<{ worker: Worker; run: (sql: string) => Promise<void> }> {
  const settings = { shared_buffers: '16MB', ...(variant === 'plinth' ? { shared_preload_libraries: PRELOADED_LIBRARIES.join(',') } : {}) };
  const worker = variant === 'eager'
    ? new Worker(new URL('./support/pglite-eager-worker.mjs', import.meta.url), { workerData: { dataDir, wasmModules: modules } })
    : new Worker(new URL('../apps/platform/src/engines/embedded/pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, settings, wasmModules: modules, ...(variant === 'plinth' ? { contrib: await contribFiles() } : {}) },
    });
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (msg: { ready?: boolean; error?: unknown }) => (msg.ready ? resolve() : msg.ready === false && reject(new Error(JSON.stringify(msg.error)))));
    worker.once('error', reject);
  });
  let next = 1;
  const run = (sql: string) => new Promise<void>((resolve, reject) => {
    const id = next++;
    const onExit = (code: number) => reject(new Error(`the worker exited (${code}) during: ${sql}`));
    const onMessage = (msg: { id?: number; ok?: boolean; error?: unknown }) => {
      if (msg.id !== id) return;
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      if (msg.ok === false) reject(new Error(`${sql}: ${JSON.stringify(msg.error)}`));
      else resolve();
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.postMessage({ id, op: 'query', sql, params: [] });
  });
  return { worker, run };
}

async function child(variant: Variant, template: string): Promise<Result> {
  const modules = await wasmModules();
  if (variant === 'plinth') await contribFiles(); // once per process, as the platform does
  const dirs = await Promise.all(Array.from({ length: WORKERS }, async (_, i) => {
    const dir = `${template}-${variant}-${i}`;
    await cp(template, dir, { recursive: true });
    return dir;
  }));
  global.gc?.();
  const before = rss();
  const openMs: number[] = [];
  const workers = [];
  for (const dir of dirs) {
    const started = performance.now();
    const started_ = await startWorker(variant, dir, modules);
    openMs.push(performance.now() - started);
    await started_.run('select 1');
    workers.push(started_);
  }
  const afterOpen = rss();
  let afterUse: number | null = null;
  const failures = new Set<string>();
  if (variant !== 'none') {
    for (const { run } of workers) for (const sql of USE_SQL) await run(sql).catch((error: Error) => failures.add(error.message));
    afterUse = rss();
  }
  await Promise.all(workers.map(({ worker }) => worker.terminate()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  const perWorker = (bytes: number) => Math.round(bytes / WORKERS / 1e5) / 10;
  return { variant, openMs, rssPerWorkerMb: perWorker(afterOpen - before), rssAfterUseMb: afterUse === null ? null : perWorker(afterUse - before), failures: [...failures] };
}

async function main(): Promise<void> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-extensions-'));
  try {
    const template = path.join(root, 'db');
    await (await WorkerDatabase.open(template)).close(); // initdb once
    await rm(path.join(template, '.plinth.lock'), { force: true });
    console.log(`${WORKERS} workers per variant, each variant in a fresh process`);
    for (const variant of VARIANTS) {
      const result = await new Promise<Result>((resolve, reject) => {
        const proc = fork(new URL(import.meta.url), ['child', variant, template], { execArgv: [...process.execArgv, '--expose-gc'] });
        proc.once('message', (message) => resolve(message as Result));
        proc.once('exit', (code) => code !== 0 && reject(new Error(`${variant}: exit ${code}`)));
      });
      const use = result.rssAfterUseMb === null ? '' : `, ${result.rssAfterUseMb} MB after creating and using pgcrypto, pg_trgm and vector`;
      console.log(`${variant.padEnd(6)}  open ${Math.round(median(result.openMs))} ms (median)  RSS ${result.rssPerWorkerMb} MB per worker${use}`);
      for (const failure of result.failures) console.log(`        failed: ${failure}`);
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') {
  const result = await child(process.argv[3] as Variant, process.argv[4]);
  process.send?.(result);
  process.exit(0);
} else {
  await main();
}
