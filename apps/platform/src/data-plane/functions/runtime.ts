/**
 * Runs deployed functions: on a version's first request its files are copied from the object store
 * into `{dataDir}/functions/{ref}/{id}/{version}` and a Deno process is started for it; requests
 * are proxied to that process (bodies streamed both ways) and it is kept for the next ones, stopped
 * when idle, or when a newer version has taken over and its last request has finished. A request
 * over the wall-clock limit stops its worker and gets the relay's 546; others keep running.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import type { ObjectStore } from '../storage/object-stores/index.ts';
import { MAIN_MODULE, mainSource, SERVE_MODULE, SERVE_SOURCE } from './bootstrap.ts';
import { readFunctionFile, versionPrefix } from './files.ts';
import { BootError, FunctionWorker } from './worker.ts';

export interface FunctionTarget {
  ref: string;
  id: string;
  version: number;
  entrypoint: string;
  files: { path: string }[];
}

export interface InvokeRequest {
  method: string;
  /** The path the function sees (`/{slug}/...`) with its query string. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Readable | undefined;
}

export interface InvokeResult {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Readable | string;
}

export interface RuntimeOptions {
  objects: ObjectStore;
  dataDir: string;
  wallClockMs: number;
  idleMs: number;
  /** The function's environment (SUPABASE_URL and the keys), read when a worker starts. */
  envOf(ref: string): Promise<Record<string, string>>;
  log(message: string): void;
  bootTimeoutMs?: number;
  memoryMb?: number;
  /** host:port addresses functions may not reach (see FunctionWorker). */
  deniedAddresses?: string[];
}

interface Entry {
  version: number;
  /** Set once the version's files are on disk and its process is starting. */
  worker: FunctionWorker | null;
  /** Requests being served (or waiting for the worker to start). */
  active: number;
  ready: Promise<void>;
  idleTimer: NodeJS.Timeout | null;
  /** A newer version took over: stop once the last request is done. */
  isRetired: boolean;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate']);

/** The relay's own answers, in Supabase's shape, marked so callers can tell them from the function's. */
export function relayError(status: number, code: string | number, message: string): InvokeResult {
  return { status, headers: { 'content-type': 'application/json', 'x-relay-error': 'true' }, body: JSON.stringify({ code, message }) };
}

function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const result: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) result[name] = value;
  return result;
}

export class FunctionRuntime {
  private readonly entries = new Map<string, Entry>();
  private readonly retired = new Set<Entry>();
  private readonly agent = new http.Agent({ keepAlive: true });
  private isStopped = false;

  constructor(private readonly options: RuntimeOptions) {}

  async invoke(target: FunctionTarget, request: InvokeRequest): Promise<InvokeResult> {
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
    return this.proxy(entry, request);
  }

  /** Stops every worker (the platform is stopping). */
  async stop(): Promise<void> {
    this.isStopped = true;
    const all = [...this.entries.values(), ...this.retired];
    this.entries.clear();
    this.retired.clear();
    for (const entry of all) if (entry.idleTimer) clearTimeout(entry.idleTimer);
    await Promise.all(all.map((entry) => entry.worker?.stop()));
    this.agent.destroy();
  }

  /** How many Deno processes run now (for tests and metrics). */
  get workerCount(): number {
    return [...this.entries.values(), ...this.retired].filter((entry) => entry.worker?.isRunning).length;
  }

