/**
 * Embedded engine: one PGlite per project, each in its own worker thread and data directory
 * `${dataDir}/projects/${ref}/db`.
 *
 * A project starts as a copy of a bootstrapped template, made ahead of time (templates.ts).
 *
 * The SQL editor's reads run on a read-only snapshot in a second worker (read-snapshots.ts), so a
 * long one does not hold up the project's data plane; a dump runs on a snapshot of its own.
 *
 * Scale to zero (project-uses.ts): a worker unused for `idleStopMs` with nothing in flight is closed,
 * and the project's handle reopens it on its next call.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { PlinthError } from '@plinth/errors';
import { serverAccessIn } from '@plinth/pg-meta';
import type { BootstrapOptions } from '../bootstrap.ts';
import { archiveDirectory, extractDirectory } from '../directory-archive.ts';
import { streamOpenedLater } from '../dump-stream.ts';
import { readInterruptibly } from '../interruptible.ts';
import { alterSystemReadOnlySql } from '../read-only.ts';
import { LOCK_FILE_NAME } from '../lock-file.ts';
import { assertValidRef } from '../project-ref.ts';
import { serverVersion } from '../server-version.ts';
import type { ConnectionInfo, Database, Engine, ProjectArchive, ProjectLocation, Queryable, WireSession } from '../types.ts';
import { observeDatabase } from '../observed-database.ts';
import type { DatabaseObserver } from '../observer.ts';
import { ReadSnapshots } from './read-snapshots.ts';
import { projectHandle, ProjectUses } from './project-uses.ts';
import { ProjectTemplates } from './templates.ts';
import { ensureVault, VAULT_KEY_SETTING, type VaultKeys } from '../vault.ts';
import { WorkerDatabase, type WorkerDatabaseOptions } from './worker-database.ts';

/** How long callers in the middle of work on a worker get before a read-only switch closes it anyway. */
const SWITCH_DRAIN_MS = 10_000;

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

export class EmbeddedEngine implements Engine {
  readonly name = 'embedded' as const;
  readonly createsEveryAvailableExtension = true;
  private readonly open = new Map<string, Promise<WorkerDatabase>>();
  /** Closes in progress: a reopen must wait for the old worker to exit and release the lock. */
  private readonly closing = new Map<string, Promise<void>>();
  /** Read-only switches in progress, by ref (setReadOnly): each waits for the one before it. */
  private readonly switching = new Map<string, Promise<void>>();
  private readonly templates: ProjectTemplates;
  private readonly snapshots: ReadSnapshots;
  /** False when the editor's reads run on the project's own worker (PLINTH_EMBEDDED_SQL_SNAPSHOTS=off). */
  private readonly editorReadsOnSnapshots: boolean;
  private readonly observer: DatabaseObserver | null;
  /** Each snapshot worker's observed handle, made once so a handle's identity lasts as long as its worker. */
  private readonly snapshotHandles = new WeakMap<Database, Database>();
  /** Each project's lasting handle (project-uses.ts), observed when there is an observer. */
  private readonly handles = new Map<string, Database>();
  private readonly uses = new ProjectUses();
  /** Projects being archived by a pause: closed, and not opened again until dropped or released. */
  private readonly held = new Set<string>();
  /** Projects whose worker scale to zero closed: live without being opened (see isLive). */
  private readonly idleStopped = new Set<string>();
  private readonly idleTimer: NodeJS.Timeout | null;
  private readonly vaultKeys: VaultKeys | null;

