// pg_dump of a PGlite instance in this very thread: pglite-tools runs its WebAssembly pg_dump against
// the instance's own wire protocol. Plain JavaScript so the embedded engine's worker (plain .mjs, no
// TypeScript loader) can import it, and from this package so resolution finds the pglite-tools
// installed here (its peer pin is a PGlite older than the platform's; it drives any 0.5 instance).
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/**
 * The plain-SQL dump (INSERT statements: pglite-tools adds `-U postgres --inserts -j 1 -f ...`) of
 * the PGlite instance `pg`; `args` are more pg_dump options (--schema, --data-only, ...). The whole
 * wasm run blocks this thread, so nothing else runs in the instance meanwhile.
 */
export async function dumpPglite(pg, args = []) {
  try {
    const file = await pgDump({ pg, args });
    return await file.text();
  } finally {
    // pg_dump leaves its session as it ended: its REPEATABLE READ transaction still open (PGlite
    // ignores the Terminate that would end it), row_security off, search_path changed.
    await pg.exec('rollback; reset all');
  }
}
