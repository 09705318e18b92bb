/** What only the embedded engine has to get right: threads, locks, workers that die. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, openPlatformDatabase, type Engine, type ProjectLocation } from '../../src/engines/index.ts';
import type { EmbeddedEngine } from '../../src/engines/embedded/embedded-engine.ts';
import { randomRef, sleep, tempDataDir } from './helpers.ts';

function spawnIdleProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

describe('embedded engine', () => {
  let engine: Engine;
  let dataDir: string;
  let cleanup: () => Promise<void>;
  let location: ProjectLocation;

  beforeAll(async () => {
    ({ dir: dataDir, cleanup } = await tempDataDir());
    engine = createEngine({ engine: 'embedded', dataDir, projectServers: [] });
    location = await engine.createProject(randomRef(), { dbPassword: 'unused' });
  });

  afterAll(async () => {
    await engine.close();
    await cleanup();
  });

  it('keeps its files in ${dataDir}/projects/${ref}/db, started with shared_buffers=16MB', async () => {
    expect(existsSync(join(dataDir, 'projects', location.ref, 'db', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'projects', location.ref, 'db', '.plinth.lock'))).toBe(true);
    const db = await engine.project(location);
    expect((await db.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
  });

  it('lets an editor read in flight finish before a read-only switch reopens the worker, then refuses writes', async () => {
    const db = await engine.project(location);
    await db.exec('create table public.switched (id int); insert into public.switched values (1)');
    let switched = false;
    let switching: Promise<unknown> = Promise.resolve();
    const rows = await engine.readSnapshot(location, async (snapshot) => {
      switching = engine.setReadOnly(location, true).then(() => (switched = true));
      await sleep(300); // the switch has asked to close the worker meanwhile: this read still holds it
      expect(switched).toBe(false);
      return (await snapshot.query('select count(*)::int as n from public.switched')).rows;
    }, new AbortController().signal);
    expect(rows).toEqual([{ n: 1 }]);
    await switching;
    await expect(db.query('insert into public.switched values (2)')).rejects.toMatchObject({ code: '25006' });
    await engine.setReadOnly(location, false);
    await db.exec('drop table public.switched');
  });

  it('runs a long query without blocking the main event loop', async () => {
    const db = await engine.project(location);
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 20);
    const started = performance.now();
    await db.query('select pg_sleep(1)');
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    // ~50 ticks expected; a blocked loop would deliver one or two, late.
    expect(ticks.length).toBeGreaterThanOrEqual(20);
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]);
    expect(Math.max(...gaps)).toBeLessThan(400); // in-thread PGlite: one ~1000 ms gap
  });

  it('rejects parameters that cannot cross to the worker, and stays usable', async () => {
    const db = await engine.project(location);
    await expect(db.query('select $1::text as v', [() => 'a function'])).rejects.toThrow();
    expect((await db.query('select $1::text as v', ['fine'])).rows).toEqual([{ v: 'fine' }]);
  });

  it('makes other queries wait behind an open transaction, then see its commit', async () => {
    const db = await engine.project(location);
    await db.exec('create table public.queue (n int)');
    let outsideDone = false;
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('insert into public.queue values (1)');
      outside = db.query<{ c: number }>('select count(*) as c from public.queue').then((r) => {
        outsideDone = true;
        return r.rows[0].c;
      });
      await sleep(100);
      expect(outsideDone).toBe(false);
      await tx.query('insert into public.queue values (2)');
    });
    expect(await outside).toBe(2);
  });

  it('refuses a data directory locked by another live process, and takes over a stale lock', async () => {
    const other = await engine.createProject(randomRef(), { dbPassword: 'unused' });
    await engine.closeProject(other);
    const lockPath = join(dataDir, 'projects', other.ref, 'db', '.plinth.lock');
    expect(existsSync(lockPath)).toBe(false); // released on close
    const child = await spawnIdleProcess();
    try {
      await writeFile(lockPath, `${child.pid}\n`);
      const err = await engine.project(other).then(() => null, (e: unknown) => e);
      expect(err).toMatchObject({ name: 'PlinthError', code: 'data_directory_locked', status: 500 });
      expect((err as Error).message).toBe(
        `The data directory ${join(dataDir, 'projects', other.ref, 'db')} is in use by another Plinth process (pid ${child.pid}). ` +
          'Stop it or choose another PLINTH_DATA_DIR.',
      );
    } finally {
      child.kill();
      await exited(child);
    }
    // The pid is gone now: the lock is stale and may be taken over.
    const db = await engine.project(other);
    expect((await db.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
    await engine.dropProject(other);
  });

  it('refuses a second platform database on the same data directory', async () => {
    const first = await openPlatformDatabase({ engine: 'embedded', dataDir });
    try {
      await expect(openPlatformDatabase({ engine: 'embedded', dataDir })).rejects.toMatchObject({ code: 'data_directory_locked' });
      expect((await first.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
    } finally {
      await first.close();
    }
    // Closed, the directory is free again and the data persisted.
    const again = await openPlatformDatabase({ engine: 'embedded', dataDir });
    await again.close();
  });

  it('rejects pending calls when the worker dies, and the same handle reopens it on its next call', async () => {
    const db = await engine.project(location);
    await db.exec(`create table public.survivor (v text); insert into public.survivor values ('still here')`);
    const worker = (await (engine as EmbeddedEngine).currentWorker(location))!;
    const pending = db.query('select pg_sleep(5)');
    await sleep(100);
    await worker.worker.terminate(); // what a crash of the wasm runtime looks like from outside
    await expect(pending).rejects.toMatchObject({ code: 'engine_unavailable' });
    expect(worker.isOpen).toBe(false);
    // The project's handle outlives its worker (scale to zero relies on it): the next call reopens.
    expect((await db.query('select v from public.survivor')).rows).toEqual([{ v: 'still here' }]);
    expect(await (engine as EmbeddedEngine).currentWorker(location)).not.toBe(worker);
    expect(await engine.project(location)).toBe(db);
  });

  it('builds one bootstrapped template and starts every project from a copy of it', async () => {
    // initdb takes seconds; copying the template is what keeps project creation fast (timed by the
    // bench scripts, not here).
    const extra = await engine.createProject(randomRef(), { dbPassword: 'unused' });
    const templates = (await readdir(join(dataDir, 'templates'))).filter((name) => !name.includes('.build-'));
    expect(templates).toHaveLength(1);
    expect(existsSync(join(dataDir, 'templates', templates[0], 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'projects', extra.ref, 'db', '.plinth-template-ready'))).toBe(false);
    const db = await engine.project(extra);
    expect((await db.query(`select to_regprocedure('auth.uid()') is not null as ok`)).rows).toEqual([{ ok: true }]);
    await engine.dropProject(extra);
  });
});