  constructor(
    private readonly dataDir: string,
    private readonly bootstrapOptions: BootstrapOptions = {},
    options: { readSnapshots?: boolean; observer?: DatabaseObserver; vaultKeys?: VaultKeys; idleStopMs?: number; log?: (message: string) => void } = {},
  ) {
    this.vaultKeys = options.vaultKeys ?? null;
    this.templates = new ProjectTemplates(dataDir, bootstrapOptions);
    const idleStopMs = options.idleStopMs ?? 0;
    this.idleTimer = idleStopMs > 0 ? setInterval(() => void this.stopIdle(idleStopMs, options.log), Math.min(idleStopMs / 4, 30_000)) : null;
    this.idleTimer?.unref();
    this.snapshots = new ReadSnapshots(join(dataDir, 'snapshots'), (ref) => this.workerOptions(ref));
    this.editorReadsOnSnapshots = options.readSnapshots !== false;
    this.observer = options.observer ?? null;
  }

  /** A snapshot worker as callers get it: itself, or with an observer, a handle that reports each statement. */
  private observed(ref: string, db: Database): Database {
    if (!this.observer) return db;
    let handle = this.snapshotHandles.get(db);
    if (!handle) this.snapshotHandles.set(db, (handle = observeDatabase(db, { ref, user: 'postgres', database: 'postgres' }, this.observer)));
    return handle;
  }

  /** The project's lasting handle: valid across idle stops, observed when there is an observer. */
  private handleOf(ref: string): Database {
    let handle = this.handles.get(ref);
    if (!handle) {
      const base = projectHandle(ref, this.uses, () => this.worker({ ref, server: null }));
      handle = this.observer ? observeDatabase(base, { ref, user: 'postgres', database: 'postgres' }, this.observer) : base;
      this.handles.set(ref, handle);
    }
    return handle;
  }

  /** `fn` on the project's worker, opened if need be, as a use (an idle stop cannot cut it off). */
  private async using<T>(ref: string, fn: (db: WorkerDatabase) => Promise<T>): Promise<T> {
    this.uses.enter(ref);
    try {
      const db = await this.worker({ ref, server: null });
      const release = db.retain();
      try {
        return await fn(db);
      } finally {
        release();
      }
    } finally {
      this.uses.leave(ref);
    }
  }

  /** A project's workers start with its vault key as a setting: given on start, never written to its files. */
  private workerOptions(ref: string): WorkerDatabaseOptions {
    return this.vaultKeys ? { settings: { [VAULT_KEY_SETTING]: this.vaultKeys(ref) } } : {};
  }

  private projectDir(ref: string): string {
    return join(this.dataDir, 'projects', ref);
  }

  private dbDir(ref: string): string {
    return join(this.projectDir(ref), 'db');
  }

  async prepare(): Promise<void> {
    await this.snapshots.removeLeftovers();
    await this.templates.prepare();
  }

  /** The project's database directory: the spare moved into place, or a fresh copy. */
  private async placeDatabase(ref: string): Promise<void> {
    await mkdir(this.projectDir(ref), { recursive: true });
    await this.templates.placeDatabase(this.dbDir(ref));
  }

  async createProject(ref: string, _options: { dbPassword: string }): Promise<ProjectLocation> {
    // No password on embedded: nobody can connect to a PGlite instance but this process.
    assertValidRef(ref);
    if (await exists(this.projectDir(ref))) throw new Error(`Project ${ref} already exists in ${this.dataDir}.`);
    try {
      await this.placeDatabase(ref);
      const location = { ref, server: null };
      await this.using(ref, async () => undefined); // a new project is about to be used: open it now
      return location;
    } catch (err) {
      await this.dropProject({ ref, server: null }).catch(() => {});
      throw err;
    }
  }

  async cloneProject(source: ProjectLocation, ref: string): Promise<ProjectLocation> {
    assertValidRef(ref);
    if (await exists(this.projectDir(ref))) throw new Error(`Project ${ref} already exists in ${this.dataDir}.`);
    const location = { ref, server: null };
    try {
      await mkdir(this.projectDir(ref), { recursive: true });
      // The source's worker holds still (CHECKPOINT and copy in one hold), as for a read snapshot.
      await this.using(source.ref, (primary) => primary.snapshotTo(this.dbDir(ref)));
      await this.using(ref, async () => undefined);
      return location;
    } catch (err) {
      await this.dropProject(location).catch(() => {});
      throw err;
    }
  }

