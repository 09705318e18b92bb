// pg_dump of a PGlite instance in this very thread: pglite-tools runs its WebAssembly pg_dump against
// the instance's own wire protocol. Plain JavaScript so the embedded engine's worker (plain .mjs, no
// TypeScript loader) can import it, and from this package so resolution finds the pglite-tools
// installed here (its peer pin is a PGlite older than the platform's; it drives any 0.5 instance).
import { describeDumpError, dumpInPieces } from './output-device.mjs';

/**
 * The plain-SQL dump (INSERT statements: pglite-tools adds `-U postgres --inserts -j 1 -f ...`) of
 * the PGlite instance `pg`, posted in pieces as pg_dump writes it (output-device.mjs): `inFlight` is
 * the reader's counter (pieces.ts `dumpPieces`), `post` hands a piece over (it may transfer the
 * piece's buffer). `args` are more pg_dump options (--schema, --data-only, ...). The whole wasm run
 * blocks this thread, so nothing else runs in the instance meanwhile, and it waits there while the
 * reader is behind: run it on a worker of its own. Resolves with the bytes written.
 */
export async function dumpPgliteInPieces(pg, args, inFlight, post) {
  try {
    return await dumpInPieces(pg, args, inFlight, post);
  } catch (error) {
    throw new Error(`pg_dump failed: ${describeDumpError(error)}`);
  } finally {
    // pg_dump leaves its session as it ended: its REPEATABLE READ transaction still open (PGlite
    // ignores the Terminate that would end it), row_security off, search_path changed.
    await pg.exec('rollback; reset all');
  }
}
