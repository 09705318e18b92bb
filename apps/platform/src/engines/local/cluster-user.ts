/**
 * PostgreSQL refuses to run as root. When Plinth runs as root, its clusters run as an unprivileged
 * system user, `plinth-postgres`, created if missing; their directories are handed to that user.
 * Otherwise clusters run as Plinth's own user and nothing changes hands.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, chmodSync, chownSync, constants, lstatSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const CLUSTER_OS_USER = 'plinth-postgres';

export interface ClusterUser {
  uid: number;
  gid: number;
}

let cached: ClusterUser | null | undefined;

function lookUp(): ClusterUser | null {
  try {
    const uid = Number(execFileSync('id', ['-u', CLUSTER_OS_USER], { encoding: 'utf8', stdio: 'pipe' }).trim());
    const gid = Number(execFileSync('id', ['-g', CLUSTER_OS_USER], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** The OS user clusters run as, or null when that is Plinth's own (not root). */
export function clusterUser(): ClusterUser | null {
  if (cached !== undefined) return cached;
  if (process.getuid?.() !== 0) return (cached = null);
  let user = lookUp();
  if (!user) {
    try {
      execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', '--user-group', CLUSTER_OS_USER], { stdio: 'pipe' });
    } catch (error) {
      // Another process may have created it at the same moment.
      if (!lookUp()) throw new Error(`Plinth runs as root and could not create the OS user ${CLUSTER_OS_USER} for its PostgreSQL clusters: ${String(error)}`);
    }
    user = lookUp();
  }
  return (cached = user);
}

/** Hands `dir` and everything under it to the cluster user (no-op unless running as root). */
export function giveToClusterUser(dir: string): void {
  const user = clusterUser();
  if (!user) return;
  const walk = (path: string) => {
    chownSync(path, user.uid, user.gid);
    if (lstatSync(path).isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(dir);
}

/**
 * The cluster user must be able to pass through every directory above a cluster's. Plinth opens
 * the directories it owns itself (the data directory and its `projects/`: search only, not read);
 * anything higher up that is closed is reported, not changed.
 */
export function openPathForClusterUser(dir: string, ownDirs: string[]): void {
  if (!clusterUser()) return;
  for (const own of ownDirs) {
    const mode = statSync(own).mode;
    if ((mode & 0o001) === 0) chmodSync(own, (mode & 0o7777) | 0o011);
  }
  for (let path = dirname(dir); path !== dirname(path); path = dirname(path)) {
    if ((statSync(path).mode & 0o001) === 0) {
      throw new Error(`The PostgreSQL clusters run as ${CLUSTER_OS_USER}, which cannot reach ${dir}: ${path} is closed to other users. Choose a PLINTH_DATA_DIR under an open directory.`);
    }
  }
  accessSync(dir, constants.F_OK);
}
