/**
 * @tus/server's per-upload lock, held across nodes: a lease row in the platform database
 * (`resumable_upload_locks`, migration 0042). @tus/server takes it around each PATCH, HEAD and
 * DELETE; its default MemoryLocker only keeps requests of one process apart, and an upload's chunks
 * may reach any node.
 *
 * - Taking it is one statement: insert, or take over a row whose lease has lapsed. While held, the
 *   lease is renewed every RENEW_MS, so a node that dies (kill -9, a lost machine) lets go within
 *   LEASE_MS; unlock deletes the row. Times are the database's (`now()`), never a node's clock.
 * - An acquirer that finds it held asks the holder to finish early (tus's requestRelease: the
 *   holder's request stops reading its body after lockDrainTimeout, keeps what arrived, and lets go):
 *   directly when the holder is a request of this node, else on the cluster bus, addressed to the
 *   holder's node. It then tries again with a short back-off until tus's acquire timeout. A waiter is
 *   also woken as soon as a request of its own node lets go, so one node (local and embedded
 *   engines) mostly costs two statements per request: insert and delete.
 */
import { randomBytes } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { errorMessage } from '@plinth/errors';
import type { ClusterBus } from '../../control/cluster-bus.ts';
import type { Queryable } from '../../engines/types.ts';

/** Bus channel: `{ node, holder, uploadId }`, asking `node` to make its request `holder` let go. */
export const RESUMABLE_RELEASE = 'resumable_release';
/** How long a lock outlives its holder's last renewal. */
export const LEASE_MS = 6000;
const RENEW_MS = 2000;
/** @tus/server's own default (MemoryLocker): how long a request waits for the lock. */
const ACQUIRE_TIMEOUT_MS = 30_000;
/** Back-off between tries, doubling from the first to the last. */
const RETRY_FIRST_MS = 25;
const RETRY_MAX_MS = 250;
/** How often a waiter asks the same holder again (a message lost on a bus reconnect). */
const ASK_AGAIN_MS = 1000;

interface Held {
  uploadId: string;
  requestRelease: RequestRelease;
}

interface ReleaseAsk {
  node?: unknown;
  holder?: unknown;
}

export interface DatabaseLockerOptions {
  db: Queryable;
  bus: ClusterBus;
  log?: (message: string) => void;
  acquireTimeoutMs?: number;
}

export class DatabaseLocker implements Locker {
  /** This node's holders (and those about to insert), by holder id. */
  private readonly held = new Map<string, Held>();
  /** Callbacks of this node's waiters, by upload id: called when a request here lets go of it. */
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly acquireTimeoutMs: number;
  private readonly stopListening: () => void;

  constructor(private readonly options: DatabaseLockerOptions) {
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS;
    this.stopListening = options.bus.isShared
      ? options.bus.subscribe(RESUMABLE_RELEASE, (payload) => {
        const ask = payload as ReleaseAsk | null;
        if (ask?.node === options.bus.nodeId && typeof ask.holder === 'string') void this.askToRelease(ask.holder);
      })
      : () => undefined;
  }

  newLock(id: string): Lock {
    return new DatabaseLock(id, this);
  }

  close(): void {
    this.stopListening();
  }

  /** Deletes rows of holders that died (long lapsed; a live request's row is renewed or taken over). */
  async removeLapsed(): Promise<void> {
    await this.options.db.query("delete from resumable_upload_locks where expires_at < now() - interval '1 hour'");
  }

  /** @internal */
  get db(): Queryable {
    return this.options.db;
  }

  /** @internal */
  get timeoutMs(): number {
    return this.acquireTimeoutMs;
  }

  /** @internal A new holder id of this node. */
  newHolder(uploadId: string, requestRelease: RequestRelease): string {
    const holder = `${this.options.bus.nodeId}:${randomBytes(8).toString('hex')}`;
    this.held.set(holder, { uploadId, requestRelease });
    return holder;
  }

  /** @internal */
  forget(holder: string): void {
    const held = this.held.get(holder);
    if (!held) return;
    this.held.delete(holder);
    for (const wake of this.waiters.get(held.uploadId) ?? []) wake();
  }

