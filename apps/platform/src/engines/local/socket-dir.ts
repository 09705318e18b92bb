/**
 * Where a cluster's Unix socket goes: beside its data directory when the socket's path fits the
 * operating system's limit (107 bytes on Linux, 103 on macOS), else in a short directory of its own
 * under the temporary directory, named by a hash of the long one. Either way the directory is open to
 * the platform's OS user alone, which is what keeps one project's clients off another's socket.
 */
import { createHash } from 'node:crypto';
import { chownSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterUser } from './cluster-user.ts';

const SOCKET_PATH_MAX = process.platform === 'darwin' ? 103 : 107;
const SOCKET_NAME_LENGTH = '/.s.PGSQL.5432'.length;

export function socketDirFor(dir: string): string {
  if (Buffer.byteLength(dir) + SOCKET_NAME_LENGTH <= SOCKET_PATH_MAX) return dir;
  const short = join(tmpdir(), `plinth-${createHash('sha256').update(dir).digest('hex').slice(0, 16)}`);
  mkdirSync(short, { recursive: true, mode: 0o700 });
  const user = clusterUser();
  if (user) chownSync(short, user.uid, user.gid);
  return short;
}
