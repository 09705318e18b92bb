/**
 * One Deno process serving one version of one function, on a port of 127.0.0.1 the platform chose.
 * Deno's permissions are its sandbox: outbound network, the named environment variables only, reads
 * of the function's own directory only; no writes, subprocesses, FFI or system information. The
 * process gets no environment of the platform's besides those variables and Deno's own settings.
 * What it prints becomes log entries (worker-output.ts); its CPU time and memory can be read while
 * it runs (Linux), and it remembers why it stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { FunctionShutdownReason } from '../logs/function-logs.ts';
import { MAIN_MODULE, READY_MARKER } from './bootstrap.ts';
import { denoBinary, denoEnvironment, moduleFlags } from './deno.ts';
import { relativeToFunction } from './version-directory.ts';
import { OutputSplitter, type ConsoleEntry } from './worker-output.ts';

export interface WorkerSpec {
  /** The materialised version: the main module and the function's files. */
  directory: string;
  /** The version's Deno module cache (npm: and remote imports). */
  denoDir: string;
  /** The import map or deno.json among the function's files, or null. */
  importMap: string | null;
  /** The function's environment: exactly these variables are visible to Deno.env. */
  env: Record<string, string>;
  bootTimeoutMs: number;
  /** V8's heap limit for the worker. */
  memoryMb: number;
  /** host:port addresses the function may not reach (the platform's own Postgres servers). */
  deniedAddresses: string[];
  /** Each console call (or other line) the function prints, once it serves. */
  onOutput?(entry: ConsoleEntry): void;
}

/** Why a worker stopped, in the words of Supabase's Shutdown log events where it has them. */
export type ShutdownReason = FunctionShutdownReason;

/** Reasons that are a limit of the platform's: the caller gets 546 WORKER_LIMIT. */
export const LIMIT_REASONS: ReadonlySet<ShutdownReason> = new Set(['WallClockTime', 'CPUTime', 'Memory']);

export interface WorkerUsage {
  /** User and system CPU time of all the process's threads since it started. */
  cpuMs: number;
  rssBytes: number;
}