  /** @internal Asks `holder` (this node's request or another's) to finish early. */
  async askToRelease(holder: string): Promise<void> {
    const own = this.held.get(holder);
    if (own) {
      try {
        await own.requestRelease();
      } catch (error) {
        this.log(`asking an upload's request to let go failed: ${errorMessage(error)}`);
      }
      return;
    }
    const node = holder.split(':')[0];
    if (node === this.options.bus.nodeId || !this.options.bus.isShared) return;
    await this.options.bus.publish(RESUMABLE_RELEASE, { node, holder }).catch((error: unknown) =>
      this.log(`could not ask node ${node} to let go of an upload: ${errorMessage(error)}`));
  }

  /** @internal Resolves after `ms`, or sooner when a request of this node lets go of `uploadId`. */
  pause(uploadId: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      let set = this.waiters.get(uploadId);
      if (!set) this.waiters.set(uploadId, (set = new Set()));
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        set.delete(done);
        if (set.size === 0 && this.waiters.get(uploadId) === set) this.waiters.delete(uploadId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done);
      set.add(done);
    });
  }

  /** @internal */
  log(message: string): void {
    this.options.log?.(message);
  }
}

class DatabaseLock implements Lock {
  private holder: string | null = null;
  private renewal: NodeJS.Timeout | null = null;

  constructor(private readonly uploadId: string, private readonly locker: DatabaseLocker) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const giveUp = AbortSignal.any([stopSignal, AbortSignal.timeout(this.locker.timeoutMs)]);
    const holder = this.locker.newHolder(this.uploadId, requestRelease);
    let retryMs = RETRY_FIRST_MS;
    let askedHolder: string | null = null;
    let askedAt = 0;
    try {
      for (;;) {
        const current = await this.tryTake(holder);
        if (current === holder) break;
        if (giveUp.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
        if (current && (askedHolder !== current || Date.now() - askedAt >= ASK_AGAIN_MS)) {
          askedHolder = current;
          askedAt = Date.now();
          await this.locker.askToRelease(current);
        }
        await this.locker.pause(this.uploadId, retryMs, giveUp);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
    } catch (error) {
      this.locker.forget(holder);
      throw error;
    }
    this.holder = holder;
    this.renewal = setInterval(() => void this.renew(holder, requestRelease), RENEW_MS);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    const holder = this.holder;
    if (!holder) throw new Error('Releasing an unlocked lock!');
    this.holder = null;
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    try {
      await this.locker.db.query('delete from resumable_upload_locks where upload_id = $1 and holder = $2', [this.uploadId, holder]);
    } catch (error) {
      // The upload is written; the lease lapses by itself.
      this.locker.log(`releasing the lock of upload ${this.uploadId} failed: ${errorMessage(error)}`);
    } finally {
      this.locker.forget(holder);
    }
  }

  /** Takes the lock for `holder` unless another holds a live lease; returns who holds it (null: gone meanwhile). */
  private async tryTake(holder: string): Promise<string | null> {
    const taken = await this.locker.db.query<{ holder: string }>(
      `insert into resumable_upload_locks as l (upload_id, holder, expires_at)
       values ($1, $2, now() + $3::int * interval '1 millisecond')
       on conflict (upload_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
       where l.expires_at < now()
       returning holder`,
      [this.uploadId, holder, LEASE_MS],
    );
    if (taken.rows[0]) return taken.rows[0].holder;
    const current = await this.locker.db.query<{ holder: string }>('select holder from resumable_upload_locks where upload_id = $1', [this.uploadId]);
    return current.rows[0]?.holder ?? null;
  }

  private async renew(holder: string, requestRelease: RequestRelease): Promise<void> {
    try {
      const renewed = await this.locker.db.query(
        "update resumable_upload_locks set expires_at = now() + $3::int * interval '1 millisecond' where upload_id = $1 and holder = $2",
        [this.uploadId, holder, LEASE_MS],
      );
      // Lapsed and taken over (this process stalled past the lease): finish as soon as possible.
      if (renewed.affectedRows === 0 && this.holder === holder) await requestRelease();
    } catch (error) {
      this.locker.log(`renewing the lock of upload ${this.uploadId} failed: ${errorMessage(error)}`);
    }
  }
}

