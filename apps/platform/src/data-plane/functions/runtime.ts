/**
 * Runs deployed functions: on a version's first request its files are copied from the object store
 * into `{dataDir}/functions/{ref}/{id}/{version}` (version-directory.ts) and a Deno process is
 * started for it; requests are proxied to that process (proxy.ts, bodies streamed both ways,
 * websockets tunnelled) and it is kept for the next ones, stopped when idle, or when a newer version
 * has taken over (or the function was deleted) and its last request has finished. A request over
 * the wall-clock or CPU limit, or a worker over its memory, stops that worker and gets the relay's
 * 546; a worker that exits or crashes gets 502 and the next request starts a fresh one. Others keep
 * running.
 */
import http from 'node:http';
import { rm } from 'node:fs/promises';
import type { ObjectStore } from '../storage/object-stores/index.ts';
import { readFunctionFile, versionPrefix } from './files.ts';
import { proxyRequest, relayError, tunnelUpgrade, type InvokeRequest, type InvokeResult, type UpgradeRequest } from './proxy.ts';
import { ResourceMeter } from './resource-meter.ts';
import { functionDirectory, moduleCacheDirectory, removeVersionDirectory, writeVersionDirectory } from './version-directory.ts';
import type { ConsoleEntry } from './worker-output.ts';
import { BootError, FunctionWorker, LIMIT_REASONS, type ShutdownReason } from './worker.ts';

export { relayError, type InvokeRequest, type InvokeResult, type UpgradeRequest } from './proxy.ts';
export type { ShutdownReason } from './worker.ts';

export interface FunctionTarget {
  ref: string;
  id: string;
  version: number;
  /** The project's secrets version: a worker started with older secrets is replaced. */
  envVersion: number;
  entrypoint: string;
  importMap: string | null;
  files: { path: string }[];
}

/** What a project's workers run with: their environment, and the addresses they may not reach. */
export interface Sandbox {
  env: Record<string, string>;
  /** host:port addresses functions may not reach (see FunctionWorker). */
  deniedAddresses: string[];
}

/** What the runtime reports for the function logs (function-logs.ts); `executionId` names one worker, boot to shutdown. */
export interface RuntimeEvents {
  boot(target: FunctionTarget, executionId: string, bootMs: number): void;
  shutdown(target: FunctionTarget, executionId: string, reason: ShutdownReason): void;
  output(target: FunctionTarget, executionId: string, entry: ConsoleEntry): void;
}

export interface RuntimeOptions {
  objects: ObjectStore;
  dataDir: string;
  wallClockMs: number;
  /** CPU time one request may use (split evenly among a worker's requests in flight). */
  cpuMs: number;
  idleMs: number;
  /** The project's sandbox (SUPABASE_* variables, its secrets, denied addresses), read when a worker starts. */
  sandboxOf(ref: string): Promise<Sandbox>;
  log(message: string): void;
  events?: RuntimeEvents;
  bootTimeoutMs?: number;
  /** V8's heap limit, and how far a worker's memory may grow past what it used once booted. */
  memoryMb?: number;
}

interface Entry {
  ref: string;
  id: string;
  version: number;
  envVersion: number;
  /** Set once the version's files are on disk and its process is starting. */
  worker: FunctionWorker | null;
  /** Set once the worker serves. */
  meter: ResourceMeter | null;
  /** Requests being served (or waiting for the worker to start), and open websockets. */
  active: number;
  ready: Promise<void>;
  idleTimer: NodeJS.Timeout | null;
  /** A newer version took over, or the function was deleted: stop once the last request is done. */
  isRetired: boolean;
  /** Set when a newer version took over: this version's files and module cache are removed once its worker stops. */
  isSuperseded: boolean;
}

const WORKER_ERROR = 'Function exited due to an error (please check logs)';
const WORKER_LIMIT = 'Function failed due to not having enough compute resources (please check logs)';
/** How long a failed request waits for its worker's exit, to tell a limit or a crash from a dropped connection. */
const EXIT_WAIT_MS = 1000;

/** The connection was refused by a worker that has exited on its own: the function never saw the request. */
function isNeverDelivered(error: NodeJS.ErrnoException, failure: InvokeResult): boolean {
  return error.code === 'ECONNREFUSED' && failure.status === 502;
}

export class FunctionRuntime {
  private readonly entries = new Map<string, Entry>();
  private readonly retired = new Set<Entry>();
  private readonly agent = new http.Agent({ keepAlive: true });
  private isStopped = false;

  constructor(private readonly options: RuntimeOptions) {}

