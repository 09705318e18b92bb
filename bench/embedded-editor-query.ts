// REST latency on an embedded project while the same project runs a 20 s SQL-editor read, with the
// editor's reads on a snapshot in a second worker (the default) and without (PLINTH_EMBEDDED_SQL_SNAPSHOTS=off:
// on the project's own worker). REST reads run closed-loop on CONNECTIONS connections for as long as
// the editor query runs; latencies also for a quiet baseline, and what a snapshot costs to make.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/platform/src/config.ts';
import { startPlatform } from '../apps/platform/src/platform.ts';
import { signUp, waitForStatus, type ApiClient } from '../apps/platform/test/support/client.ts';

const EDITOR_SECONDS = Number(process.env.EDITOR_SECONDS ?? 20);
const BASELINE_SECONDS = Number(process.env.BASELINE_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 4);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  return `n=${sorted.length} median ${f(percentile(sorted, 50))}  p99 ${f(percentile(sorted, 99))}  max ${f(sorted.at(-1) ?? NaN)}`;
}

/** Closed-loop REST reads on `connections` connections until `until` settles. */
async function restLatencies(url: string, anonKey: string, until: Promise<unknown>): Promise<number[]> {
  let running = true;
  void until.finally(() => (running = false));
  const latencies: number[] = [];
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(url, { headers: { apikey: anonKey } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`REST answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  }));
  return latencies;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function measure(snapshots: 'on' | 'off'): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-'));
  const platform = await startPlatform(loadConfig({
    PORT: '0', HOST: '127.0.0.1', PLINTH_DATA_DIR: dataDir, PLINTH_ENGINE: 'embedded', LOG_LEVEL: 'error', PLINTH_EMBEDDED_SQL_SNAPSHOTS: snapshots,
  }));
  try {
    platform.control.config.publicUrl = platform.url;
    const { api } = await signUp(platform.url);
    const slug = (await api.post('/api/organizations', { name: 'Bench', plan: 'pro' })).body.slug;
    const { body: project } = await api.post('/api/projects', { name: 'bench', organization_slug: slug, db_pass: 'bench-password' });
    await waitForStatus(api, project.ref, 'ACTIVE_HEALTHY');
    const anonKey: string = (await api.get(`/api/props/project/${project.ref}/settings`)).body.autoApiService.defaultApiKey;
    const editor = (query: string) => sql(api, project.ref, query);
    await editor(`create table items (id int primary key, name text); insert into items select g, 'item ' || g from generate_series(1, 10000) g`);
    const url = `${platform.url}/p/${project.ref}/rest/v1/items?select=id,name&id=eq.42`;

    const baseline = await restLatencies(url, anonKey, new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000)));
    // A read right after a write makes a fresh snapshot; the one after it reuses it.
    await editor(`update items set name = name where id = 1`);
    // The project's worker holds still while the snapshot is copied: REST waits that long.
    let afterWrite = 0;
    const refresh = timed(() => editor('select 1')).then((ms) => (afterWrite = ms));
    const duringRefresh = await restLatencies(url, anonKey, refresh);
    await refresh;
    const reused = await timed(() => editor('select 1'));
    let editorMs = 0;
    const longRead = timed(() => editor(`select count(*) from items, pg_sleep(${EDITOR_SECONDS})`)).then((ms) => (editorMs = ms));
    const during = await restLatencies(url, anonKey, longRead);
    await longRead;

    console.log(`snapshots ${snapshots}:`);
    console.log(`  REST, quiet             ${summary(baseline)}`);
    console.log(`  REST, editor query runs ${summary(during)}  (editor query took ${(editorMs / 1000).toFixed(1)} s)`);
    console.log(`  editor 'select 1': after a write ${afterWrite.toFixed(0)} ms, then ${reused.toFixed(0)} ms`);
    console.log(`  REST, during that first 'select 1' ${summary(duringRefresh)}`);
  } finally {
    await platform.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function sql(api: ApiClient, ref: string, query: string): Promise<unknown> {
  const response = await api.post(`/api/platform/pg-meta/${ref}/query`, { query });
  if (response.status !== 200) throw new Error(`${query}: ${JSON.stringify(response.body)}`);
  return response.body;
}

console.log(`REST primary-key read on ${CONNECTIONS} connections while the editor runs a ${EDITOR_SECONDS} s read, embedded engine`);
for (const snapshots of ['on', 'off'] as const) await measure(snapshots);
