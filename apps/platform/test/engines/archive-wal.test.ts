/**
 * A pause's directory archive leaves out the WAL segments a clean shutdown no longer needs
 * (engines/spent-wal.ts), on the local and embedded engines: after writes that leave spent and
 * recycled segments in pg_wal, the archive holds fewer segments than the directory, keeps the one
 * pg_control's REDO point is in, and the project restored from it has every row.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engines/index.ts';
import { cleanShutdownOf } from '../../src/engines/spent-wal.ts';
import { randomRef, tempDataDir } from './helpers.ts';

const SEGMENT = /^[0-9A-F]{24}$/;
const ROUNDS = 4;
/** Rows per round: ~12 MB of rows, so the rounds write several 16 MB WAL segments in all. */
const ROWS = 50_000;

/** The archive's bytes, and the names of the pg_wal segments in it. */
async function readArchive(body: Readable): Promise<{ bytes: Buffer; segments: string[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const segments: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const list = new tar.Parser({
      onReadEntry: (entry) => {
        const [dir, file] = entry.path.replace(/^\.\//, '').split('/');
        if (dir === 'pg_wal' && SEGMENT.test(file ?? '')) segments.push(file);
        entry.resume();
      },
    });
    list.on('end', () => resolve());
    list.on('error', reject);
    list.end(bytes);
  });
  return { bytes, segments };
}

describe.each(['local', 'embedded'] as const)('archives on the %s engine leave out spent WAL', (name) => {
  let engine: Engine;
  let cleanup: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    ({ dir: dataDir, cleanup } = await tempDataDir());
    engine = createEngine({ engine: name, dataDir, projectServers: [] });
    await engine.prepare();
  }, 180_000);

  afterAll(async () => {
    await engine?.close();
    await cleanup?.();
  });

  it('keeps the REDO segment, drops spent and recycled ones, and restores every row', { timeout: 180_000 }, async () => {
    const ref = randomRef();
    const location = await engine.createProject(ref, { dbPassword: 'archive-wal-password' });
    const db = await engine.project(location);
    await db.exec('create table public.notes (id int primary key, body text)');
    // Enough WAL for several segments; the shutdown's checkpoint leaves the spent ones renamed ahead
    // for reuse (as the owner, not a superuser, the test cannot switch segments itself on local).
    for (let round = 0; round < ROUNDS; round++) {
      await db.query("insert into public.notes select g, repeat('x', 200) from generate_series($1::int, $1::int + $2 - 1) g", [round * ROWS, ROWS]);
    }

    const archive = await engine.archive(location);
    const walDir = join(dataDir, 'projects', ref, 'db', 'pg_wal');
    const onDisk = readdirSync(walDir).filter((file) => SEGMENT.test(file));
    const shutdown = cleanShutdownOf(join(dataDir, 'projects', ref, 'db'));
    expect(shutdown, 'the archive is taken after a clean shutdown').not.toBeNull();
    const { bytes, segments } = await readArchive(archive.body);
    // Local clusters have 4 MB segments (initdb --wal-segsize=4), PGlite 16 MB.
    const segmentSize = BigInt(statSync(join(walDir, onDisk[0])).size);
    const redoNumber = shutdown!.redo / segmentSize;
    const perLog = 0x1_0000_0000n / segmentSize;
    const hex8 = (n: bigint) => n.toString(16).toUpperCase().padStart(8, '0');
    const redoSegment = hex8(redoNumber / perLog) + hex8(redoNumber % perLog);
    expect(onDisk.length).toBeGreaterThan(segments.length);
    expect(segments.length).toBeGreaterThanOrEqual(1);
    expect(segments.some((segment) => segment.endsWith(redoSegment))).toBe(true);

    await engine.dropProject(location);
    await engine.unarchive(ref, Readable.from(bytes), { dbPassword: 'archive-wal-password', server: null });
    const restored = await engine.project(location);
    const { rows } = await restored.query<{ count: number; sum: string }>('select count(*)::int as count, sum(id)::text as sum from public.notes');
    const total = ROUNDS * ROWS;
    expect(rows[0]).toEqual({ count: total, sum: String((total * (total - 1)) / 2) });
    // And it writes on: new segments are made where the recycled ones were left out.
    await restored.query("insert into public.notes select g, repeat('y', 200) from generate_series($1::int, $1::int + $2 - 1) g", [total, ROWS]);
    expect((await restored.query('select count(*)::int as n from public.notes')).rows[0]).toEqual({ n: total + ROWS });
  });
});
