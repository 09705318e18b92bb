// Memory of the embedded engine with 10 active projects. Worker threads live in this same process,
// so process RSS is the whole cost: main thread + every PGlite worker (shared_buffers=16MB each).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEngine, type ProjectLocation } from '../apps/platform/src/engines/index.ts';

const PROJECTS = 10;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-rss-'));
const engine = createEngine({ engine: 'embedded', dataDir, projectServers: [] });
try {
  const baseline = process.memoryUsage().rss;
  const locations: ProjectLocation[] = [];
  for (let i = 0; i < PROJECTS; i++) {
    const ref = `benchrss${String(i).padStart(2, '0')}${'x'.repeat(10)}`;
    locations.push(await engine.createProject(ref, { dbPassword: 'unused' }));
  }
  // A little real work in each, so every instance has touched its catalogs and buffers.
  await Promise.all(locations.map(async (location) => {
    const db = await engine.project(location);
    await db.exec('create table public.items (id serial primary key, body text)');
    await db.query(`insert into public.items (body) select md5(g::text) from generate_series(1, 1000) g`);
    await db.query('select count(*), max(body) from public.items');
  }));
  const rss = process.memoryUsage().rss;
  console.log(`baseline rss before any project: ${mb(baseline)} MB; per project ≈ ${mb((rss - baseline) / PROJECTS)} MB`);
  console.log(`rss with ${PROJECTS} active embedded projects: ${mb(rss)} MB (one process: main thread + ${PROJECTS} PGlite worker threads)`);
} finally {
  await engine.close();
  await rm(dataDir, { recursive: true, force: true });
}
