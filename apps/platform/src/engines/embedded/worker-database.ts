/**
 * A Database backed by one PGlite instance in a worker thread (see pglite-worker.mjs for why).
 * The main thread only posts messages and awaits replies, so a long query in one project never
 * stalls the event loop serving the others.
 */
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PlinthError } from '@plinth/errors';
import { dumpPieces, type DumpPieces } from '@plinth/pg-dump';
import { DatabaseError, type DatabaseErrorFields } from '../database-error.ts';
import { PreparedNames } from '../prepared-statements.ts';
import { assertChannelName, type Database, type Listener, type PreparedStatement, type QueryResult, type Queryable, type WireSession } from '../types.ts';
import { acquireLock, LOCK_FILE_NAME, releaseLock } from '../lock-file.ts';
import { contribFiles, PRELOADED_LIBRARIES } from './contrib.ts';

const workerUrl = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * PGlite's wasm, compiled once per process and handed to every worker (a compiled module crosses
 * threads without being compiled again): measured, it is the larger part of opening a database.
 */
let compiledModules: Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }> | null = null;

function wasmModules() {
  compiledModules ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb] = await Promise.all(['pglite.wasm', 'initdb.wasm'].map((f) => readFile(join(dist, f))));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([WebAssembly.compile(pglite), WebAssembly.compile(initdb)]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  return compiledModules;
}

/**
 * The worker is plain JavaScript, so it starts without the loader flags the platform may run under
 * (tsx's --import/--require): a worker inherits them, and measured they cost each thread ~0.3-0.5 s.
 */
function workerExecArgv(): string[] {
  const loaderFlags = ['--import', '--require', '-r', '--loader', '--experimental-loader'];
  const kept: string[] = [];
  for (let i = 0; i < process.execArgv.length; i++) {
    const arg = process.execArgv[i];
    if (loaderFlags.includes(arg)) i++; // and its value
    else if (!loaderFlags.some((flag) => arg.startsWith(`${flag}=`))) kept.push(arg);
  }
  return kept;
}

/**
 * One worker started ahead of need, its modules loaded, waiting to be told which database to open:
 * a wake-up (scale to zero) or a new project then skips the thread's start and PGlite's import. It is
 * unref'd, so it never keeps the process alive, and replaced after each opening.
 */
let spare: Worker | null = null;

/**
 * A worker's JavaScript is a thin layer over PGlite's wasm memory: a small young generation is
 * enough, and V8's default for a thread (16 MB semi-spaces) is kept in every worker's RSS.
 * Measured, 2 MB: ~50-56 MB per open worker instead of ~61-70 MB, and a 200,000-row result no slower.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 2 };

async function startWorker(): Promise<Worker> {
  const [modules, contrib] = await Promise.all([wasmModules(), contribFiles()]);
  const worker = new Worker(workerUrl, { workerData: { wasmModules: modules, contrib }, execArgv: workerExecArgv(), resourceLimits: WORKER_LIMITS });
  // A spare that fails to load must not crash the process: 'exit' follows, and it is forgotten.
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    if (spare === worker) spare = null;
  });
  return worker;
}

/** The spare if there is one (else a new worker), ref'd again: an open database keeps the process alive as before. */
async function takeWorker(): Promise<Worker> {
  const worker = spare ?? (await startWorker());
  spare = null;
  worker.ref();
  return worker;
}

/** Starts the next spare once an opening is done, so the two do not compete for the CPU. */
function replenishSpare(): void {
  if (spare) return;
  void startWorker().then((worker) => {
    if (spare) return void worker.terminate();
    worker.unref();
    spare = worker;
  }, () => undefined);
}

/**
 * shared_buffers=16MB: measured RSS per instance drops from ~180 MB to ~60 MB. search_path: PGlite
 * starts with `public` on its command line and ignores the database's own setting (bootstrap.sql
 * sets Supabase's, which ends with `extensions`), so it is given here. shared_preload_libraries:
 * the contrib libraries loaded at start-up (contrib.ts), whose files every worker is given.
 */
const DEFAULT_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB',
  search_path: '"$user", public, extensions',
  shared_preload_libraries: PRELOADED_LIBRARIES.join(','),
};

type SerializedError =
  | { kind: 'postgres'; fields: DatabaseErrorFields }
  | { kind: 'other'; message: string; stack?: string };

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError };
/** A NOTIFY on a channel the worker listens on, posted as it arrives. */
type Notification = { notify: string; payload: string };
/** A piece of a dump (dumpStream), posted before the call's reply. */
type DumpPiece = { dumpPiece: number; bytes: Uint8Array };

interface ChannelListener {
  onNotify: (payload: string) => void;
  onLost: (error: Error) => void;
}

function reviveError(error: SerializedError): Error {
  if (error.kind === 'postgres') return new DatabaseError(error.fields);
  const err = new Error(error.message);
  if (error.stack) err.stack = error.stack;
  return err;
}

