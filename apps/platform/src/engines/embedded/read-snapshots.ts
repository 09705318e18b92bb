/**
 * Read-only snapshots of embedded projects, for the SQL editor's reads.
 *
 * A PGlite query blocks the worker thread that runs it, and an embedded project has one worker, so a
 * long editor read on it would hold up the project's REST, auth and studio until it ended. A snapshot
 * is a copy of the project's data directory, made while the project's worker holds still (CHECKPOINT
 * and the copy in one exclusive hold of its PGlite, see pglite-worker.mjs), opened in a worker of its
 * own. It is reused while the project's WAL position has not moved (nothing was written since: a
 * position read by the database itself, so REST, auth and editor writes all count, with no
 * bookkeeping to forget), made afresh otherwise, and closed, its directory removed, once idle.
 *
 * A dump takes a snapshot of its own instead (withOwnSnapshot): pg_dump blocks its worker for the
 * whole dump and runs its own transaction and settings in the session, which the editor's reads on
 * a shared snapshot would queue behind or run inside.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PlinthError } from '@plinth/errors';
import { readInterruptibly } from '../interruptible.ts';
import type { WorkerDatabaseOptions } from './worker-database.ts';
import type { Database } from '../types.ts';
import { WorkerDatabase } from './worker-database.ts';

/** A snapshot nobody read for this long is closed (its worker holds ~60 MB). */
const SNAPSHOT_IDLE_MS = 60_000;

/** WAL positions ("16/B374D848") as numbers, to tell which of two is later. */
function walOffset(position: string): bigint {
  const [high, low] = position.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** A snapshot made for one use (withOwnSnapshot); `db` once its worker has opened. */
interface OwnSnapshot {
  db: WorkerDatabase | null;
  stopped: boolean;
}

class Snapshot {
  users = 0;
  private retired = false;
  private idle: NodeJS.Timeout | null = null;

  constructor(
    readonly db: WorkerDatabase,
    readonly position: string,
    private readonly onRetired: (snapshot: Snapshot) => void,
  ) {}

  get isUsable(): boolean {
    return !this.retired && this.db.isOpen;
  }

  enter(): void {
    this.users++;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
  }

  leave(): void {
    this.users--;
    if (this.users > 0) return;
    if (this.retired) void this.dispose();
    else this.idle = setTimeout(() => this.retire(), SNAPSHOT_IDLE_MS).unref();
  }

  /** No new reads; closed once the running ones are done. */
  retire(): void {
    if (this.retired) return;
    this.retired = true;
    this.onRetired(this);
    if (this.users === 0) void this.dispose();
  }

  /** Ends the worker mid-query: the only way to stop a PGlite statement. */
  async stop(): Promise<void> {
    this.retire();
    await this.db.terminate();
  }

  private async dispose(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    await this.db.close().catch(() => undefined);
    await rm(this.db.dataDir, { recursive: true, force: true });
  }
}

export class ReadSnapshots {
  private readonly current = new Map<string, Snapshot>();
  private readonly making = new Map<string, Promise<Snapshot>>();
  /** Snapshots made for one use, by project, so closing the project ends them too. */
  private readonly owned = new Map<string, Set<OwnSnapshot>>();
  /** This process's snapshots live under one directory, so a later start can remove what a crash left. */
  private readonly dir: string;

  constructor(
    private readonly root: string,
    /** How a project's snapshot workers open: with its settings (the vault key), as its own worker. */
    private readonly openOptions: (ref: string) => WorkerDatabaseOptions = () => ({}),
  ) {
    this.dir = join(root, `${process.pid}-${randomBytes(4).toString('hex')}`);
  }

  /** Removes snapshot directories of earlier processes. */
  async removeLeftovers(): Promise<void> {
    const entries = await readdir(this.root).catch(() => [] as string[]);
    await Promise.all(entries.map((name) => join(this.root, name)).filter((path) => path !== this.dir).map((path) => rm(path, { recursive: true, force: true })));
  }

  /** Runs `read` on a snapshot of `primary` no older than now; aborting `signal` ends the snapshot's worker. */
  async read<T>(ref: string, primary: WorkerDatabase, read: (db: Database) => Promise<T>, signal: AbortSignal): Promise<T> {
    signal.throwIfAborted();
    const snapshot = await this.fresh(ref, primary);
    snapshot.enter();
    try {
      signal.throwIfAborted();
      return await readInterruptibly(snapshot.db, read, signal, () => snapshot.stop());
    } finally {
      snapshot.leave();
    }
  }

  /**
   * Runs `use` on a snapshot of `primary` made for it alone, as it is now, and removed after. The
   * project holds still only while the copy is made. Closing the project ends `use` (its worker is
   * ended, as a read's would be), also when it comes while the copy is still being made.
   */
  async withOwnSnapshot<T>(ref: string, primary: WorkerDatabase, use: (db: WorkerDatabase) => Promise<T>): Promise<T> {
    const dir = join(this.dir, `${ref}-own-${randomBytes(4).toString('hex')}`);
    const own: OwnSnapshot = { db: null, stopped: false };
    const owns = this.owned.get(ref) ?? new Set<OwnSnapshot>();
    this.owned.set(ref, owns.add(own));
    try {
      await primary.snapshotTo(dir);
      if (!own.stopped) own.db = await WorkerDatabase.open(dir, this.openOptions(ref));
      if (own.stopped || !own.db) throw new PlinthError('engine_unavailable', `Project ${ref} was closed while its snapshot was being made.`);
      return await use(own.db);
    } finally {
      owns.delete(own);
      if (owns.size === 0 && this.owned.get(ref) === owns) this.owned.delete(ref);
      await own.db?.close();
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** A snapshot that has every write the project had when this was called. */
  private async fresh(ref: string, primary: WorkerDatabase): Promise<Snapshot> {
    const position = walOffset(await primary.writePosition());
    for (;;) {
      const current = this.current.get(ref);
      if (current?.isUsable && walOffset(current.position) >= position) return current;
      // Callers at the same moment share one copy; one that began before our position was read may
      // miss a write we must see, so it is checked like any other.
      let making = this.making.get(ref);
      if (!making) {
        making = this.make(ref, primary).finally(() => this.making.delete(ref));
        this.making.set(ref, making);
      }
      const made = await making;
      if (walOffset(made.position) >= position) return made;
    }
  }

  private async make(ref: string, primary: WorkerDatabase): Promise<Snapshot> {
    const dir = join(this.dir, `${ref}-${randomBytes(4).toString('hex')}`);
    try {
      const position = await primary.snapshotTo(dir);
      const snapshot = new Snapshot(await WorkerDatabase.open(dir, this.openOptions(ref)), position, (retired) => {
        if (this.current.get(ref) === retired) this.current.delete(ref);
      });
      this.current.get(ref)?.retire();
      this.current.set(ref, snapshot);
      return snapshot;
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
  }

  /** Ends the project's snapshot (pause, drop, interrupt of the project). */
  async closeProject(ref: string): Promise<void> {
    await this.making.get(ref)?.catch(() => undefined);
    await this.current.get(ref)?.stop();
    await Promise.all([...(this.owned.get(ref) ?? [])].map((own) => {
      own.stopped = true;
      return own.db?.terminate();
    }));
  }

  async close(): Promise<void> {
    const refs = new Set([...this.current.keys(), ...this.owned.keys()]);
    await Promise.all([...refs].map((ref) => this.closeProject(ref)));
    await rm(this.dir, { recursive: true, force: true });
  }
}
