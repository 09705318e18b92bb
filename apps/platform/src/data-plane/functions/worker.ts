/**
 * One Deno process serving one version of one function, on a port of 127.0.0.1 the platform chose.
 * Deno's permissions are its sandbox: outbound network, the named environment variables only, reads
 * of the function's own directory only; no writes, subprocesses, FFI or system information. The
 * process gets no environment of the platform's besides those variables and Deno's own settings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { MAIN_MODULE, READY_MARKER } from './bootstrap.ts';
import { denoBinary } from './deno.ts';

export interface WorkerSpec {
  /** The materialised version: the main module and the function's files. */
  directory: string;
  /** Deno's module cache (npm: and remote imports), shared by the platform's functions. */
  denoDir: string;
  /** The function's environment: exactly these variables are visible to Deno.env. */
  env: Record<string, string>;
  bootTimeoutMs: number;
  /** V8's heap limit for the worker. */
  memoryMb: number;
  /** host:port addresses the function may not reach (the platform's own Postgres servers). */
  deniedAddresses: string[];
}

const OUTPUT_KEPT = 8 * 1024;
const STOP_GRACE_MS = 2000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export class BootError extends Error {}

export class FunctionWorker {
  /** Requests being served now; the worker is idle at 0. */
  active = 0;
  port = 0;
  private child: ChildProcess | null = null;
  private exited = false;
  private output = '';
  private readonly exitListeners = new Set<() => void>();

  constructor(private readonly spec: WorkerSpec) {}

  get isRunning(): boolean {
    return this.child !== null && !this.exited;
  }

  /** The last of what the function wrote to stdout and stderr (for boot errors). */
  get recentOutput(): string {
    return this.output;
  }

  onExit(listener: () => void): void {
    if (this.exited) listener();
    else this.exitListeners.add(listener);
  }

  /** Starts the process and resolves once its Deno.serve listens; rejects with BootError otherwise. */
  async start(): Promise<void> {
    this.port = await freePort();
    const { directory, denoDir, env, memoryMb, deniedAddresses } = this.spec;
    const names = Object.keys(env);
    const args = [
      'run', '--no-prompt', '--no-config', '--no-lock',
      '--allow-net',
      ...(deniedAddresses.length > 0 ? [`--deny-net=${deniedAddresses.join(',')}`] : []),
      names.length > 0 ? `--allow-env=${names.join(',')}` : '--deny-env',
      `--allow-read=${directory}`,
      `--v8-flags=--max-old-space-size=${memoryMb}`,
      path.join(directory, MAIN_MODULE), String(this.port),
    ];
    const child = spawn(denoBinary(), args, {
      cwd: directory,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', DENO_NO_PACKAGE_JSON: '1', NO_COLOR: '1' },
    });
    this.child = child;
    const ready = new Promise<void>((resolve, reject) => {
      let pending = '';
      let isReady = false;
      const timer = setTimeout(() => reject(new BootError(`The function did not start serving within ${this.spec.bootTimeoutMs / 1000} s.`)), this.spec.bootTimeoutMs);
      child.stdout!.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        this.keep(text);
        if (isReady) return;
        pending += text;
        if (pending.split('\n').some((line) => line.trim() === READY_MARKER)) {
          isReady = true;
          pending = '';
          clearTimeout(timer);
          resolve();
        } else if (pending.length > OUTPUT_KEPT) {
          pending = pending.slice(-READY_MARKER.length - 2);
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => this.keep(chunk.toString('utf8')));
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new BootError(`Deno could not be started: ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        this.exited = true;
        for (const listener of this.exitListeners) listener();
        this.exitListeners.clear();
        if (!isReady) reject(new BootError(`The function exited before serving (${signal ?? `code ${code}`}): ${this.output.trim().slice(-1000)}`));
      });
    });
    try {
      await ready;
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  private keep(text: string): void {
    this.output = (this.output + text).slice(-OUTPUT_KEPT);
  }

  /** SIGTERM, then SIGKILL if it has not exited after a grace period. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || this.exited) return;
    const exited = new Promise<void>((resolve) => this.onExit(resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  /** At once, for a request over its limit. */
  kill(): void {
    if (this.child && !this.exited) this.child.kill('SIGKILL');
  }
}