  async project(location: ProjectLocation): Promise<Database> {
    // Older projects get the vault schema; a failure is retried on the next open, not fatal to the project.
    await this.using(location.ref, (db) => ensureVault(db).catch(() => undefined));
    return this.handleOf(location.ref);
  }

  /** Opens on first use; concurrent callers share one opening; a dead worker is replaced. */
  private async worker(location: ProjectLocation): Promise<WorkerDatabase> {
    const { ref } = location;
    const current = this.open.get(ref);
    if (current) {
      const db = await current; // a failed opening fails every caller that shared it
      if (db.isOpen) return db;
      // The worker died: reap it so its lock is released, then open afresh.
      if (this.open.get(ref) === current) await this.closeProject(location);
      return this.worker(location);
    }
    if (this.held.has(ref)) throw new PlinthError('project_unavailable', 'The project is being paused.');
    const dir = this.dbDir(ref);
    this.idleStopped.delete(ref);
    this.uses.touch(ref); // just opened: a full idle period before it may close again
    const opening = (async () => {
      await this.closing.get(ref);
      if (!(await exists(join(dir, 'PG_VERSION')))) throw new Error(`Project ${ref} has no database in ${dir}.`);
      return WorkerDatabase.open(dir, this.workerOptions(ref));
    })();
    this.open.set(ref, opening);
    opening.catch(() => {
      if (this.open.get(ref) === opening) this.open.delete(ref);
    });
    return opening;
  }

  async isLive(location: ProjectLocation): Promise<boolean> {
    const { ref } = location;
    // An open worker answers without the check counting as a use (a polling studio keeps nothing awake).
    if ((await this.whenOpen(location, (db) => db.query('select 1')).catch(() => null)) !== null) return true;
    // Stopped for idleness: live while its data directory is whole, without reopening it (a health
    // check must not undo scale to zero).
    if (this.idleStopped.has(ref) && !this.open.has(ref)) return exists(join(this.dbDir(ref), 'PG_VERSION'));
    // Otherwise it opens a closed project: "live" means it can answer, not that it is open right now.
    try {
      await this.using(ref, (db) => db.query('select 1'));
      return true;
    } catch {
      return false;
    }
  }

  async whenOpen<T>(location: ProjectLocation, fn: (db: Queryable) => Promise<T>): Promise<T | null> {
    const opening = this.open.get(location.ref);
    if (!opening) return null;
    // In flight, so an idle stop waits for it, but no use: polling must not keep the worker open.
    const release = this.uses.hold(location.ref);
    try {
      const db = await opening.catch(() => null);
      // On the worker itself, not the observed handle: the platform's polling is no statement of the project's.
      return db?.isOpen ? await fn(db) : null;
    } finally {
      release();
    }
  }

  async readSnapshot<T>(location: ProjectLocation, read: (db: Database) => Promise<T>, signal: AbortSignal): Promise<T> {
    return this.using(location.ref, (primary) => {
      const observedRead = (db: Database) => read(this.observed(location.ref, db));
      if (this.editorReadsOnSnapshots) return this.snapshots.read(location.ref, primary, observedRead, signal);
      return readInterruptibly(primary, observedRead, signal, () => this.interrupt(location));
    });
  }

  assertRunnable(statement: string): void {
    // PGlite has no server around it: a program would hang the database (measured: COPY TO PROGRAM
    // answers, then the next query never does), and "server files" are PGlite's in-memory ones.
    const feature = serverAccessIn(statement);
    if (feature) {
      throw new PlinthError('engine_feature_unavailable', `${feature} is not available on the embedded engine: it has no server programs or files.`, { feature });
    }
  }

