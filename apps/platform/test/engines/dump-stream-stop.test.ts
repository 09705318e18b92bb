/**
 * A dump whose reader goes away part way (a download cancelled, a backup whose store write failed)
 * stops: on the embedded engine the WebAssembly pg_dump then waits in its snapshot's worker for a
 * reader that never comes, so destroying the stream must end that worker and remove the snapshot.
 * The project keeps answering, and the next dump streams whole. A dump of ~40 MB, more than is
 * ever in flight (16 MB in the worker, 4 MB in the stream), so the first one is cut off for real.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type ProjectLocation } from '../../src/engines/index.ts';
import { randomRef, sleep, tempDataDir } from './helpers.ts';

const ROWS = 40_000;

/** Directories of snapshots made for one use (a dump's), under every process's snapshot root. */
async function ownSnapshots(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'snapshots');
  const made: string[] = [];
  for (const dir of await readdir(root).catch(() => [] as string[])) {
    made.push(...(await readdir(join(root, dir)).catch(() => [] as string[])).filter((name) => name.includes('-own-')));
  }
  return made;
}

describe('an embedded dump stopped part way', () => {
  let engine: Engine;
  let location: ProjectLocation;
  let dataDir: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ dir: dataDir, cleanup } = await tempDataDir());
    engine = createEngine({ engine: 'embedded', dataDir, projectServers: [] });
    location = await engine.createProject(randomRef(), { dbPassword: 'correct horse battery' });
    const db = await engine.project(location);
    await db.exec(`create table public.big (id int primary key, body text);
                   insert into public.big select g, repeat(md5(g::text), 30) from generate_series(1, ${ROWS}) g`);
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
    await cleanup?.();
  });

  it('ends its snapshot when the reader goes away, and the next dump is whole', async () => {
    const first = engine.dumpStream(location, ['--schema=public']);
    const iterator = first[Symbol.asyncIterator]();
    const piece = await iterator.next();
    expect(piece.done).toBe(false);
    expect(await ownSnapshots(dataDir)).toHaveLength(1);
    // Go away part way: pg_dump is still writing, or already waiting for the reader.
    const closed = new Promise((resolve) => first.once('close', resolve));
    first.destroy();
    await closed;
    for (let waited = 0; (await ownSnapshots(dataDir)).length > 0; waited += 50) {
      expect(waited, 'the snapshot of the stopped dump is removed').toBeLessThan(20_000);
      await sleep(50);
    }
    const db = await engine.project(location);
    expect((await db.query('select count(*)::int as n from public.big')).rows).toEqual([{ n: ROWS }]);

    let inserts = 0;
    let tail = '';
    let bytes = 0;
    for await (const chunk of engine.dumpStream(location, ['--schema=public']) as AsyncIterable<Buffer>) {
      const text = tail + chunk.toString('latin1');
      const lines = text.split('\n');
      tail = lines.pop()!;
      inserts += lines.filter((line) => line.startsWith('INSERT INTO public.big VALUES')).length;
      bytes += chunk.length;
    }
    expect(bytes).toBeGreaterThan(30 * 1024 * 1024);
    expect(inserts).toBe(ROWS);
  }, 120_000);
});
