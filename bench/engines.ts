// The three engines side by side (issue 10: the local engine, one PostgreSQL cluster per project).
// Goals for local: create < 500 ms, idle PSS < 15 MB per project, wake < 300 ms, REST >= 85 % of bare.
// Per engine: creation, memory of 10 projects and wake-up on the engine alone (its own temporary
// data directory), then creation through the API and REST against a bare handler on a platform.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createEngine, LocalEngine, type Engine, type ProjectLocation } from '../apps/platform/src/engines/index.ts';
import { PROJECT_POOL_IDLE_MS } from '../apps/platform/src/engines/local/local-engine.ts';
import type { ApiClient } from '../apps/platform/test/support/client.ts';
import { ENGINES, startPlatform, TEST_POSTGRES_URL, type EngineName } from '../apps/platform/test/support/platform.ts';
import { seedDataDir } from '../apps/platform/test/support/seed.ts';
import { memoryProbe } from './support/engine-memory.ts';
import { mb } from './support/pss.ts';
import { benchProject, measurePaired, setUpRestVsBare, type PairedRates, type RestVsBare } from './support/rest-vs-bare.ts';

const PROJECTS = 10;
/** Concurrent queries per project while "active": the engine's pool of 5 connections, full. */
const ACTIVE_CLIENTS = 5;
const ACTIVE_MS = 4000;
const WAKES = 5;
const API_CREATES = 3;
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
// Twice bench:rest's rounds: one ratio per engine, so the median can afford more of them on a shared machine.
const SECONDS = Number(process.env.SECONDS ?? 12);
const ROUNDS = Number(process.env.ROUNDS ?? 16);

