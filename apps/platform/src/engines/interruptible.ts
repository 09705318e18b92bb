import type { Database } from './types.ts';

/** Runs `read` on `db`, calling `interrupt` (the engine's, for this project) if `signal` aborts meanwhile. */
export async function readInterruptibly<T>(db: Database, read: (db: Database) => Promise<T>, signal: AbortSignal, interrupt: () => Promise<void>): Promise<T> {
  const stop = () => void interrupt().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    return await read(db);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
