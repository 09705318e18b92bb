// Storage: a big file up and down through /p/{ref}/storage/v1 against the same bytes moved straight
// on the same disk, the platform's memory while it streams them, and the list calls of a folder of
// 100,000 objects. Budget (ARCHITECTURE.md): 1 GB upload and download >= 50 % of raw disk
// throughput, peak RSS < 100 MB above idle; 100,000-object folder, first page < 100 ms.
//
// - The platform runs as a child process (local engine), so its RSS (VmRSS sampled every 50 ms, and
//   VmHWM reset before each transfer) is its own, not this client's buffers.
// - Sides alternate which goes first each round; a ratio is the median of per-round ratios.
// - Uploads read the source from the page cache on every side; every write ends with an fsync.
//   Cold downloads first drop the stored file from the page cache (every side); warm ones follow.
// - The S3 backend is measured against s3rver (npm, its own process): a test server, not a fast one.
//   "s3rver direct" (aws-sdk from this process) shows what s3rver alone allows.
//
// STORAGE_BENCH_MB (default 1024), ROUNDS (3), LIST_OBJECTS (100000), LIST_RUNS (20),
// STORAGE_BENCH_S3=off skips the S3 backend, STORAGE_BENCH_PROFILE=<dir> writes the platform's CPU profile there.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { watch } from './support/proc-stats.ts';
import { mb } from './support/pss.ts';
import { startS3rver, type S3rver } from './support/s3rver.ts';
import { closeAgent, fillFolder, platformDatabase, storageCall, timeCase, type ListCase, type ListTimings } from './support/storage-listing.ts';
import { platformSide, rawSide, s3rverSide, startBenchPlatform, warmUpAndIdle, type BenchPlatform, type Side } from './support/storage-sides.ts';
import { evictFromCache, settleDisk, timedMs, writeRandomFile } from './support/transfer.ts';

const SIZE_MB = Number(process.env.STORAGE_BENCH_MB ?? 1024);
const BYTES = SIZE_MB * 1024 * 1024;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const LIST_OBJECTS = Number(process.env.LIST_OBJECTS ?? 100_000);
const LIST_RUNS = Number(process.env.LIST_RUNS ?? 20);
const WITH_S3 = process.env.STORAGE_BENCH_S3 !== 'off';
const PROFILE_DIR = process.env.STORAGE_BENCH_PROFILE;
const WARM_UP_MB = 16;
const PROFILER = fileURLToPath(new URL('./support/cpu-profile.mjs', import.meta.url));

type Phase = 'upload' | 'download, cold cache' | 'download, warm cache';
const PHASES: Phase[] = ['upload', 'download, cold cache', 'download, warm cache'];

interface Transfer {
  ms: number;
  /** The platform's peak RSS during it, and CPU time of the platform, s3rver and this client. */
  platformPeak: number;
  platformCpuMs: number;
  s3rverPeak: number | null;
  s3rverCpuMs: number | null;
  clientCpuMs: number;
}

interface BackendFigures {
  name: string;
  idleRss: number;
  /** side label -> phase -> one transfer per round */
  sides: Map<string, Map<Phase, Transfer[]>>;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};
const rate = (t: Transfer) => BYTES / 1024 / 1024 / (t.ms / 1000);

async function measureOne(side: Side, phase: Phase, round: number, platform: BenchPlatform, s3: S3rver | null): Promise<Transfer> {
  if (phase === 'upload') await side.beforeUpload(round);
  if (phase === 'download, cold cache') await evictFromCache(side.storedFiles);
  settleDisk();
  const platformWatch = watch(platform.pid);
  const s3Watch = s3 && watch(s3.pid);
  const clientCpu = process.cpuUsage();
  const ms = await timedMs(() => (phase === 'upload' ? side.upload(round) : side.download()));
  const client = process.cpuUsage(clientCpu);
  const p = platformWatch.stop();
  const s = s3Watch?.stop() ?? null;
  return { ms, platformPeak: p.peakRss, platformCpuMs: p.cpuMs, s3rverPeak: s?.peakRss ?? null, s3rverCpuMs: s?.cpuMs ?? null, clientCpuMs: (client.user + client.system) / 1000 };
}