  async invoke(target: FunctionTarget, request: InvokeRequest, isRetry = false): Promise<InvokeResult> {
    const entry = await this.lease(target);
    if (!('worker' in entry)) return entry;
    const worker = entry.worker!;
    const use = entry.meter!.begin();
    const result = await proxyRequest(request, {
      port: worker.port, agent: this.agent, wallClockMs: this.options.wallClockMs,
      onWallClock: () => worker.kill('WallClockTime'),
      onFailure: async (error) => {
        const failure = await this.failure(worker);
        // A request without a body that never reached a worker which was exiting: sent again, to a fresh one.
        if (!isRetry && !request.body && isNeverDelivered(error, failure)) return this.invoke(target, request, true);
        return failure;
      },
      onDone: () => {
        use.close();
        this.release(entry);
      },
    });
    return { ...result, executionId: result.executionId ?? worker.id };
  }

  /**
   * A websocket (or other protocol) upgrade: tunnelled to the worker, which counts it as a request
   * in flight for as long as it is open (not reaped, not retired, its CPU metered). There is no
   * wall-clock limit on an open websocket; it closes when its worker stops. `onDone` gets the
   * status the client saw (101 when the function accepted) and the worker's execution id.
   */
  async upgrade(target: FunctionTarget, request: UpgradeRequest, onDone: (status: number, executionId?: string) => void, isRetry = false): Promise<InvokeResult | null> {
    const entry = await this.lease(target);
    if (!('worker' in entry)) return entry;
    const worker = entry.worker!;
    const use = entry.meter!.begin();
    tunnelUpgrade(request, {
      port: worker.port,
      onFailure: async (error) => {
        const failure = await this.failure(worker);
        // A client reconnecting at once after its worker exited may reach it still exiting: refused,
        // or accepted and reset by a process on its way out. The upgrade was never answered, so a
        // fresh worker takes it.
        const wasExiting = error.code === 'ECONNRESET' && !worker.isRunning && failure.status === 502;
        if (!isRetry && (isNeverDelivered(error, failure) || wasExiting)) return this.upgrade(target, request, onDone, true);
        return failure;
      },
      onDone: (status) => {
        use.close();
        this.release(entry);
        // Status 0: handed to a second attempt, which reports for itself.
        if (status !== 0) onDone(status, worker.id);
      },
    });
    return null;
  }

  /**
   * Stops a deleted function's workers on this node (every function of the project without `id`):
   * requests in flight finish (open websockets get until the wall-clock limit), then its files and
   * module caches are removed. Never rejects. Other nodes stop theirs when idle.
   */
  async forget(ref: string, id?: string): Promise<void> {
    const forgotten: Entry[] = [];
    for (const [key, entry] of [...this.entries]) {
      if (entry.ref === ref && (id === undefined || entry.id === id)) {
        this.retire(key, entry);
        forgotten.push(entry);
      }
    }
    for (const entry of this.retired) if (entry.ref === ref && (id === undefined || entry.id === id) && !forgotten.includes(entry)) forgotten.push(entry);
    const stopped = forgotten.map((entry) => entry.ready.then(async () => {
      const worker = entry.worker!;
      if ((await worker.exitedWithin(this.options.wallClockMs)) === null) await worker.stop('Retired');
    }, () => undefined));
    await Promise.all(stopped);
    await rm(functionDirectory(this.options.dataDir, ref, id), { recursive: true, force: true }).catch(() => undefined);
  }

  /** Stops every worker (the platform is stopping). */
  async stop(): Promise<void> {
    this.isStopped = true;
    const all = [...this.entries.values(), ...this.retired];
    this.entries.clear();
    this.retired.clear();
    for (const entry of all) if (entry.idleTimer) clearTimeout(entry.idleTimer);
    await Promise.all(all.map((entry) => entry.worker?.stop('PlatformStopped')));
    this.agent.destroy();
  }

  /** How many Deno processes run now (for tests and metrics). */
  get workerCount(): number {
    return [...this.entries.values(), ...this.retired].filter((entry) => entry.worker?.isRunning).length;
  }

  /** The entry with a request counted on it and its worker serving, or the relay's answer when it cannot start. */
  private async lease(target: FunctionTarget): Promise<Entry | InvokeResult> {
    if (this.isStopped) return relayError(503, 'BOOT_ERROR', 'The platform is stopping.');
    const entry = this.entryFor(target);
    this.acquire(entry);
    try {
      await entry.ready;
    } catch (error) {
      this.release(entry);
      if (!(error instanceof BootError)) this.options.log(`function ${target.ref}/${target.id} failed to start: ${error instanceof Error ? error.message : String(error)}`);
      return relayError(503, 'BOOT_ERROR', 'Function failed to start (please check logs)');
    }
    if (!entry.worker?.isRunning) {
      // It exited between starting and this request (a limit hit by another request): a fresh one.
      this.release(entry);
      return this.lease(target);
    }
    return entry;
  }