  async interrupt(location: ProjectLocation): Promise<void> {
    await this.snapshots.closeProject(location.ref);
    const opening = this.open.get(location.ref);
    if (!opening) return;
    this.open.delete(location.ref);
    const ended = opening.then((db) => db.terminate(), () => {});
    this.closing.set(location.ref, ended);
    try {
      await ended;
    } finally {
      if (this.closing.get(location.ref) === ended) this.closing.delete(location.ref);
    }
  }

  /**
   * PGlite reads no database settings (ALTER DATABASE ... SET) when it starts, but does read
   * postgresql.auto.conf, and the instance is the project's alone: ALTER SYSTEM is its database
   * setting. Its one session takes the new default when the worker opens again, now.
   */
  async setReadOnly(location: ProjectLocation, readOnly: boolean): Promise<void> {
    // One switch of a project at a time: two checks switching at once interleave their closes and
    // opens, and an open can then meet the lock of a worker still closing.
    const previous = this.switching.get(location.ref) ?? Promise.resolve();
    const switched = previous.catch(() => undefined).then(async () => {
      await this.using(location.ref, (db) => db.exec(alterSystemReadOnlySql(readOnly)));
      // Snapshots (the editor's reads) are read-only whatever the default, and may be in use: kept.
      // Callers mid-sequence on the old worker (an editor statement, a transaction) finish first.
      await this.closeWorker(location.ref, { keepSnapshots: true, drainMs: SWITCH_DRAIN_MS });
      await this.worker(location);
    });
    this.switching.set(location.ref, switched);
    try {
      await switched;
    } finally {
      if (this.switching.get(location.ref) === switched) this.switching.delete(location.ref);
    }
  }

  async closeProject(location: ProjectLocation): Promise<void> {
    this.idleStopped.delete(location.ref);
    await this.closeWorker(location.ref);
  }

  async restartProject(location: ProjectLocation): Promise<void> {
    await this.closeProject(location);
    await this.project(location);
  }

  /**
   * Closes the project's workers. Taken out of `open` before the first await, so a use arriving
   * meanwhile waits for this close and opens afresh instead of getting a worker about to close.
   */
  private async closeWorker(ref: string, options: { keepSnapshots?: boolean; drainMs?: number } = {}): Promise<void> {
    const opening = this.open.get(ref);
    this.open.delete(ref);
    const closed = (async () => {
      if (!options.keepSnapshots) await this.snapshots.closeProject(ref);
      await opening?.then(async (db) => {
        if (options.drainMs) await db.unused(options.drainMs);
        await db.close();
      }, () => {});
    })();
    this.closing.set(ref, closed);
    try {
      await closed;
    } finally {
      if (this.closing.get(ref) === closed) this.closing.delete(ref);
    }
  }

  /** Scale to zero: workers unused for `idleStopMs`, with nothing in flight, are closed. */
  private async stopIdle(idleStopMs: number, log?: (message: string) => void): Promise<void> {
    for (const ref of [...this.open.keys()]) {
      if (!this.uses.isIdle(ref, idleStopMs)) continue;
      await this.scaleToZero({ ref, server: null }).catch((error: unknown) => log?.(`closing idle project ${ref} failed: ${String(error)}`));
    }
  }

  /** Closes a project's worker now, as the idle timer would (tests and benchmarks measure the wake). */
  async scaleToZero(location: ProjectLocation): Promise<void> {
    if (!this.open.has(location.ref)) return;
    this.idleStopped.add(location.ref);
    await this.closeWorker(location.ref);
  }

  /** Project workers open now (snapshot workers not counted). */
  get openWorkers(): number {
    return this.open.size;
  }

  /** Whether the project's worker is open now. */
  isRunning(location: ProjectLocation): boolean {
    return this.open.has(location.ref);
  }

  /** The project's worker while it is open (tests end it to simulate a crash). */
  async currentWorker(location: ProjectLocation): Promise<WorkerDatabase | null> {
    return (await this.open.get(location.ref)?.catch(() => null)) ?? null;
  }

