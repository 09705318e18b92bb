// Edge functions: cold start, warm throughput against a bare `deno run`, and memory per idle worker.
//
// - The platform runs in this process (ENGINE, embedded by default) with one Pro project; functions
//   are deployed through the Management API's multipart body, as the Supabase CLI sends them.
// - Cold start: SAMPLES times, a new hello-world function is deployed and called at once through
//   /p/{ref}/functions/v1: the deploy's time, the first call's (the Deno process starting, compiling
//   and answering) and their sum, p50 and max.
// - Warm: the same handler (HANDLER below) behind the platform's relay (with the anon key, as
//   supabase-js calls it, verify_jwt on) and under a bare `deno run --allow-net` Deno.serve on the same
//   Deno binary, GETs over CONNECTIONS keep-alive connections from a worker thread; the two alternate
//   in ROUNDS short rounds (DURATION_S seconds per side in all) and the ratio is the median of the
//   per-round ratios (bench/support/rest-vs-bare.ts measurePaired). Goal: >= 70 %.
// - Memory: IDLE_FUNCTIONS more functions deployed and called once each, then the settled RSS
//   (VmRSS) and PSS of each one's Deno process; the bare server's idle RSS for comparison.
//
// ENGINE (embedded), SAMPLES (5), DURATION_S (6), CONNECTIONS (20), ROUNDS (6), IDLE_FUNCTIONS (10).
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { denoBinary } from '../apps/platform/src/data-plane/functions/deno.ts';
import { startFunctionsHarness, type FunctionsHarness } from '../apps/platform/test/functions/harness.ts';
import type { EngineName } from '../apps/platform/test/support/platform.ts';
import { settledRss } from './support/proc-stats.ts';
import { mb, pssOf } from './support/pss.ts';
import { measurePaired } from './support/rest-vs-bare.ts';

const ENGINE = (process.env.ENGINE ?? 'embedded') as EngineName;
const SAMPLES = Number(process.env.SAMPLES ?? 5);
const DURATION_S = Number(process.env.DURATION_S ?? 6);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const IDLE_FUNCTIONS = Number(process.env.IDLE_FUNCTIONS ?? 10);

/** The one handler both sides run. */
const HANDLER = `const handler = () => new Response(JSON.stringify({ message: 'Hello World!' }), { headers: { 'content-type': 'application/json' } });`;
const FUNCTION_SOURCE = `${HANDLER}\nDeno.serve(handler);\n`;
const BARE_SOURCE = `${HANDLER}
Deno.serve({ hostname: '127.0.0.1', port: Number(Deno.args[0]), onListen: ({ port }) => console.log('listening ' + port) }, handler);
`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function deployed(h: FunctionsHarness, slug: string): Promise<{ id: string; version: number }> {
  const { status, body } = await h.deploy(slug, { 'index.ts': FUNCTION_SOURCE });
  if (status !== 201) throw new Error(`deploying ${slug} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

async function call(h: FunctionsHarness, slug: string): Promise<void> {
  const response = await fetch(`${h.url}/functions/v1/${slug}`, { headers: { apikey: h.anonKey, authorization: `Bearer ${h.anonKey}` } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${slug} answered ${response.status}: ${text}`);
}

/** The Deno process serving function `id` (its command line names the function's directory). */
function workerPid(dataDir: string, ref: string, id: string): number {
  const marker = path.join(dataDir, 'functions', ref, id) + path.sep;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) return Number(entry);
    } catch {
      /* exited while we looked */
    }
  }
  throw new Error(`no Deno process runs function ${id}`);
}

