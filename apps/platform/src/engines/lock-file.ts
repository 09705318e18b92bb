/**
 * One process per database directory: the platform database's (on the local engine, what stops a
 * second Plinth on one data directory) and each PGlite project's. PGlite does not lock its directory,
 * and two processes on one directory silently lost a write when measured, so we take
 * `${dir}/.plinth.lock` exclusively (open 'wx') holding our pid. A lock whose pid is no longer alive is stale and may be taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PlinthError } from '@plinth/errors';

export const LOCK_FILE_NAME = '.plinth.lock';

/** Directories this process holds, so a second open in the same process is refused too. */
const held = new Set<string>();

/** Whether a process with this pid exists (whoever owns it). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function lockedError(dir: string, pid: number | null): PlinthError {
  return new PlinthError(
    'data_directory_locked',
    `The data directory ${dir} is in use by another Plinth process (pid ${pid ?? 'unknown'}). ` +
      'Stop it or choose another PLINTH_DATA_DIR.',
    { dataDir: dir, pid },
  );
}

/** Takes the lock on `dir` (which must exist) or throws data_directory_locked. */
export function acquireLock(dir: string): void {
  const path = join(dir, LOCK_FILE_NAME);
  if (held.has(path)) throw lockedError(dir, process.pid);
  // Two attempts: the second after removing a stale lock. If another process removes the same stale
  // lock and wins the 'wx' race, we lose cleanly with the locked error rather than sharing.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      held.add(path);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = readPid(path);
      // Our own pid without holding it means a lock left by an earlier open in this process that
      // could not release it (e.g. a crash mid-close): stale as well.
      const stale = pid === null ? false : pid === process.pid || !isAlive(pid);
      if (!stale || attempt > 0) throw lockedError(dir, pid);
      rmSync(path, { force: true });
    }
  }
}

/** Releases a lock this process holds; a lock file now naming another pid is left alone. */
export function releaseLock(dir: string): void {
  const path = join(dir, LOCK_FILE_NAME);
  if (!held.delete(path)) return;
  if (readPid(path) === process.pid) rmSync(path, { force: true });
}