export interface WorkerDatabaseOptions {
  /** Extra postgres settings (-c name=value), on top of shared_buffers=16MB. */
  settings?: Record<string, string>;
}

export class WorkerDatabase implements Database {
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private nextId = 1;
  /** What the one PGlite connection holds prepared, for queryPrepared. */
  private readonly prepared = new PreparedNames();
  private goneError: Error | null = null;
  private closing: Promise<void> | null = null;
  private readonly exited: Promise<void>;
  /** LISTENs of this database, by channel: the worker listens once per channel. */
  private readonly listeners = new Map<string, Set<ChannelListener>>();
  /** Dumps being streamed, by the id of their call. */
  private readonly dumps = new Map<number, DumpPieces>();
  /** Callers in the middle of a sequence of calls on this worker (retain), and who waits for none. */
  private users = 0;
  private readonly unusedWaiters = new Set<() => void>();

  private constructor(
    readonly dataDir: string,
    /** Exposed for tests that simulate a crash; not part of the Database interface. */
    readonly worker: Worker,
  ) {
    worker.on('message', (msg: Reply | Notification | DumpPiece) => {
      if ('dumpPiece' in msg) this.dumps.get(msg.dumpPiece)?.piece(msg.bytes);
      else if ('notify' in msg) this.dispatch(msg);
      else this.settle(msg);
    });
    // 'error' (uncaught exception in the worker, e.g. a wasm abort) is always followed by 'exit'.
    worker.on('error', (err) => this.fail(this.deathError(err.message)));
    // The lock is held for as long as the thread lives, not merely until PGlite said it closed.
    this.exited = new Promise((resolve) => {
      worker.once('exit', (code) => {
        this.fail(this.deathError(`exit code ${code}`));
        releaseLock(dataDir);
        resolve();
      });
    });
  }

