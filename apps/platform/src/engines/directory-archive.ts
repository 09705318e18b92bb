/**
 * A closed project's database directory as a gzipped tar, and back: what a pause archives on the
 * engines whose databases are directories on this machine (local clusters, embedded PGlite). The
 * archive is taken while the database is shut down cleanly, so its files are consistent as they are.
 */
import { chmod, chown, mkdir, rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import * as tar from 'tar';
import { spentWalSegments } from './spent-wal.ts';

/**
 * The directory's files, gzipped, without the entries `skip` names (paths relative to the
 * directory, as `./log`): the server's own log, a lock file of the process that closed it. WAL
 * segments a clean shutdown no longer needs are left out too (spent-wal.ts).
 */
export function archiveDirectory(dir: string, skip: (relativePath: string) => boolean): Readable {
  const spent = new Set(spentWalSegments(dir).map((name) => `./pg_wal/${name}`));
  const pack = tar.create({ cwd: dir, gzip: true, portable: true, filter: (entry) => !spent.has(entry) && !skip(entry) }, ['.']);
  return Readable.from(pack);
}

/**
 * Extracts `body` into `dir`, replacing what is there: into a sibling directory first, renamed over
 * `dir` only once every byte is on disk, so a crash or a bad archive never leaves half a database at
 * `dir`. `owner`: the OS user the files must belong to (the cluster user, when the platform runs as root).
 */
export async function extractDirectory(dir: string, body: Readable, owner: { uid: number; gid: number } | null): Promise<void> {
  const staging = `${dir}.restoring`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true, mode: 0o700 });
  if (owner) await chown(staging, owner.uid, owner.gid);
  const unpack = tar.extract({ cwd: staging, ...(owner && { uid: owner.uid, gid: owner.gid }) });
  await new Promise<void>((resolve, reject) => {
    body.once('error', reject);
    unpack.once('error', reject);
    unpack.once('close', () => resolve());
    body.pipe(unpack);
  });
  // PostgreSQL refuses a data directory open to others, whatever the archive said.
  await chmod(staging, 0o700);
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir);
}