/** ROUNDS rounds of every phase over every side, the order of the sides rotating each round. */
async function measureSides(name: string, sides: Side[], platform: BenchPlatform, s3: S3rver | null, idleRss: number): Promise<BackendFigures> {
  const figures: BackendFigures = { name, idleRss, sides: new Map(sides.map((side) => [side.label, new Map(PHASES.map((phase) => [phase, []]))])) };
  for (let round = 0; round < ROUNDS; round++) {
    const order = sides.map((_, i) => sides[(i + round) % sides.length]);
    for (const phase of PHASES) {
      for (const side of order) {
        const transfer = await measureOne(side, phase, round, platform, s3);
        figures.sides.get(side.label)!.get(phase)!.push(transfer);
        console.log(`  ${name} round ${round + 1} ${phase.padEnd(20)} ${side.label.padEnd(34)} ${rate(transfer).toFixed(0).padStart(5)} MB/s`);
      }
    }
  }
  return figures;
}

async function listingFigures(platform: BenchPlatform): Promise<{ fillMs: number; cases: ListTimings[] }> {
  const bucket = 'listing';
  const created = await storageCall(`${platform.storageUrl}/bucket`, platform.headers, { body: { id: bucket, name: bucket } });
  if (created.status !== 200) throw new Error(`creating the bucket answered ${created.status}`);
  // The folder, and smaller folders before and after it in the index.
  const fillMs = await timedMs(async () => {
    await fillFolder(platform.api, platform.ref, bucket, 'aaa', 5000);
    await fillFolder(platform.api, platform.ref, bucket, 'big', LIST_OBJECTS);
    await fillFolder(platform.api, platform.ref, bucket, 'zzz', 5000);
  });
  const list = (body: Record<string, unknown>) => ({ prefix: 'big', limit: 100, offset: 0, sortBy: { column: 'name', order: 'asc' }, ...body });
  const path = `/object/list/${bucket}`;
  const cases: ListCase[] = [
    { name: 'trivial call: GET /bucket/{id}', path: `/bucket/${bucket}`, method: 'GET' },
    { name: 'first page (limit 100)', path, body: list({}) },
    { name: 'page 51 (offset 5000)', path, body: list({ offset: 5000 }) },
    { name: "search 'file-01' (prefix)", path, body: list({ search: 'file-01' }) },
    { name: 'first page by updated_at desc', path, body: list({ sortBy: { column: 'updated_at', order: 'desc' } }) },
  ];
  const db = await platformDatabase(platform.dataDir);
  try {
    const timings: ListTimings[] = [];
    for (const c of cases) timings.push(await timeCase(db, platform.storageUrl, platform.ref, platform.headers, c, LIST_RUNS));
    return { fillMs, cases: timings };
  } finally {
    await db.end();
  }
}

