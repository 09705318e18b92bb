/**
 * Where a function version lives on a node: its files and the generated modules (bootstrap.ts) in
 * `{dataDir}/functions/{ref}/{id}/{version}`, and its Deno module cache (npm: and remote imports)
 * beside it in `{version}.cache`, so a deployment's packages are downloaded once per node (by the
 * deploy check on the node that deployed it, by the first boot elsewhere) and never shared with
 * another function. The deploy check and the runtime write the directory with the same code.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAIN_MODULE, mainSource, SERVE_MODULE, SERVE_SOURCE } from './bootstrap.ts';

export interface VersionLocation {
  dataDir: string;
  ref: string;
  id: string;
  version: number;
}

/** One function's versions (and their caches) on this node; a project's functions without `id`. */
export function functionDirectory(dataDir: string, ref: string, id?: string): string {
  return id ? path.join(dataDir, 'functions', ref, id) : path.join(dataDir, 'functions', ref);
}

export function versionDirectory(location: VersionLocation): string {
  return path.join(functionDirectory(location.dataDir, location.ref, location.id), String(location.version));
}

export function moduleCacheDirectory(location: VersionLocation): string {
  return `${versionDirectory(location)}.cache`;
}

export interface VersionFiles {
  entrypoint: string;
  paths: string[];
  read(path: string): Promise<Buffer>;
}

/**
 * Writes the version's files and generated modules into a temporary directory, then renames it into
 * place, so a worker never sees half of them. With `replace`, an existing directory is swapped out
 * (a deploy check: a failed deploy may have left one under the same version number); without it, a
 * directory already there is kept (another request of this node wrote it first). Returns the real
 * path (Deno compares permissions with real paths).
 */
export async function writeVersionDirectory(location: VersionLocation, files: VersionFiles, options: { replace?: boolean } = {}): Promise<string> {
  const directory = versionDirectory(location);
  if (existsSync(directory) && !options.replace) return realpath(directory);
  const root = path.dirname(directory);
  const temporary = path.join(root, `.tmp-${location.version}-${randomBytes(6).toString('hex')}`);
  await mkdir(temporary, { recursive: true });
  try {
    for (const file of files.paths) {
      const destination = path.join(temporary, file);
      await mkdir(path.dirname(destination), { recursive: true });
      await writeFile(destination, await files.read(file));
    }
    await writeFile(path.join(temporary, SERVE_MODULE), SERVE_SOURCE);
    await writeFile(path.join(temporary, MAIN_MODULE), mainSource(files.entrypoint));
    if (options.replace) await rm(directory, { recursive: true, force: true });
    await rename(temporary, directory).catch(async (error: NodeJS.ErrnoException) => {
      // Another request materialised it first.
      if (!existsSync(directory)) throw error;
      await rm(temporary, { recursive: true, force: true });
    });
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
  return realpath(directory);
}

/** The version's directory and module cache, gone (a failed deploy check). */
export async function removeVersionDirectory(location: VersionLocation): Promise<void> {
  await rm(versionDirectory(location), { recursive: true, force: true });
  await rm(moduleCacheDirectory(location), { recursive: true, force: true });
}

/**
 * Text a function's Deno process wrote, with the version directory's paths (`file://` URLs and
 * plain) made relative to the function: messages and stack traces name `index.ts:3:7`, never the
 * node's data directory.
 */
export function relativeToFunction(text: string, directory: string): string {
  if (!text.includes(directory)) return text;
  const prefix = new RegExp(`(file://)?${directory.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?`, 'g');
  return text.replace(prefix, '');
}
