/**
 * A platform run as its own process (`node --import tsx apps/platform/src/main.ts`, as
 * `npm run start:platform` does, in one process so a kill -9 reaches the server itself), for tests
 * of what happens when a process dies or stops: nothing in-process can be killed like that.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
/** Start-up includes opening PGlite; a loaded two-core machine needs far more than an idle one. */
const START_TIMEOUT_MS = 90_000;

export interface ChildPlatform {
  url: string;
  /** Everything the process printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves when the process has exited, by itself or killed. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` and resolves once the process has exited (and been reaped: its pid is free). */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `options.port` reuses a port (a node restarted in its place); `options.publicUrl` is the address
 * clients use (a load balancer in front of several nodes), the process's own URL when not given.
 */
export async function startChildPlatform(env: Record<string, string>, options: { port?: number; publicUrl?: string } = {}): Promise<ChildPlatform> {
  const port = options.port ?? await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: options.publicUrl ?? url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the platform did not start in time:\n${output}`)), START_TIMEOUT_MS);
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Plinth is running on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', onOutput);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the platform exited while starting (${code ?? signal}):\n${output}`));
    });
  });
  return {
    url,
    exited,
    output: () => output,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
