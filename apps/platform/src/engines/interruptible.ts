import type { Database } from './types.ts';

/**
 * A cancel can land before the read's statement is active on the server (its connection still
 * being taken from the pool, its transaction beginning): an interrupt then stops nothing. So once
 * aborted, the interrupt is asked again at this interval until the read ends.
 */
const REPEAT_MS = 250;

/** Runs `read` on `db`, calling `interrupt` (the engine's, for this project) if `signal` aborts meanwhile, or had already. */
export async function readInterruptibly<T>(db: Database, read: (db: Database) => Promise<T>, signal: AbortSignal, interrupt: () => Promise<void>): Promise<T> {
  signal.throwIfAborted();
  let repeat: NodeJS.Timeout | undefined;
  const stop = () => {
    void interrupt().catch(() => undefined);
    repeat = setInterval(() => void interrupt().catch(() => undefined), REPEAT_MS);
  };
  signal.addEventListener('abort', stop, { once: true });
  try {
    return await read(db);
  } finally {
    signal.removeEventListener('abort', stop);
    clearInterval(repeat);
  }
}