interface Figures {
  /** createProject() -> its first query answered, per project. */
  createMs: number[];
  apiCreateMs: number[];
  /** Bytes per project; pooled (connections per project) and idleNoPool null where the engine keeps no pool. */
  memory: { counts: string; active: number; idle: number; pooled: number | null; idleNoPool: number | null };
  wakeMs: number[];
  rest: PairedRates;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** Every project serves point reads (and now and then a scan) on ACTIVE_CLIENTS connections for `ms`. */
async function serve(engine: Engine, locations: ProjectLocation[], ms: number): Promise<void> {
  const end = Date.now() + ms;
  await Promise.all(locations.flatMap((location) => Array.from({ length: ACTIVE_CLIENTS }, async () => {
    const db = await engine.project(location);
    for (let i = 0; Date.now() < end; i++) {
      if (i % 20 === 0) await db.query('select count(*), max(body) from public.items');
      else await db.query('select id, body from public.items where id = $1', [1 + ((i * 7919) % 1000)]);
    }
  })));
}

async function engineFigures(name: EngineName): Promise<Omit<Figures, 'apiCreateMs' | 'rest'>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-engines-'));
  // Embedded: the test seed's template, when there is one, spares PGlite's initdb (prepare() checks it).
  if (name === 'embedded') await seedDataDir(dataDir);
  const engine = createEngine({ engine: name, dataDir, projectServers: [TEST_POSTGRES_URL], loginSecret: randomBytes(16).toString('hex') });
  const locations: ProjectLocation[] = [];
  try {
    await engine.prepare();
    const probe = memoryProbe(engine, TEST_POSTGRES_URL);
    try {
      const createMs: number[] = [];
      for (let i = 0; i < PROJECTS; i++) {
        const ref = `bench_${randomBytes(5).toString('hex')}_${i}`;
        createMs.push(await timed(async () => {
          const location = await engine.createProject(ref, { dbPassword: 'bench-password' });
          locations.push(location);
          await (await engine.project(location)).query('select 1');
        }));
      }
      await Promise.all(locations.map(async (location) => {
        const db = await engine.project(location);
        await db.exec(`create table public.items (id integer primary key, body text);
          insert into public.items select g, md5(g::text) from generate_series(1, 1000) g; analyze public.items;`);
      }));

      // Active: sampled while every project serves queries, after a second of warm-up.
      const samples: number[] = [];
      const load = serve(engine, locations, ACTIVE_MS);
      await sleep(1000);
      for (let t = 1000; t < ACTIVE_MS - 500; t += 700) {
        samples.push(await probe.measure(locations));
        await sleep(700);
      }
      await load;
      const active = median(samples) / PROJECTS;
      await sleep(500); // backends go back to idle, autovacuum settles
      const idle = (await probe.measure(locations)) / PROJECTS;
      // Idle for good: a local project's pool lets its connections go after 5 s unused, which is
      // waited for; the other engines' pools keep theirs 30 s, so those are ended instead.
      if (engine instanceof LocalEngine) await sleep(PROJECT_POOL_IDLE_MS + 1000);
      const ended = engine instanceof LocalEngine ? 0 : await probe.closePoolConnections(locations);
      const pooled = ended === null ? null : ended / PROJECTS;
      const idleNoPool = ended === null ? null : (await probe.measure(locations)) / PROJECTS;

      // Wake: local from a stopped cluster (scale to zero); the others from closeProject().
      const wakeMs: number[] = [];
      for (const location of locations.slice(0, WAKES)) {
        const before = engine instanceof LocalEngine ? engine.postmasterPid(location) : null;
        if (engine instanceof LocalEngine) {
          await engine.scaleToZero(location);
          if (engine.isRunning(location)) throw new Error(`project ${location.ref} still runs after scaleToZero`);
        } else {
          await engine.closeProject(location);
        }
        wakeMs.push(await timed(async () => (await engine.project(location)).query('select 1')));
        // A real start: a new postmaster, not the old one answering.
        if (engine instanceof LocalEngine && engine.postmasterPid(location) === before) throw new Error(`project ${location.ref} did not restart`);
      }
      return { createMs, memory: { counts: probe.counts, active, idle, pooled, idleNoPool }, wakeMs };
    } finally {
      await probe.close();
    }
  } finally {
    for (const location of locations) await engine.dropProject(location).catch((error: unknown) => console.error(`drop ${location.ref}: ${String(error)}`));
    await engine.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Project create -> ACTIVE_HEALTHY through the API, polled as bench:project-create does. */
async function apiCreate(api: ApiClient, slug: string, name: string): Promise<{ ref: string; ms: number }> {
  const started = performance.now();
  const { body } = await api.post('/api/projects', { name, organization_slug: slug, db_pass: 'bench-password' });
  for (;;) {
    const status = (await api.get(`/api/projects/${body.ref}/status`)).body.status;
    if (status === 'ACTIVE_HEALTHY') return { ref: body.ref, ms: performance.now() - started };
    if (status !== 'COMING_UP') throw new Error(`project ${body.ref} went ${status}`);
    await sleep(10);
  }
}

async function platformFigures(name: EngineName): Promise<Pick<Figures, 'apiCreateMs' | 'rest'>> {
  const platform = await startPlatform({ engine: name, env: { PLINTH_IDLE_STOP_S: '0' } });
  let bench: RestVsBare | undefined;
  try {
    // The first creation waits for the platform's warm-up (the template); it is the REST project.
    const { api, slug, ref } = await benchProject(platform);
    const apiCreateMs: number[] = [];
    for (let i = 0; i < API_CREATES; i++) apiCreateMs.push((await apiCreate(api, slug, `bench ${i}`)).ms);
    bench = await setUpRestVsBare(platform, api, ref);
    const pkRead = bench.cases.find((c) => c.name === 'pk read')!;
    const rest = await measurePaired(pkRead, bench.headers, { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS });
    return { apiCreateMs, rest };
  } finally {
    await bench?.close();
    await platform.stop();
  }
}

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const started = performance.now();
const figures = new Map<EngineName, Figures | string>();
for (const name of ENGINES) {
  const unreachable = name === 'postgres' ? await postgresReachable() : null;
  if (unreachable) {
    figures.set(name, `skipped: ${TEST_POSTGRES_URL} unreachable (${unreachable})`);
    console.log(`${name}: ${figures.get(name)}`);
    continue;
  }
  const engineStarted = performance.now();
  const result: Figures = { ...(await engineFigures(name)), ...(await platformFigures(name)) };
  figures.set(name, result);
  console.log(`${name}: measured in ${((performance.now() - engineStarted) / 1000).toFixed(0)} s`);
}

const fmtMs = (xs: number[]) => `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)})`;
const fmtMb = (bytes: number | null) => (bytes === null ? 'n/a (no pool)' : `${mb(bytes).toFixed(1)} MB`);
const rows: [string, (f: Figures) => string][] = [
  [`create -> first query, engine (median of ${PROJECTS})`, (f) => fmtMs(f.createMs)],
  [`create -> ACTIVE_HEALTHY, API (median of ${API_CREATES})`, (f) => fmtMs(f.apiCreateMs)],
  ['REST pk read req/s', (f) => `${f.rest.rest.toFixed(0)} / bare ${f.rest.bare.toFixed(0)}`],
  [`REST / bare (median of ${ROUNDS} rounds)`, (f) => `${(f.rest.median * 100).toFixed(0)} % (${(f.rest.ratios[0] * 100).toFixed(0)}-${(f.rest.ratios.at(-1)! * 100).toFixed(0)})`],
  [`PSS per project, active (${ACTIVE_CLIENTS} clients each)`, (f) => fmtMb(f.memory.active)],
  ['PSS per project, idle, pool conns open', (f) => fmtMb(f.memory.idle)],
  ['  pool conns ended by the bench, per project', (f) => (f.memory.pooled === null ? 'n/a (no pool)' : f.memory.pooled.toFixed(1))],
  ['PSS per project, idle, pool conns closed', (f) => fmtMb(f.memory.idleNoPool)],
  [`wake -> first query (median of ${WAKES})`, (f) => fmtMs(f.wakeMs)],
];
const width = Math.max(...rows.map(([label]) => label.length));
const cell = (name: EngineName, fn: (f: Figures) => string) => {
  const f = figures.get(name);
  return (typeof f === 'object' ? fn(f) : 'skipped').padEnd(22);
};
console.log(`\n${''.padEnd(width)}  ${ENGINES.map((name) => name.padEnd(22)).join('')}`);
for (const [label, fn] of rows) console.log(`${label.padEnd(width)}  ${ENGINES.map((name) => cell(name, fn)).join('')}`);
console.log('\nwake: local = scaleToZero() then the first query (cluster start); embedded and postgres = closeProject() then the first query.');
for (const name of ENGINES) {
  const f = figures.get(name);
  console.log(`memory, ${name}: ${typeof f === 'object' ? f.memory.counts : f}`);
}
console.log("idle, pool conns closed is an unused project: local pools let connections go after 5 s unused (waited for here); the others keep them 30 s (ended here with pg_terminate_backend instead of waiting).");

const local = figures.get('local');
if (typeof local === 'object') {
  const goals: [string, boolean, string][] = [
    ['create < 500 ms', median(local.createMs) < 500, fmtMs(local.createMs)],
    ['idle PSS < 15 MB per project', mb(local.memory.idleNoPool ?? local.memory.idle) < 15,
      `${fmtMb(local.memory.idleNoPool)} once the pool's connections went idle (${fmtMb(local.memory.idle)} just after use, pool open)`],
    ['wake < 300 ms', median(local.wakeMs) < 300, fmtMs(local.wakeMs)],
    ['REST >= 85 % of bare', local.rest.median >= 0.85, `${(local.rest.median * 100).toFixed(0)} %`],
  ];
  console.log('\ngoals (local):');
  for (const [goal, met, value] of goals) console.log(`  ${met ? 'PASS' : 'MISS'}  ${goal.padEnd(30)} ${value}`);
}
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
