/**
 * One fetch at a time into a repository's cache: queued in this process, and across processes that
 * share the data directory by a lock folder beside the cache (`{cache}.lock`, taken with mkdir, which
 * is atomic). A lock left by a process that died is taken over once it is older than STALE_MS.
 */
import { mkdir, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';

const STALE_MS = 10 * 60 * 1000;
const RETRY_MS = 50;

const queues = new Map<string, Promise<unknown>>();

export async function withRepositoryLock<T>(cacheDir: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(cacheDir) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => withLockFolder(`${cacheDir}.lock`, work));
  queues.set(cacheDir, run);
  try {
    return await run;
  } finally {
    if (queues.get(cacheDir) === run) queues.delete(cacheDir);
  }
}

async function withLockFolder<T>(lock: string, work: () => Promise<T>): Promise<T> {
  await mkdir(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const info = await stat(lock).catch(() => null);
      if (info && Date.now() - info.mtimeMs > STALE_MS) await rmdir(lock).catch(() => undefined);
      else await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
  try {
    return await work();
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}
