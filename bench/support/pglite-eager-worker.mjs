// bench:embedded-extensions' reference: a worker that hands PGlite every extension bundle at
// construction, PGlite's own way (it untars each bundle and compiles its library up front). Answers
// { id, sql } with { id, ok, rows | error } like a minimal pglite-worker.mjs.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const require = createRequire(import.meta.url);
const dist = dirname(require.resolve('@electric-sql/pglite'));
const extensions = {};
for (const name of readdirSync(dist).filter((file) => file.endsWith('.tar.gz'))) extensions[name.replace(/\W/g, '_')] = pathToFileURL(join(dist, name));
extensions.vector = pathToFileURL(join(dirname(require.resolve('@electric-sql/pglite-pgvector')), 'vector.tar.gz'));

const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
const pg = await PGlite.create({ dataDir: workerData.dataDir, startParams, extensions, ...workerData.wasmModules });
parentPort.postMessage({ ready: true });
parentPort.on('message', async ({ id, sql }) => {
  try {
    parentPort.postMessage({ id, ok: true, rows: (await pg.query(sql)).rows });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: error.message });
  }
});
