// Pause and restore of a SIZE_MB database (default 1024) on each engine, as the pause job does them
// (engine.archive -> a file, as the disk object store keeps it -> dropProject; engine.unarchive from
// that file -> the first query), against a plain pg_dump and a plain restore of the same data: the
// Debian pg_dump -Fc / pg_restore where the server is as old as they are (the postgres engine), else
// the WebAssembly pg_dump Plinth ships (plain SQL, gzipped) loaded with psql into a scratch database
// of the test server. Usage: npm run bench:pause [-- local|embedded|postgres]
// (SIZE_MB, PLINTH_TEST_POSTGRES_URL in the environment).
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { createEngine, type Engine, type EngineName } from '../apps/platform/src/engines/index.ts';

const execFileAsync = promisify(execFile);
const SIZE_MB = Number(process.env.SIZE_MB ?? 1024);
const SERVER = process.env.PLINTH_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const engines = process.argv[2] ? [process.argv[2] as EngineName] : (['local', 'embedded', 'postgres'] as const);
const ROW_BYTES = 1000;

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** This process's peak RSS while `fn` runs (sampled every 200 ms): a dump held whole would show as its size. */
async function withPeakRss<T>(fn: () => Promise<T>): Promise<{ result: T; peakRss: number }> {
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage.rss()); }, 200);
  try {
    const result = await fn();
    return { result, peakRss: Math.max(peakRss, process.memoryUsage.rss()) };
  } finally {
    clearInterval(sampler);
  }
}

async function onServer<T>(database: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function bench(name: EngineName): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `plinth-bench-pause-${name}-`));
  const engine: Engine = createEngine({ engine: name, dataDir, projectServers: [SERVER], loginSecret: 'bench-login-secret' });
  const ref = 'benchpauserestoreaa';
  try {
    await engine.prepare();
    let location = await engine.createProject(`${ref}${name[0]}`, { dbPassword: 'a-long-db-password' });
    const db = await engine.project(location);
    const rows = Math.round((SIZE_MB * 1024 * 1024) / ROW_BYTES);
    let started = performance.now();
    await db.exec('create table public.payload (id bigint primary key, body text not null)');
    // Rows of random hex: data that compresses about as much as real rows do (2:1), not to nothing.
    for (let from = 1; from <= rows; from += 100_000) {
      const to = Math.min(rows, from + 99_999);
      await db.exec(`insert into public.payload select g, (select string_agg(md5(random()::text), '') from generate_series(1, ${ROW_BYTES / 32 - 1} + g % 1)) || g from generate_series(${from}, ${to}) g`);
    }
    const size = Number((await db.query<{ n: string }>('select pg_database_size(current_database())::text as n')).rows[0].n);
    console.log(`${name}: ${rows} rows, database ${mb(size)} (filled in ${seconds(started)} s)`);

    // Baseline first, while the project is as it will be archived.
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-dump-'));
    try {
      if (name === 'postgres') {
        const source = new URL(SERVER);
        source.pathname = `/project_${location.ref}`;
        started = performance.now();
        await execFileAsync('pg_dump', ['-Fc', '-f', path.join(scratch, 'dump.pgc'), source.toString()]);
        console.log(`${name}: pg_dump -Fc ${seconds(started)} s, ${mb(statSync(path.join(scratch, 'dump.pgc')).size)}`);
        await onServer('postgres', (c) => c.query('create database plinth_bench_restore'));
        const target = new URL(SERVER);
        target.pathname = '/plinth_bench_restore';
        started = performance.now();
        await execFileAsync('pg_restore', ['--no-owner', '-d', target.toString(), path.join(scratch, 'dump.pgc')]).catch(() => undefined);
        console.log(`${name}: pg_restore ${seconds(started)} s`);
      } else {
        started = performance.now();
        await pipeline(engine.dumpStream(location, []), createWriteStream(path.join(scratch, 'dump.sql')));
        await pipeline(createReadStream(path.join(scratch, 'dump.sql')), createGzip(), createWriteStream(path.join(scratch, 'dump.sql.gz')));
        console.log(`${name}: pg_dump (WebAssembly, plain SQL) + gzip ${seconds(started)} s, ${mb(statSync(path.join(scratch, 'dump.sql.gz')).size)}`);
        await onServer('postgres', (c) => c.query('create database plinth_bench_restore'));
        const target = new URL(SERVER);
        target.pathname = '/plinth_bench_restore';
        started = performance.now();
        await execFileAsync('psql', ['-q', '-d', target.toString(), '-f', path.join(scratch, 'dump.sql')], { maxBuffer: 64 * 1024 * 1024 }).catch(() => undefined);
        console.log(`${name}: psql load of that dump ${seconds(started)} s`);
      }
    } catch (error) {
      console.log(`${name}: baseline failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    } finally {
      await onServer('postgres', (c) => c.query('drop database if exists plinth_bench_restore with (force)')).catch(() => undefined);
      await rm(scratch, { recursive: true, force: true });
    }

    const archivePath = path.join(dataDir, 'archive');
    started = performance.now();
    const paused = await withPeakRss(async () => {
      const archive = await engine.archive(location);
      await pipeline(archive.body, createWriteStream(archivePath));
      await engine.dropProject(location);
      return archive;
    });
    console.log(`${name}: pause (archive ${paused.result.format} + free) ${seconds(started)} s, archive ${mb(statSync(archivePath).size)}, peak RSS ${mb(paused.peakRss)}`);
    started = performance.now();
    const restored = await withPeakRss(async () => {
      location = await engine.unarchive(location.ref, createReadStream(archivePath), { dbPassword: 'a-long-db-password', server: location.server });
      const back = await engine.project(location);
      return (await back.query<{ n: string }>('select count(*)::text as n from public.payload')).rows[0].n;
    });
    console.log(`${name}: restore (unarchive + first query) ${seconds(started)} s, ${restored.result} rows back, peak RSS ${mb(restored.peakRss)}`);
    await engine.dropProject(location);
  } catch (error) {
    console.log(`${name}: failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  } finally {
    await engine.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

for (const name of engines) await bench(name);