  /** Locks `dataDir`, starts the worker and waits until PGlite has opened (or created) the database. */
  static async open(dataDir: string, options: WorkerDatabaseOptions = {}): Promise<WorkerDatabase> {
    mkdirSync(dataDir, { recursive: true });
    acquireLock(dataDir);
    let worker: Worker;
    try {
      worker = await takeWorker();
      worker.postMessage({ open: { dataDir, settings: { ...DEFAULT_SETTINGS, ...options.settings } } });
      await new Promise<void>((resolve, reject) => {
        const onMessage = (msg: { ready?: boolean; error?: SerializedError }) => {
          if (msg.ready === undefined) return;
          cleanup();
          if (msg.ready) resolve();
          else reject(reviveError(msg.error ?? { kind: 'other', message: 'PGlite failed to start' }));
        };
        // Without an 'error' listener, a worker that fails to load would crash the whole process.
        let failure = '';
        const onError = (err: Error) => { failure = `: ${err.message}`; };
        const onExit = (code: number) => {
          cleanup();
          reject(new PlinthError('engine_unavailable', `The embedded database worker for ${dataDir} exited while starting (code ${code})${failure}.`));
        };
        const cleanup = () => {
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
      });
    } catch (err) {
      releaseLock(dataDir);
      throw err;
    } finally {
      replenishSpare();
    }
    return new WorkerDatabase(dataDir, worker);
  }

  /** Ends the worker at once, mid-query if need be; PGlite recovers the directory when it reopens. */
  async terminate(): Promise<void> {
    await this.worker.terminate();
    await this.exited;
  }

  get isOpen(): boolean {
    return this.goneError === null;
  }

  /**
   * A caller starts a sequence of calls (a transaction, a snapshot's checkpoint and copy): a close
   * that waits for `unused` lets it finish instead of cutting it off between two calls.
   */
  retain(): () => void {
    this.users += 1;
    let isHeld = true;
    return () => {
      if (!isHeld) return;
      isHeld = false;
      this.users -= 1;
      if (this.users === 0) for (const wake of this.unusedWaiters) wake();
    };
  }

  /** Resolves when no caller holds this worker, or after `maxWaitMs` (a long transaction does not hold a close forever). */
  unused(maxWaitMs: number): Promise<void> {
    if (this.users === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.unusedWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, maxWaitMs);
      this.unusedWaiters.add(done);
    });
  }

  private deathError(reason: string): Error {
    return new PlinthError(
      'engine_unavailable',
      `The embedded database worker for ${this.dataDir} stopped (${reason}); the query did not complete.`,
    );
  }

  private settle(msg: Reply): void {
    const call = this.pending.get(msg.id);
    if (!call) return;
    this.pending.delete(msg.id);
    if (msg.ok) call.resolve(msg.result);
    else call.reject(reviveError(msg.error));
  }

  private dispatch(msg: Notification): void {
    for (const listener of this.listeners.get(msg.notify) ?? []) listener.onNotify(msg.payload);
  }

  /** First caller wins: every pending and later call rejects with this error, every listener is lost. */
  private fail(error: Error): void {
    if (this.goneError) return;
    this.goneError = error;
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
    const lost = [...this.listeners.values()].flatMap((set) => [...set]);
    this.listeners.clear();
    for (const listener of lost) listener.onLost(error);
  }

  async listen(channel: string, onNotify: (payload: string) => void, onLost: (error: Error) => void): Promise<Listener> {
    assertChannelName(channel);
    const listener: ChannelListener = { onNotify, onLost };
    let set = this.listeners.get(channel);
    if (!set) {
      this.listeners.set(channel, (set = new Set()));
      try {
        await this.call('listen', { channel });
      } catch (error) {
        this.listeners.delete(channel);
        throw error;
      }
    }
    set.add(listener);
    return {
      close: async () => {
        if (!set.delete(listener) || set.size > 0 || this.listeners.get(channel) !== set) return;
        this.listeners.delete(channel);
        await this.call('unlisten', { channel }).catch(() => undefined);
      },
    };
  }

  private call<T>(op: string, payload: Record<string, unknown> = {}, id = this.nextId++): Promise<T> {
    if (this.goneError) return Promise.reject(this.goneError);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        this.worker.postMessage({ id, op, ...payload });
      } catch (err) {
        // DataCloneError: a parameter that cannot cross threads (a function, a symbol...).
        this.pending.delete(id);
        reject(err);
      }
    });
  }

  query<Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
    return this.call('query', { sql, params });
  }

  exec(sql: string): Promise<void> {
    return this.call('exec', { sql });
  }

  queryPrepared<Row = Record<string, unknown>>(setup: PreparedStatement, statement: PreparedStatement): Promise<QueryResult<Row>> {
    return this.prepared.run([setup, statement], (round) => this.call<QueryResult<Row>>('prepared', { round }));
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const txId = await this.call<number>('begin');
    const tx: Queryable = {
      query: <Row>(sql: string, params: unknown[] = []) => this.call<QueryResult<Row>>('txQuery', { txId, sql, params }),
      exec: (sql: string) => this.call<void>('txExec', { txId, sql }),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      // The caller's error matters more than a failed rollback (e.g. the worker already died).
      await this.call('rollback', { txId }).catch(() => {});
      throw err;
    }
    await this.call('commit', { txId });
    return result;
  }

  /**
   * Copies the database to `dir` while nothing else runs in it (see snapshotTo in pglite-worker.mjs);
   * returns the WAL position of the copy.
   */
  snapshotTo(dir: string): Promise<string> {
    return this.call('snapshotTo', { dir, exclude: [LOCK_FILE_NAME] });
  }

  /**
   * The plain-SQL dump of this database (pg_dump --inserts, plus `args`), in one REPEATABLE READ
   * transaction, streamed as pg_dump writes it. The worker does nothing else until the dump is done,
   * and waits while the stream's reader is behind: dump a snapshot of its own. Destroying the stream
   * before its end ends the worker (a wasm pg_dump cannot be stopped otherwise).
   */
  dumpStream(args: string[]): Readable {
    let id = 0;
    let done = false;
    const pieces = dumpPieces({
      start: async () => {
        id = this.nextId++; // the dump's pieces come under the id of its call
        this.dumps.set(id, pieces);
        try {
          await this.call('dumpStream', { args, inFlight: pieces.inFlight }, id);
          done = true;
          pieces.end();
        } finally {
          this.dumps.delete(id);
        }
      },
      stop: async () => {
        this.dumps.delete(id);
        if (!done && id !== 0) await this.terminate();
      },
    });
    return pieces.stream;
  }

  /** The pooler's exclusive use of this session for one client transaction (see wireBegin in pglite-worker.mjs). */
  async wireSession(): Promise<WireSession> {
    const wireId = await this.call<number>('wireBegin');
    let isOpen = true;
    return {
      exec: (bytes) => this.call<Uint8Array>('wireExec', { wireId, bytes }),
      release: async ({ rollback = false } = {}) => {
        if (!isOpen) return;
        isOpen = false;
        await this.call('wireEnd', { wireId, rollback });
      },
    };
  }

  /** Where the write-ahead log is now: it moves with every write, and only then. */
  async writePosition(): Promise<string> {
    const { rows } = await this.query<{ position: string }>('select pg_current_wal_lsn()::text as position');
    return rows[0].position;
  }

  /** Closes PGlite (flushing to disk), then ends the thread. Also the way to reap a dead worker. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.goneError) {
        await this.call('close').catch(() => {});
        this.fail(new PlinthError('engine_unavailable', `The embedded database ${this.dataDir} is closed.`));
      }
      await this.worker.terminate();
      await this.exited;
    })();
    return this.closing;
  }
}
