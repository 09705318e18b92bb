/**
 * The deploy-time check: before a version's files are stored, they are written where this node's
 * runtime will run them and Deno resolves the whole module graph (`deno install --entrypoint`, Deno
 * 2's `deno cache`): every file parses, every import resolves, and `npm:`, `jsr:` and URL imports
 * are downloaded into the version's own module cache, which the workers of this node then use.
 * Types are not checked (Supabase does not either). A failure is the deploy's error, with Deno's
 * message and paths relative to the function (never the node's data directory).
 */
import { spawn } from 'node:child_process';
import { PlinthError } from '@plinth/errors';
import { MAIN_MODULE } from './bootstrap.ts';
import { denoBinary, denoEnvironment, moduleFlags } from './deno.ts';
import { moduleCacheDirectory, relativeToFunction, removeVersionDirectory, writeVersionDirectory, type VersionLocation } from './version-directory.ts';

export interface DeploymentCheck extends VersionLocation {
  entrypoint: string;
  importMap: string | null;
  files: { path: string; content: Buffer }[];
  /** Default 60 s: downloading a large npm dependency tree takes a while. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const MESSAGE_LIMIT = 4000;

/** Deno's error (from its first `error:` line, without download progress), paths made relative to the function. */
export function functionRelativeMessage(output: string, directory: string): string {
  const start = output.search(/^error: /m);
  const message = relativeToFunction(start < 0 ? output : output.slice(start + 'error: '.length), directory)
    .replace(/\n\s*Stack backtrace:[\s\S]*$/, '').trim();
  return message.length > MESSAGE_LIMIT ? `${message.slice(0, MESSAGE_LIMIT)}…` : message;
}

export async function checkDeployment(options: DeploymentCheck): Promise<void> {
  const contents = new Map(options.files.map((file) => [file.path, file.content]));
  const directory = await writeVersionDirectory(options, {
    entrypoint: options.entrypoint,
    paths: [...contents.keys()],
    read: async (path) => contents.get(path)!,
  }, { replace: true });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const args = ['install', '--entrypoint', '--quiet', ...moduleFlags(directory, options.importMap), MAIN_MODULE];
  const result = await new Promise<{ code: number | null; output: string; isTimedOut: boolean }>((resolve) => {
    const child = spawn(denoBinary(), args, { cwd: directory, stdio: ['ignore', 'pipe', 'pipe'], env: denoEnvironment(moduleCacheDirectory(options)) });
    let output = '';
    let isTimedOut = false;
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-64 * 1024);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      isTimedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, output: `error: Deno could not be started: ${error.message}`, isTimedOut: false });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, isTimedOut });
    });
  });
  if (result.code === 0) return;
  // Nothing of a refused version stays on disk: its number is used again by the next deploy.
  await removeVersionDirectory(options);
  if (result.isTimedOut) {
    throw new PlinthError('function_invalid', `Resolving the function's imports took longer than ${Math.round(timeoutMs / 1000)} s. Check that its npm:, jsr: and URL imports are reachable from the platform.`);
  }
  throw new PlinthError('function_invalid', functionRelativeMessage(result.output, directory));
}
