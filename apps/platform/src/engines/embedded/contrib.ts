/**
 * The extensions an embedded project can enable: every bundle the PGlite release ships (its contrib
 * modules, `dist/*.tar.gz`) and pgvector (`@electric-sql/pglite-pgvector`).
 *
 * PGlite only takes extensions at construction, and for each one it untars the bundle and compiles
 * and instantiates its library right then (measured: all of them at once cost every worker ~60 MB
 * and ~0.25 s more to open). So Plinth hands them over differently: the bundles are unpacked once
 * per process into one SharedArrayBuffer, and each worker places the files into PGlite's in-memory
 * file system without copying them (contrib-files.mjs). Postgres then finds the control files
 * (pg_available_extensions, CREATE EXTENSION) and loads a library only when a statement needs it:
 * on CREATE EXTENSION, and after a reopen on the first use of one of its functions or types.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseTar } from 'nanotar';

/** What crosses into each worker: the files' bytes, shared, and where each one lies in them. */
export interface ContribFiles {
  buffer: SharedArrayBuffer;
  /** Paths relative to PGlite's install prefix (`share/postgresql/extension/x.control`, `lib/postgresql/x.so`). */
  files: { path: string; start: number; end: number }[];
}

/**
 * Libraries loaded when the database starts, as Supabase projects have them. pg_stat_statements
 * needs it: its view reads shared memory it can only claim at start-up.
 */
export const PRELOADED_LIBRARIES = ['pg_stat_statements'];

async function bundlePaths(): Promise<string[]> {
  const require = createRequire(import.meta.url);
  const pgliteDist = dirname(require.resolve('@electric-sql/pglite'));
  const contrib = (await readdir(pgliteDist)).filter((name) => name.endsWith('.tar.gz')).map((name) => join(pgliteDist, name));
  const vector = join(dirname(require.resolve('@electric-sql/pglite-pgvector')), 'vector.tar.gz');
  return [...contrib.sort(), vector];
}

async function unpack(): Promise<ContribFiles> {
  const entries: { path: string; data: Uint8Array }[] = [];
  for (const bundle of await bundlePaths()) {
    for (const item of parseTar(gunzipSync(await readFile(bundle)))) {
      if (item.type === 'file' && item.data) entries.push({ path: item.name.replace(/^\.?\//, ''), data: item.data });
    }
  }
  const buffer = new SharedArrayBuffer(entries.reduce((total, entry) => total + entry.data.byteLength, 0));
  const bytes = new Uint8Array(buffer);
  let offset = 0;
  const files = entries.map(({ path, data }) => {
    bytes.set(data, offset);
    offset += data.byteLength;
    return { path, start: offset - data.byteLength, end: offset };
  });
  return { buffer, files };
}

let unpacked: Promise<ContribFiles> | null = null;

/** Unpacked once per process (~4.5 MB, ~35 ms) and shared by every worker. */
export function contribFiles(): Promise<ContribFiles> {
  unpacked ??= unpack().catch((error) => {
    unpacked = null;
    throw error;
  });
  return unpacked;
}