const OUTPUT_KEPT = 8 * 1024;
const STOP_GRACE_MS = 2000;
/** What V8 prints when the heap limit is reached, before the process aborts. */
const OUT_OF_MEMORY = /Fatal (JavaScript|process) out of memory|JavaScript heap out of memory|<--- Last few GCs --->/;
/** /proc counts CPU time in clock ticks of USER_HZ, which Linux fixes at 100 per second for user space. */
const TICK_MS = 10;

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
  /** The worker's execution id in its log entries (boot to shutdown). */
  readonly id = randomUUID();
  port = 0;
  /** Milliseconds from spawn to serving. */
  bootMs = 0;
  private child: ChildProcess | null = null;
  private exited = false;
  private output = '';
  private reason: ShutdownReason | null = null;
  private isOutOfMemory = false;
  private readonly exitListeners = new Set<(reason: ShutdownReason) => void>();

  constructor(private readonly spec: WorkerSpec) {}

  get isRunning(): boolean {
    return this.child !== null && !this.exited;
  }

  /** The last of what the function wrote to stdout and stderr (for boot errors). */
  get recentOutput(): string {
    return this.output;
  }

  /** Why it stopped (or is stopping): what the platform asked for, else running out of memory, else its own exit. */
  get shutdownReason(): ShutdownReason {
    return this.reason ?? (this.isOutOfMemory ? 'Memory' : 'Exited');
  }

  onExit(listener: (reason: ShutdownReason) => void): void {
    if (this.exited) listener(this.shutdownReason);
    else this.exitListeners.add(listener);
  }

  /** The reason once the process has exited, or null if it still runs after `ms`. */
  exitedWithin(ms: number): Promise<ShutdownReason | null> {
    if (this.exited || !this.child) return Promise.resolve(this.exited ? this.shutdownReason : null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.exitListeners.delete(done);
        resolve(null);
      }, ms);
      timer.unref();
      const done = (reason: ShutdownReason) => {
        clearTimeout(timer);
        resolve(reason);
      };
      this.exitListeners.add(done);
    });
  }

  /** Starts the process and resolves once its Deno.serve listens; rejects with BootError otherwise. */
  async start(): Promise<void> {
    this.port = await freePort();
    const startedAt = performance.now();
    const { directory, denoDir, env, memoryMb, deniedAddresses, importMap } = this.spec;
    const names = Object.keys(env);
    const args = [
      'run', '--no-prompt', ...moduleFlags(directory, importMap),
      '--allow-net',
      ...(deniedAddresses.length > 0 ? [`--deny-net=${deniedAddresses.join(',')}`] : []),
      names.length > 0 ? `--allow-env=${names.join(',')}` : '--deny-env',
      `--allow-read=${directory}`,
      `--v8-flags=--max-old-space-size=${memoryMb}`,
      path.join(directory, MAIN_MODULE), String(this.port),
    ];
    const child = spawn(denoBinary(), args, { cwd: directory, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, ...denoEnvironment(denoDir) } });
    this.child = child;
    const emit = (entry: ConsoleEntry) => this.spec.onOutput?.({ level: entry.level, message: relativeToFunction(entry.message, directory) });
    const stdout = new OutputSplitter('log', emit);
    const stderr = new OutputSplitter('error', emit);
    const ready = new Promise<void>((resolve, reject) => {
      let pending = '';
      let isReady = false;
      const timer = setTimeout(() => reject(new BootError(`The function did not start serving within ${this.spec.bootTimeoutMs / 1000} s.`)), this.spec.bootTimeoutMs);
      child.stdout!.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        this.keep(text);
        stdout.push(text);
        if (isReady) return;
        pending += text;
        if (pending.split('\n').some((line) => line.trim() === READY_MARKER)) {
          isReady = true;
          pending = '';
          clearTimeout(timer);
          this.bootMs = Math.round(performance.now() - startedAt);
          resolve();
        } else if (pending.length > OUTPUT_KEPT) {
          pending = pending.slice(-READY_MARKER.length - 2);
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        this.keep(text);
        // V8's dying words (GC traces, a C stack) are not the function's output: the Shutdown entry says it.
        if (!this.isOutOfMemory && OUT_OF_MEMORY.test(text)) this.isOutOfMemory = true;
        if (!this.isOutOfMemory) stderr.push(text);
      });
      const finish = () => {
        if (this.exited) return;
        stdout.end();
        if (!this.isOutOfMemory) stderr.end();
        this.exited = true;
        if (!isReady) this.reason ??= 'BootFailure';
        for (const listener of this.exitListeners) listener(this.shutdownReason);
        this.exitListeners.clear();
      };
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new BootError(`Deno could not be started: ${error.message}`));
        // Never spawned: no 'exit' will come.
        if (child.pid === undefined) finish();
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        // The pipes may still hold output: listeners are told once it is read ('close').
        child.once('close', finish);
        if (!isReady) reject(new BootError(`The function exited before serving (${signal ?? `code ${code}`}): ${this.output.trim().slice(-1000)}`));
      });
    });
    try {
      await ready;
    } catch (error) {
      await this.stop('BootFailure');
      throw error;
    }
  }

  private keep(text: string): void {
    this.output = (this.output + text).slice(-OUTPUT_KEPT);
  }

  /** CPU time and resident memory now, from /proc (Linux); null elsewhere or once it has exited. */
  usage(): WorkerUsage | null {
    const pid = this.child?.pid;
    if (pid === undefined || this.exited || process.platform !== 'linux') return null;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces and parentheses): state is field 3.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpuMs = (Number(fields[14 - 3]) + Number(fields[15 - 3])) * TICK_MS;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
      return { cpuMs, rssBytes: rss ? Number(rss[1]) * 1024 : 0 };
    } catch {
      return null;
    }
  }

  /** SIGTERM, then SIGKILL if it has not exited after a grace period. */
  async stop(reason: ShutdownReason): Promise<void> {
    const child = this.child;
    if (!child || this.exited) return;
    this.reason ??= reason;
    const exited = new Promise<void>((resolve) => this.onExit(() => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  /** At once, for a request over a limit. */
  kill(reason: ShutdownReason): void {
    if (!this.child || this.exited) return;
    this.reason ??= reason;
    this.child.kill('SIGKILL');
  }
}
