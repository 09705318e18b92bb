// The worker's half of contrib.ts: a PGlite extension that, before Postgres starts, places every
// contrib file into PGlite's in-memory file system. PGlite's own bundle loading would compile every
// library up front; here Postgres loads one from the file system (dlopen) only when a statement
// needs it. Libraries to preload are a start-up setting (worker-database.ts), not this extension's
// sharedPreloadLibraries: PGlite would write those into the data directory's postgresql.conf,
// replacing what initdb put there. Plain JavaScript, as the worker is.

/** Where PGlite's build is installed inside its file system (share/, lib/ beneath). */
const PREFIX = '/pglite';

function placeFiles(FS, { buffer, files }) {
  const bytes = new Uint8Array(buffer);
  for (const { path, start, end } of files) {
    const target = `${PREFIX}/${path}`;
    FS.mkdirTree(target.slice(0, target.lastIndexOf('/')));
    // canOwn: the file is a view of the shared buffer rather than a copy in every worker. Nothing
    // writes to these files; a read copies out of them, as from any file.
    FS.writeFile(target, bytes.subarray(start, end), { canOwn: true });
  }
}

/** `contrib` is contribFiles() of the main thread. */
export function contribExtension(contrib) {
  return {
    name: 'plinth-contrib',
    setup: async (_pg, emscriptenOpts) => ({
      emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), (mod) => placeFiles(mod.FS, contrib)] },
    }),
  };
}