/** A bare Deno.serve of HANDLER on a free port, as `deno run --allow-net` starts it. */
async function startBare(directory: string): Promise<{ url: string; child: ChildProcess }> {
  const file = path.join(directory, 'bare.ts');
  await writeFile(file, BARE_SOURCE);
  const child = spawn(denoBinary(), ['run', '--allow-net', '--no-config', '--no-lock', '--no-prompt', file, '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DENO_DIR: path.join(directory, '.deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening (\d+)/.exec(output);
      if (listening) resolve(Number(listening[1]));
    };
    child.stdout!.on('data', onOutput);
    child.stderr!.on('data', onOutput);
    child.once('exit', (code) => reject(new Error(`the bare Deno server exited (${code}): ${output}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, child };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-functions-'));
  // Workers stay up for the whole run: only an explicit stop ends them.
  const h = await startFunctionsHarness({ engine: ENGINE, plan: 'pro', env: { PLINTH_FUNCTIONS_IDLE_S: '3600' } });
  let bare: { url: string; child: ChildProcess } | undefined;
  try {
    const dataDir = await realpath(h.platform.dataDir);
    console.log(`edge functions bench (${ENGINE} engine, Deno ${denoBinary()})`);

    // (a) Cold start: deploy, then the first response of a function no process runs yet.
    const deploys: number[] = [];
    const firsts: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      await deployed(h, `cold-${i}`);
      const deployedAt = performance.now();
      await call(h, `cold-${i}`);
      const answered = performance.now();
      deploys.push(deployedAt - started);
      firsts.push(answered - deployedAt);
      totals.push(answered - started);
    }
    const warmCall = performance.now();
    await call(h, 'cold-0');
    const warmLatency = performance.now() - warmCall;
    console.log(`cold start, ${SAMPLES} samples: deploy -> first response p50 ${ms(percentile(totals, 50))} (max ${ms(Math.max(...totals))}); `
      + `of which deploy p50 ${ms(percentile(deploys, 50))}, first call (process start + answer) p50 ${ms(percentile(firsts, 50))}; a warm call ${warmLatency.toFixed(1)} ms`);

    // (b) Warm requests/s: the relay against bare Deno.serve, same handler and binary.
    await deployed(h, 'hello');
    await call(h, 'hello');
    bare = await startBare(scratch);
    await fetch(bare.url).then((response) => response.text());
    const bareIdleRss = await settledRss(bare.child.pid!, 10);
    const headers = { apikey: h.anonKey, authorization: `Bearer ${h.anonKey}` };
    const { rest: relayed, bare: direct, ratios, median } = await measurePaired(
      { name: 'hello', rest: [`${h.url}/functions/v1/hello`], bare: [bare.url] },
      headers,
      { connections: CONNECTIONS, seconds: DURATION_S, rounds: ROUNDS },
    );
    console.log(`warm hello-world, ${CONNECTIONS} keep-alive connections: /functions/v1 ${relayed.toFixed(0)} req/s vs bare deno run ${direct.toFixed(0)} req/s = ${(median * 100).toFixed(0)} % `
      + `(goal >= 70 %; median of ${ROUNDS} paired rounds, range ${(ratios[0] * 100).toFixed(0)}-${(ratios[ratios.length - 1] * 100).toFixed(0)} %)`);

    // (c) Memory per idle worker.
    const ids: string[] = [];
    for (let i = 0; i < IDLE_FUNCTIONS; i++) ids.push((await deployed(h, `idle-${i}`)).id);
    for (let i = 0; i < IDLE_FUNCTIONS; i++) await call(h, `idle-${i}`);
    const pids = ids.map((id) => workerPid(dataDir, h.ref, id));
    const rss: number[] = [];
    for (const pid of pids) rss.push(await settledRss(pid, 10));
    const pss = pids.map((pid) => pssOf(pid));
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    console.log(`memory, ${IDLE_FUNCTIONS} idle workers (each called once): RSS p50 ${mb(percentile(rss, 50)).toFixed(1)} MB (max ${mb(Math.max(...rss)).toFixed(1)} MB, ${mb(sum(rss)).toFixed(0)} MB in all), `
      + `PSS p50 ${mb(percentile(pss, 50)).toFixed(1)} MB (${mb(sum(pss)).toFixed(0)} MB in all); bare deno run Deno.serve idle RSS ${mb(bareIdleRss).toFixed(1)} MB`);
  } finally {
    if (bare) await stopChild(bare.child);
    await h.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
