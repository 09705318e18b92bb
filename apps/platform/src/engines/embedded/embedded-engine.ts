/**
 * Embedded engine: one PGlite per project, each in its own worker thread and data directory
 * `${dataDir}/projects/${ref}/db`.
 *
 * initdb in PGlite takes ~4–6 s, far over the 2 s project-creation budget, so the first creation
 * builds a bootstrapped template directory once (`${dataDir}/templates/<hash>`) and every project
 * starts as a copy of it. The copy (~40 MB, ~0.5 s) is made ahead of time: one spare copy waits in
 * `${dataDir}/spares`, a new project takes it with a rename, and the next spare is copied in the
 * background. The hash covers the PGlite version and the bootstrap SQL, so a
 * changed bootstrap or upgraded PGlite builds a fresh template instead of reusing a stale one.
 *
 * The SQL editor's reads run on a read-only snapshot in a second worker (read-snapshots.ts), so a
 * long one does not hold up the project's data plane; a dump runs on a snapshot of its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PlinthError } from '@plinth/errors';
import { serverAccessIn } from '@plinth/pg-meta';
import { bootstrapProject, bootstrapScript, type BootstrapOptions } from '../bootstrap.ts';
import { readInterruptibly } from '../interruptible.ts';
import { assertValidRef } from '../project-ref.ts';
import { serverVersion } from '../server-version.ts';
import type { ConnectionInfo, Database, Engine, ProjectLocation, Queryable, WireSession } from '../types.ts';
import { LOCK_FILE_NAME } from '../lock-file.ts';
import { observeDatabase } from '../observed-database.ts';
import type { DatabaseObserver } from '../observer.ts';
import { ReadSnapshots } from './read-snapshots.ts';
import { ensureVault, VAULT_KEY_SETTING, type VaultKeys } from '../vault.ts';
import { WorkerDatabase, type WorkerDatabaseOptions } from './worker-database.ts';

const TEMPLATE_READY_MARKER = '.plinth-template-ready';

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  // entry is .../@electric-sql/pglite/dist/index.cjs
  return (require(join(dirname(dirname(entry)), 'package.json')) as { version: string }).version;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

export class EmbeddedEngine implements Engine {
  readonly name = 'embedded' as const;
  readonly createsEveryAvailableExtension = true;
  private readonly open = new Map<string, Promise<WorkerDatabase>>();
  /** Closes in progress: a reopen must wait for the old worker to exit and release the lock. */
  private readonly closing = new Map<string, Promise<void>>();
  private template: Promise<string> | null = null;
  private spare: Promise<string | null> | null = null;
  private readonly snapshots: ReadSnapshots;
  /** False when the editor's reads run on the project's own worker (PLINTH_EMBEDDED_SQL_SNAPSHOTS=off). */
  private readonly editorReadsOnSnapshots: boolean;
  private readonly observer: DatabaseObserver | null;
  /** Each worker's observed handle, made once so a handle's identity lasts as long as its worker. */
  private readonly handles = new WeakMap<Database, Database>();
  private readonly vaultKeys: VaultKeys | null;

  constructor(
    private readonly dataDir: string,
    private readonly bootstrapOptions: BootstrapOptions = {},
    options: { readSnapshots?: boolean; observer?: DatabaseObserver; vaultKeys?: VaultKeys } = {},
  ) {
    this.vaultKeys = options.vaultKeys ?? null;
    this.snapshots = new ReadSnapshots(join(dataDir, 'snapshots'), (ref) => this.workerOptions(ref));
    this.editorReadsOnSnapshots = options.readSnapshots !== false;
    this.observer = options.observer ?? null;
  }

  /** What callers get: the worker itself, or with an observer, a handle that reports each statement. */
  private handleOf(ref: string, db: Database): Database {
    if (!this.observer) return db;
    let handle = this.handles.get(db);
    if (!handle) this.handles.set(db, (handle = observeDatabase(db, { ref, user: 'postgres', database: 'postgres' }, this.observer)));
    return handle;
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

  /** Builds (or finds) the bootstrapped template; memoised so concurrent creations build it once. */
  private templateDir(): Promise<string> {
    this.template ??= this.buildTemplate().catch((err) => {
      this.template = null;
      throw err;
    });
    return this.template;
  }

  private async buildTemplate(): Promise<string> {
    const script = bootstrapScript('embedded', this.bootstrapOptions);
    const hash = createHash('sha256').update(`${pgliteVersion()}\n${script}`).digest('hex').slice(0, 16);
    const finalDir = join(this.dataDir, 'templates', hash);
    if (await exists(join(finalDir, TEMPLATE_READY_MARKER))) return finalDir;
    // Built aside and renamed into place, so a crash never leaves a half template that looks ready.
    const buildDir = `${finalDir}.build-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      const db = await WorkerDatabase.open(buildDir);
      try {
        await bootstrapProject(db, 'embedded', this.bootstrapOptions);
      } finally {
        await db.close();
      }
      await writeFile(join(buildDir, TEMPLATE_READY_MARKER), new Date().toISOString());
      await rm(finalDir, { recursive: true, force: true });
      await rename(buildDir, finalDir);
    } catch (err) {
      await rm(buildDir, { recursive: true, force: true });
      if (await exists(join(finalDir, TEMPLATE_READY_MARKER))) return finalDir; // another builder won
      throw err;
    }
    return finalDir;
  }

  async prepare(): Promise<void> {
    await this.templateDir();
    // Spares left by an earlier run may come from another template; this process holds the lock.
    await rm(join(this.dataDir, 'spares'), { recursive: true, force: true });
    await this.snapshots.removeLeftovers();
    this.refillSpare();
    await this.spare;
  }

  private copyTemplate(template: string, to: string): Promise<void> {
    return cp(template, to, {
      recursive: true,
      filter: (src) => !src.endsWith(LOCK_FILE_NAME) && !src.endsWith(TEMPLATE_READY_MARKER),
    });
  }

  private refillSpare(): void {
    this.spare = (async () => {
      const template = await this.templateDir();
      const dir = join(this.dataDir, 'spares', randomBytes(6).toString('hex'));
      await mkdir(dirname(dir), { recursive: true });
      await this.copyTemplate(template, dir);
      return dir;
    })().catch(() => null);
  }

  /** The project's database directory: the spare moved into place, or a fresh copy. */
  private async placeDatabase(ref: string): Promise<void> {
    // Taken synchronously, so two creations at once never get the same spare.
    const pending = this.spare;
    this.refillSpare();
    const spare = pending ? await pending : null;
    await mkdir(this.projectDir(ref), { recursive: true });
    if (spare) await rename(spare, this.dbDir(ref));
    else await this.copyTemplate(await this.templateDir(), this.dbDir(ref));
  }

  async createProject(ref: string, _options: { dbPassword: string }): Promise<ProjectLocation> {
    // No password on embedded: nobody can connect to a PGlite instance but this process.
    assertValidRef(ref);
    if (await exists(this.projectDir(ref))) throw new Error(`Project ${ref} already exists in ${this.dataDir}.`);
    try {
      await this.placeDatabase(ref);
      const location = { ref, server: null };
      await this.worker(location); // a new project is about to be used: open it now
      return location;
    } catch (err) {
      await this.dropProject({ ref, server: null }).catch(() => {});
      throw err;
    }
  }

  async project(location: ProjectLocation): Promise<Database> {
    const db = await this.worker(location);
    // Older projects get the vault schema; a failure is retried on the next open, not fatal to the project.
    await ensureVault(db).catch(() => undefined);
    return this.handleOf(location.ref, db);
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
    const dir = this.dbDir(ref);
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
    // Opens a closed project: "live" means it can answer, not that it is open right now.
    try {
      const db = await this.worker(location);
      await db.query('select 1');
      return true;
    } catch {
      return false;
    }
  }

  async whenOpen<T>(location: ProjectLocation, fn: (db: Queryable) => Promise<T>): Promise<T | null> {
    const opening = this.open.get(location.ref);
    const db = opening ? await opening.catch(() => null) : null;
    // On the worker itself, not the observed handle: the platform's polling is no statement of the project's.
    return db?.isOpen ? fn(db) : null;
  }

  async readSnapshot<T>(location: ProjectLocation, read: (db: Database) => Promise<T>, signal: AbortSignal): Promise<T> {
    const primary = await this.worker(location);
    const observedRead = (db: Database) => read(this.handleOf(location.ref, db));
    if (this.editorReadsOnSnapshots) return this.snapshots.read(location.ref, primary, observedRead, signal);
    return readInterruptibly(primary, observedRead, signal, () => this.interrupt(location));
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

  async closeProject(location: ProjectLocation): Promise<void> {
    await this.snapshots.closeProject(location.ref);
    const opening = this.open.get(location.ref);
    if (!opening) return;
    this.open.delete(location.ref);
    const closed = opening.then((db) => db.close(), () => {});
    this.closing.set(location.ref, closed);
    try {
      await closed;
    } finally {
      if (this.closing.get(location.ref) === closed) this.closing.delete(location.ref);
    }
  }

  async dropProject(location: ProjectLocation): Promise<void> {
    await this.closeProject(location);
    await rm(this.projectDir(location.ref), { recursive: true, force: true });
  }

  async dump(location: ProjectLocation, pgDumpArgs: string[]): Promise<string> {
    // Always on a snapshot of its own, even with the editor's snapshots off: pg_dump blocks the
    // worker it runs in for the whole dump, so neither the project's one worker (its data plane)
    // nor the editor's shared snapshot (its reads) can be that worker.
    const primary = await this.worker(location);
    return this.snapshots.withOwnSnapshot(location.ref, primary, (db) => db.dump(pgDumpArgs));
  }

  async postgresVersion(location: ProjectLocation): Promise<string> {
    return serverVersion(await this.worker(location));
  }

  async setLoginPassword(): Promise<void> {
    // PGlite has no logins: the pooler checks the project's stored password itself.
  }

  async wireTarget(): Promise<null> {
    return null; // no server: see wireSession
  }

  async wireSession(location: ProjectLocation): Promise<WireSession> {
    return (await this.worker(location)).wireSession();
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
    // A spare still being copied would write into a directory the caller may remove next.
    await this.spare;
    await Promise.all([...this.open.keys()].map((ref) => this.closeProject({ ref, server: null })));
    await this.snapshots.close();
  }
}
