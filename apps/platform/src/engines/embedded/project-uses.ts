/**
 * Scale to zero on the embedded engine: what counts as a use of a project's worker, and the one
 * handle callers keep while the worker under it closes and reopens.
 *
 * A project's PGlite worker costs ~60-90 MB. One unused for PLINTH_IDLE_STOP_S with nothing in
 * flight is closed (embedded-engine.ts, stopIdle); the handle project() gave out stays valid, and its
 * next call reopens the worker first. Every call through the handle is a use for as long as it runs
 * (a transaction for its whole length), a listener for as long as it listens, a pooler client's
 * session from wireBegin to its release: none of them can have the worker closed under it.
 */
import type { Database, PreparedStatement, QueryResult, Queryable } from '../types.ts';
import type { WorkerDatabase } from './worker-database.ts';

interface Uses {
  /** Calls running now (uses and background work alike). */
  inFlight: number;
  /** When the last use began or ended (Date.now()). */
  lastUsed: number;
}

/** Per project: uses in flight and the time of the last one. */
export class ProjectUses {
  private readonly entries = new Map<string, Uses>();

  private entry(ref: string): Uses {
    let entry = this.entries.get(ref);
    if (!entry) this.entries.set(ref, (entry = { inFlight: 0, lastUsed: Date.now() }));
    return entry;
  }

  /** A use starts: counted in flight, and the project was used now. */
  enter(ref: string): void {
    const entry = this.entry(ref);
    entry.inFlight += 1;
    entry.lastUsed = Date.now();
  }

  leave(ref: string): void {
    const entry = this.entry(ref);
    entry.inFlight -= 1;
    entry.lastUsed = Date.now();
  }

  /** Background work (webhook polling): in flight so nothing closes under it, but no use of the project. */
  hold(ref: string): () => void {
    const entry = this.entry(ref);
    entry.inFlight += 1;
    let isHeld = true;
    return () => {
      if (isHeld) entry.inFlight -= 1;
      isHeld = false;
    };
  }

  /** The project was used now (its worker just opened). */
  touch(ref: string): void {
    this.entry(ref).lastUsed = Date.now();
  }

  /** Nothing in flight and no use for `idleMs`. */
  isIdle(ref: string, idleMs: number): boolean {
    const entry = this.entries.get(ref);
    return !entry || (entry.inFlight === 0 && Date.now() - entry.lastUsed >= idleMs);
  }

  forget(ref: string): void {
    if (this.entries.get(ref)?.inFlight === 0) this.entries.delete(ref);
  }
}

/**
 * The project's lasting handle: each call opens the worker if it is closed and counts as a use while
 * it runs. Prepared statements live in the worker, so after a reopen queryPrepared prepares again
 * (it sends the statement's text each time; WorkerDatabase keeps track).
 */
export function projectHandle(ref: string, uses: ProjectUses, worker: () => Promise<WorkerDatabase>): Database {
  const use = async <T>(fn: (db: WorkerDatabase) => Promise<T>): Promise<T> => {
    uses.enter(ref);
    try {
      const db = await worker();
      const release = db.retain();
      try {
        return await fn(db);
      } finally {
        release();
      }
    } finally {
      uses.leave(ref);
    }
  };
  return {
    query: <Row>(sql: string, params?: unknown[]) => use((db) => db.query<Row>(sql, params)),
    exec: (sql: string) => use((db) => db.exec(sql)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => use((db) => db.transaction(fn)),
    queryPrepared: <Row>(setup: PreparedStatement, statement: PreparedStatement): Promise<QueryResult<Row>> =>
      use((db) => db.queryPrepared<Row>(setup, statement)),
    // A listener is a use for as long as it listens: a project with realtime subscribers stays open.
    // A passive one is a use only while it starts; the worker's idle close ends it.
    listen: async (channel, onNotify, onLost, options) => {
      if (options?.passive) return use(async (db) => db.listen(channel, onNotify, onLost));
      uses.enter(ref);
      let isInUse = true;
      const release = () => {
        if (isInUse) uses.leave(ref);
        isInUse = false;
      };
      try {
        const listener = await (await worker()).listen(channel, onNotify, (error) => (release(), onLost(error)));
        return { close: async () => (release(), await listener.close()) };
      } catch (error) {
        release();
        throw error;
      }
    },
    // The worker's life is the engine's (idle stop, closeProject, close), not a caller's.
    close: async () => undefined,
  };
}
