// Backups and exports stream: the platform's peak RSS while it backs up a SIZE_MB database (default
// 200) into the object store, while the backup is downloaded, and while the database is exported,
// on the local and embedded engines. A dump held whole would show as about its size (or twice it);
// streamed, memory stays near the platform's own. RSS is this process's: the platform, its PGlite
// worker threads (embedded: the snapshot the dump runs on, and the WebAssembly pg_dump) and the
// client reading the download as it comes (a local cluster's own processes are not counted).
// Usage: npm run bench:backup [-- local|embedded] (SIZE_MB in the environment).
import { locationOf, projectRowByRef } from '../apps/platform/src/control/project-rows.ts';
import { signUp, waitForStatus, type ApiClient } from '../apps/platform/test/support/client.ts';
import { startPlatform, type EngineName } from '../apps/platform/test/support/platform.ts';

const SIZE_MB = Number(process.env.SIZE_MB ?? 200);
const ROW_BYTES = 1000;
const engines = process.argv[2] ? [process.argv[2] as EngineName] : (['local', 'embedded'] as const);
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;

/** Peak RSS of this process while `fn` runs, sampled every 50 ms, and the RSS before. */
async function measured<T>(fn: () => Promise<T>): Promise<{ result: T; seconds: number; peak: number; before: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  const started = performance.now();
  try {
    const result = await fn();
    return { result, seconds: (performance.now() - started) / 1000, peak: Math.max(peak, process.memoryUsage.rss()), before };
  } finally {
    clearInterval(sampler);
  }
}

/** Reads a streamed body to its end, counting bytes (nothing kept). */
async function drain(response: Response): Promise<number> {
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

async function backupDone(api: ApiClient, ref: string, id: number): Promise<{ id: number; status: string; size_bytes: number }> {
  for (;;) {
    const backup = (await api.get(`/api/platform/database/${ref}/backups`)).body.backups.find((row: { id: number }) => row.id === id);
    if (backup?.status !== 'PENDING') return backup;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function bench(engine: EngineName): Promise<void> {
  const platform = await startPlatform({ engine });
  try {
    const { api } = await signUp(platform.url);
    const slug = (await api.post('/api/organizations', { name: 'Bench' })).body.slug;
    const ref = (await api.post('/api/projects', { name: 'backup', organization_slug: slug, db_pass: 'bench-password' })).body.ref;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY', 120_000);
    const db = await platform.control.engine.project(locationOf((await projectRowByRef(platform.control.db, ref))!));
    await db.exec('create table public.payload (id bigint primary key, body text not null)');
    const rows = Math.round((SIZE_MB * 1024 * 1024) / ROW_BYTES);
    for (let from = 1; from <= rows; from += 50_000) {
      // Random hex, which compresses about 2:1.
      await db.exec(`insert into public.payload
                       select g, (select string_agg(md5(g::text || i::text || random()::text), '') from generate_series(1, ${Math.round(ROW_BYTES / 32)}) i)
                         from generate_series(${from}, ${Math.min(from + 49_999, rows)}) g`);
    }
    const size = Number((await db.query<{ size: string }>('select pg_database_size(current_database())::text as size')).rows[0].size);
    global.gc?.();

    const made = await measured(async () => {
      const started = await api.post(`/api/platform/database/${ref}/backups`);
      return backupDone(api, ref, started.body.id);
    });
    if (made.result.status !== 'COMPLETED') throw new Error(`backup ${made.result.status}`);
    const backupId = made.result.id;
    const download = await measured(async () =>
      drain(await fetch(`${platform.url}/api/platform/database/${ref}/backups/${backupId}/download`, { headers: { authorization: `Bearer ${api.token}` } })));
    const exported = await measured(async () =>
      drain(await fetch(`${platform.url}/api/v1/projects/${ref}/database/export`, { headers: { authorization: `Bearer ${api.token}` } })));
    console.log(`${engine}: ${mb(size)} database (${rows.toLocaleString('en')} rows)`);
    console.log(`${engine}: backup ${made.seconds.toFixed(1)} s, ${mb(made.result.size_bytes)} gzip, peak RSS ${mb(made.peak)} (${mb(made.before)} before)`);
    console.log(`${engine}: download ${download.seconds.toFixed(1)} s, ${mb(download.result)}, peak RSS ${mb(download.peak)} (${mb(download.before)} before)`);
    console.log(`${engine}: export ${exported.seconds.toFixed(1)} s, ${mb(exported.result)} SQL, peak RSS ${mb(exported.peak)} (${mb(exported.before)} before)`);
  } catch (error) {
    console.log(`${engine}: failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  } finally {
    await platform.stop();
  }
}

for (const engine of engines) await bench(engine);