async function runBackend(
  root: string, name: string, source: string, warmUp: string, s3: S3rver | null,
  withListing: boolean,
): Promise<{ figures: BackendFigures; listing: Awaited<ReturnType<typeof listingFigures>> | null }> {
  const dataDir = path.join(root, s3 ? 'data-s3' : 'data-file');
  const profileEnv: Record<string, string> = PROFILE_DIR ? { NODE_OPTIONS: `--import ${PROFILER}`, CPU_PROFILE_DIR: PROFILE_DIR } : {};
  const platform = await startBenchPlatform(dataDir, { ...(s3?.env ?? {}), ...profileEnv });
  const direct = s3 && s3rverSide(s3, path.join(root, 's3'), source, BYTES);
  try {
    const idleRss = await warmUpAndIdle(platform, warmUp, WARM_UP_MB * 1024 * 1024);
    console.log(`${name}: platform pid ${platform.pid}, idle RSS ${mb(idleRss).toFixed(0)} MB`);
    const stored = s3 ? [path.join(root, 's3')] : [path.join(dataDir, 'storage')];
    const sides = [
      await rawSide(path.join(root, 'raw'), source, BYTES),
      ...(direct ? [direct] : []),
      platformSide(platform, source, BYTES, stored, s3 ? 'platform /storage/v1 -> s3rver' : 'platform /storage/v1 -> disk'),
    ];
    const figures = await measureSides(name, sides, platform, s3, idleRss);
    const listing = withListing ? await listingFigures(platform) : null;
    return { figures, listing };
  } finally {
    direct?.close();
    await platform.child.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---- report ----

const range = (xs: number[], digits = 0) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;
const signedMb = (bytes: number) => `${bytes < 0 ? '-' : '+'}${mb(Math.abs(bytes)).toFixed(0)} MB`;
const perGb = (ms: number) => (ms / 1000) * (1024 / SIZE_MB);

function ratioToRaw(figures: BackendFigures, label: string, phase: Phase): number[] {
  const raw = [...figures.sides.values()][0].get(phase)!;
  return figures.sides.get(label)!.get(phase)!.map((t, i) => rate(t) / rate(raw[i]));
}

function printBackend(figures: BackendFigures): void {
  console.log(`\n${figures.name}: ${SIZE_MB} MB file, ${ROUNDS} rounds; platform idle RSS ${mb(figures.idleRss).toFixed(0)} MB`);
  const header = ['', 'MB/s median (range)', '% of raw', 'platform peak RSS', 'CPU s per GB: platform / s3rver / client'];
  console.log(`${header[0].padEnd(56)}${header[1].padEnd(22)}${header[2].padEnd(16)}${header[3].padEnd(22)}${header[4]}`);
  for (const phase of PHASES) {
    for (const [label, phases] of figures.sides) {
      const transfers = phases.get(phase)!;
      const isRaw = label === [...figures.sides.keys()][0];
      const isPlatform = label.startsWith('platform');
      const ratios = ratioToRaw(figures, label, phase).map((r) => r * 100);
      const peak = Math.max(...transfers.map((t) => t.platformPeak)) - figures.idleRss;
      const cpu = (pick: (t: Transfer) => number | null) => {
        const values = transfers.map(pick).filter((v): v is number => v !== null);
        return values.length ? perGb(median(values)).toFixed(2) : '-';
      };
      console.log(`${`${phase}: ${label}`.padEnd(56)}${range(transfers.map(rate)).padEnd(22)}${(isRaw ? '' : `${range(ratios)} %`).padEnd(16)}`
        + `${(isPlatform ? signedMb(peak) : '').padEnd(22)}${cpu((t) => t.platformCpuMs)} / ${cpu((t) => t.s3rverCpuMs)} / ${cpu((t) => t.clientCpuMs)}`);
    }
  }
  const s3rverPeaks = [...figures.sides.values()].flatMap((phases) => [...phases.values()].flat()).map((t) => t.s3rverPeak).filter((v): v is number => v !== null);
  if (s3rverPeaks.length) console.log(`s3rver's own peak RSS over all transfers: ${mb(Math.max(...s3rverPeaks)).toFixed(0)} MB`);
}

type Goal = [goal: string, met: boolean, value: string];

function transferGoals(figures: BackendFigures, label: string, tag: string): Goal[] {
  const up = median(ratioToRaw(figures, label, 'upload'));
  const down = median(ratioToRaw(figures, label, 'download, cold cache'));
  const phases = figures.sides.get(label)!;
  const peak = Math.max(...[...phases.values()].flat().map((t) => t.platformPeak)) - figures.idleRss;
  return [
    [`${tag} upload >= 50 % of raw disk`, up >= 0.5, `${(up * 100).toFixed(0)} %`],
    [`${tag} download (cold) >= 50 % of raw disk`, down >= 0.5, `${(down * 100).toFixed(0)} % (warm cache: ${(median(ratioToRaw(figures, label, 'download, warm cache')) * 100).toFixed(0)} %)`],
    [`${tag} peak RSS < 100 MB above idle`, peak < 100 * 1024 * 1024, `${signedMb(peak)} (idle ${mb(figures.idleRss).toFixed(0)} MB)`],
  ];
}

// ---- run ----

const started = performance.now();
const root = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-storage-'));
// The data directories inside must be reachable by the clusters' OS user (plinth-postgres under root).
await chmod(root, 0o711);
let s3: S3rver | null = null;
try {
  const source = path.join(root, 'source.bin');
  const warmUp = path.join(root, 'warm-up.bin');
  console.log(`writing ${SIZE_MB} MB of random bytes to ${root} (${os.cpus().length} CPUs)...`);
  await writeRandomFile(source, BYTES);
  await writeRandomFile(warmUp, WARM_UP_MB * 1024 * 1024);

  const file = await runBackend(root, 'file store', source, warmUp, null, true);
  let s3Figures: BackendFigures | null = null;
  if (WITH_S3) {
    s3 = await startS3rver(path.join(root, 's3'));
    s3Figures = (await runBackend(root, 'S3 store (s3rver)', source, warmUp, s3, false)).figures;
  }

  printBackend(file.figures);
  if (s3Figures) printBackend(s3Figures);
  const goals: Goal[] = transferGoals(file.figures, 'platform /storage/v1 -> disk', 'file store:');
  if (file.listing) {
    const { fillMs, cases } = file.listing;
    console.log(`\nlisting: folder of ${LIST_OBJECTS.toLocaleString('en')} objects (+10,000 in two other folders), rows inserted in ${(fillMs / 1000).toFixed(1)} s; ${LIST_RUNS} runs each, ms`);
    console.log(`${''.padEnd(34)}${'server median (range)'.padEnd(26)}${'client median (range)'.padEnd(26)}items`);
    for (const c of cases) console.log(`${c.name.padEnd(34)}${range(c.server, 1).padEnd(26)}${range(c.client, 1).padEnd(26)}${c.items}`);
    const first = cases.find((c) => c.name.startsWith('first page ('))!;
    const trivial = cases[0];
    console.log(`first page over the trivial call (the list's own share): ${(median(first.server) - median(trivial.server)).toFixed(1)} ms server, ${(median(first.client) - median(trivial.client)).toFixed(1)} ms client`);
    goals.push([`list first page < 100 ms (server)`, median(first.server) < 100, `${median(first.server).toFixed(1)} ms server, ${median(first.client).toFixed(1)} ms client`]);
  }
  if (s3Figures) {
    goals.push(...transferGoals(s3Figures, 'platform /storage/v1 -> s3rver', 'S3 (s3rver):'));
    const direct = (phase: Phase) => median(ratioToRaw(s3Figures!, 's3rver direct (aws-sdk)', phase));
    const platformOfDirect = (phase: Phase) => median(ratioToRaw(s3Figures!, 'platform /storage/v1 -> s3rver', phase)) / direct(phase);
    console.log(`\ns3rver alone reaches ${(direct('upload') * 100).toFixed(0)} % of raw disk on upload and ${(direct('download, cold cache') * 100).toFixed(0)} % on a cold download;`
      + ` through the platform: ${(platformOfDirect('upload') * 100).toFixed(0)} % and ${(platformOfDirect('download, cold cache') * 100).toFixed(0)} % of s3rver direct.`);
  }
  console.log('\ngoals:');
  for (const [goal, met, value] of goals) console.log(`  ${met ? 'PASS' : 'MISS'}  ${goal.padEnd(48)} ${value}`);
} finally {
  closeAgent();
  await s3?.stop();
  await rm(root, { recursive: true, force: true });
}
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