  /** A request the worker failed: 546 if the worker was stopped over a limit (or ran out of memory), else 502. */
  private async failure(worker: FunctionWorker): Promise<InvokeResult> {
    const reason = await worker.exitedWithin(EXIT_WAIT_MS);
    if (reason !== null && LIMIT_REASONS.has(reason)) return relayError(546, 'WORKER_LIMIT', WORKER_LIMIT);
    return relayError(502, 'WORKER_ERROR', WORKER_ERROR);
  }

  private entryFor(target: FunctionTarget): Entry {
    const key = `${target.ref}/${target.id}`;
    const current = this.entries.get(key);
    if (current && current.version === target.version && current.envVersion === target.envVersion) return current;
    if (current) {
      // Deploys and secrets only move forward: a request still naming an older one is served by the newer.
      if (current.version > target.version || (current.version === target.version && current.envVersion > target.envVersion)) return current;
      // New secrets only restart the same version; a new version makes this one's files useless here.
      current.isSuperseded = current.version < target.version;
      this.retire(key, current);
    }
    const entry: Entry = {
      ref: target.ref, id: target.id, version: target.version, envVersion: target.envVersion,
      worker: null, meter: null, active: 0, ready: Promise.resolve(), idleTimer: null, isRetired: false, isSuperseded: false,
    };
    entry.ready = this.boot(key, target, entry).catch((error: unknown) => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    });
    // lease() handles a failed start; this only keeps it from being reported as unhandled.
    entry.ready.catch(() => undefined);
    this.entries.set(key, entry);
    return entry;
  }

  private async boot(key: string, target: FunctionTarget, entry: Entry): Promise<void> {
    const location = { dataDir: this.options.dataDir, ref: target.ref, id: target.id, version: target.version };
    const directory = await writeVersionDirectory(location, {
      entrypoint: target.entrypoint,
      paths: target.files.map((file) => file.path),
      read: (path) => readFunctionFile(this.options.objects, versionPrefix(target.ref, target.id, target.version), path),
    });
    const { env, deniedAddresses } = await this.options.sandboxOf(target.ref);
    if (this.isStopped) throw new BootError('The platform is stopping.');
    const events = this.options.events;
    const memoryMb = this.options.memoryMb ?? 256;
    const worker = new FunctionWorker({
      directory, denoDir: moduleCacheDirectory(location), importMap: target.importMap, env,
      bootTimeoutMs: this.options.bootTimeoutMs ?? 15_000, memoryMb, deniedAddresses,
      onOutput: (line) => events?.output(target, worker.id, line),
    });
    entry.worker = worker;
    // A crash, a kill over a limit or a reap: the next request starts a fresh process.
    worker.onExit((reason) => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      this.retired.delete(entry);
      if (entry.idleTimer) clearTimeout(entry.idleTimer);
      events?.shutdown(target, worker.id, reason);
      if (entry.isSuperseded) void removeVersionDirectory(location).catch(() => undefined);
    });
    await worker.start();
    events?.boot(target, worker.id, worker.bootMs);
    entry.meter = new ResourceMeter(worker, { cpuMs: this.options.cpuMs, memoryBytes: memoryMb * 1024 * 1024 }, (reason) => worker.kill(reason));
    // The platform stopped, or a newer version took over with nothing waiting, while it started.
    if (this.isStopped || (entry.isRetired && entry.active === 0)) await worker.stop(this.isStopped ? 'PlatformStopped' : 'Retired');
  }

  private acquire(entry: Entry): void {
    entry.active += 1;
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
  }

  private release(entry: Entry): void {
    entry.active -= 1;
    if (entry.active > 0) return;
    if (entry.isRetired) {
      void entry.worker?.stop('Retired');
      return;
    }
    entry.idleTimer = setTimeout(() => {
      for (const [key, value] of this.entries) if (value === entry) this.entries.delete(key);
      void entry.worker?.stop('IdleTimeout');
    }, this.options.idleMs);
    entry.idleTimer.unref();
  }

  private retire(key: string, entry: Entry): void {
    this.entries.delete(key);
    entry.isRetired = true;
    this.retired.add(entry);
    if (entry.active === 0) {
      if (entry.idleTimer) clearTimeout(entry.idleTimer);
      void entry.ready.then(() => entry.worker?.stop('Retired'), () => undefined);
    }
  }
}