  private entryFor(target: FunctionTarget): Entry {
    const key = `${target.ref}/${target.id}`;
    const current = this.entries.get(key);
    if (current && current.version === target.version) return current;
    if (current) {
      // Deploys only move forward: a request still naming an older version is served by the newer.
      if (current.version > target.version) return current;
      this.retire(key, current);
    }
    const entry: Entry = { version: target.version, worker: null, active: 0, ready: Promise.resolve(), idleTimer: null, isRetired: false };
    entry.ready = this.boot(key, target, entry).catch((error: unknown) => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    });
    // invoke() handles a failed start; this only keeps it from being reported as unhandled.
    entry.ready.catch(() => undefined);
    this.entries.set(key, entry);
    return entry;
  }

  private async boot(key: string, target: FunctionTarget, entry: Entry): Promise<void> {
    const directory = await this.materialise(target);
    const env = await this.options.envOf(target.ref);
    if (this.isStopped) throw new BootError('The platform is stopping.');
    const worker = new FunctionWorker({
      directory, denoDir: path.join(this.options.dataDir, 'functions', '.deno'), env,
      bootTimeoutMs: this.options.bootTimeoutMs ?? 15_000, memoryMb: this.options.memoryMb ?? 256,
      deniedAddresses: this.options.deniedAddresses ?? [],
    });
    entry.worker = worker;
    // A crash, a kill over a limit or a reap: the next request starts a fresh process.
    worker.onExit(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      this.retired.delete(entry);
      if (entry.idleTimer) clearTimeout(entry.idleTimer);
    });
    await worker.start();
    // The platform stopped, or a newer version took over with nothing waiting, while it started.
    if (this.isStopped || (entry.isRetired && entry.active === 0)) await worker.stop();
  }

  /** The version's files on disk, written once (into a temporary directory, then renamed into place). */
  private async materialise(target: FunctionTarget): Promise<string> {
    const root = path.join(this.options.dataDir, 'functions', target.ref, target.id);
    const directory = path.join(root, String(target.version));
    if (!existsSync(directory)) {
      const temporary = path.join(root, `.tmp-${target.version}-${randomBytes(6).toString('hex')}`);
      await mkdir(temporary, { recursive: true });
      try {
        const prefix = versionPrefix(target.ref, target.id, target.version);
        for (const file of target.files) {
          const destination = path.join(temporary, file.path);
          await mkdir(path.dirname(destination), { recursive: true });
          await writeFile(destination, await readFunctionFile(this.options.objects, prefix, file.path));
        }
        await writeFile(path.join(temporary, SERVE_MODULE), SERVE_SOURCE);
        await writeFile(path.join(temporary, MAIN_MODULE), mainSource(target.entrypoint));
        await rename(temporary, directory).catch(async (error: NodeJS.ErrnoException) => {
          // Another request materialised it first.
          if (!existsSync(directory)) throw error;
          await rm(temporary, { recursive: true, force: true });
        });
      } catch (error) {
        await rm(temporary, { recursive: true, force: true });
        throw error;
      }
    }
    // Deno compares permissions with real paths.
    return realpath(directory);
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
      void entry.worker?.stop();
      return;
    }
    entry.idleTimer = setTimeout(() => {
      for (const [key, value] of this.entries) if (value === entry) this.entries.delete(key);
      void entry.worker?.stop();
    }, this.options.idleMs);
    entry.idleTimer.unref();
  }

  private retire(key: string, entry: Entry): void {
    this.entries.delete(key);
    entry.isRetired = true;
    this.retired.add(entry);
    if (entry.active === 0) {
      if (entry.idleTimer) clearTimeout(entry.idleTimer);
      void entry.ready.then(() => entry.worker?.stop(), () => undefined);
    }
  }

  private proxy(entry: Entry, request: InvokeRequest): Promise<InvokeResult> {
    const worker = entry.worker!;
    return new Promise<InvokeResult>((resolve) => {
      let isAnswered = false;
      let isReleased = false;
      const release = () => {
        if (isReleased) return;
        isReleased = true;
        clearTimeout(timer);
        this.release(entry);
      };
      const answer = (result: InvokeResult) => {
        if (isAnswered) return;
        isAnswered = true;
        resolve(result);
      };
      const upstream = http.request({
        host: '127.0.0.1', port: worker.port, method: request.method, path: request.path, agent: this.agent,
        headers: withoutHopByHop(request.headers),
      }, (response) => {
        response.once('close', release);
        answer({ status: response.statusCode ?? 502, headers: withoutHopByHop(response.headers), body: response });
      });
      const timer = setTimeout(() => {
        // Over the wall-clock limit: the worker is stopped, as Supabase's runtime does.
        worker.kill();
        upstream.destroy(new Error('wall-clock limit'));
        answer(relayError(546, 'WORKER_LIMIT', 'Function failed due to not having enough compute resources (please check logs)'));
        release();
      }, this.options.wallClockMs);
      upstream.once('error', () => {
        answer(relayError(502, 'WORKER_ERROR', 'Function exited due to an error (please check logs)'));
        release();
      });
      if (request.body) pipeline(request.body, upstream, () => undefined);
      else upstream.end();
    });
  }
}