  async archive(location: ProjectLocation): Promise<ProjectArchive> {
    this.held.add(location.ref);
    // Closed, its worker gone and its lock released: the files are a clean shutdown's.
    await this.closeProject(location);
    return { body: archiveDirectory(this.dbDir(location.ref), (entry) => entry === `./${LOCK_FILE_NAME}`), format: 'tar.gz' };
  }

  async releaseHold(location: ProjectLocation): Promise<void> {
    this.held.delete(location.ref);
  }

  async unarchive(ref: string, archive: Readable): Promise<ProjectLocation> {
    assertValidRef(ref);
    const location = { ref, server: null };
    await this.closeProject(location);
    await mkdir(this.projectDir(ref), { recursive: true });
    await extractDirectory(this.dbDir(ref), archive, null);
    this.held.delete(ref);
    return location;
  }

  async dropProject(location: ProjectLocation): Promise<void> {
    this.held.delete(location.ref);
    await this.closeProject(location);
    this.handles.delete(location.ref);
    this.uses.forget(location.ref);
    await rm(this.projectDir(location.ref), { recursive: true, force: true });
  }

  dumpStream(location: ProjectLocation, pgDumpArgs: string[]): Readable {
    // Always on a snapshot of its own, even with the editor's snapshots off: pg_dump blocks the
    // worker it runs in for the whole dump, so neither the project's one worker (its data plane)
    // nor the editor's shared snapshot (its reads) can be that worker. The snapshot (and the use of
    // the project, so scale to zero waits) lasts until the stream closes.
    return streamOpenedLater(() => new Promise<Readable>((opened, failed) => {
      this.using(location.ref, (primary) => this.snapshots.withOwnSnapshot(location.ref, primary, (db) => {
        const dump = db.dumpStream(pgDumpArgs);
        opened(dump);
        return finished(dump).catch(() => undefined); // the stream's reader sees its error
      })).catch(failed);
    }));
  }

  async postgresVersion(location: ProjectLocation): Promise<string> {
    return this.using(location.ref, (db) => serverVersion(db));
  }

  async setLoginPassword(): Promise<void> {
    // PGlite has no logins: the pooler checks the project's stored password itself.
  }

  async wireTarget(): Promise<null> {
    return null; // no server: see wireSession
  }

  /** A use of the project from the moment it is asked for until the pooler releases it. */
  async wireSession(location: ProjectLocation): Promise<WireSession> {
    const { ref } = location;
    this.uses.enter(ref);
    let session: WireSession;
    try {
      session = await (await this.worker(location)).wireSession();
    } catch (error) {
      this.uses.leave(ref);
      throw error;
    }
    let isInUse = true;
    return {
      exec: (bytes) => session.exec(bytes),
      release: async (options) => {
        try {
          await session.release(options);
        } finally {
          if (isInUse) this.uses.leave(ref);
          isInUse = false;
        }
      },
    };
  }

  connectionInfo(_location: ProjectLocation): ConnectionInfo {
    return { host: 'embedded', port: 0, database: 'postgres', user: 'postgres' };
  }

  async privilegedExtensions(): Promise<string[]> {
    return []; // the session is a superuser's: the owner creates every available extension itself
  }

  async createPrivilegedExtension(): Promise<void> {
    throw new PlinthError('engine_feature_unavailable', 'Extensions are created directly on the embedded engine.');
  }

  async dropPrivilegedExtension(): Promise<void> {
    throw new PlinthError('engine_feature_unavailable', 'Extensions are dropped directly on the embedded engine.');
  }

  async serverStatementStats(): Promise<null> {
    return null; // PGlite has no pg_stat_statements: the platform records the statements it runs
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearInterval(this.idleTimer);
    // A spare still being copied would write into a directory the caller may remove next.
    await this.templates.settled();
    await Promise.all([...this.open.keys()].map((ref) => this.closeProject({ ref, server: null })));
    await this.snapshots.close();
  }
}
