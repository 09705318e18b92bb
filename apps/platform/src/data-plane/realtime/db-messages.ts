/**
 * Broadcasts from the database (`realtime.send`, `realtime.broadcast_changes`, or rows inserted into
 * realtime.messages). While a project has channels joined on this node, the node keeps the
 * project's `realtime.plinth_listeners` mark in the future, so the trigger of schema.sql copies each
 * broadcast row into realtime.plinth_outbox and notifies `plinth_realtime_broadcast` at commit. On
 * that notification (Database.listen, every engine) the node claims the outbox with one
 * DELETE ... RETURNING (SKIP LOCKED): a row is delivered once, by the node that claimed it, which
 * relays it to the others. A claim also runs every 2 s, so a notification lost while a listener
 * reconnects costs a delay, not a message; without a listener it runs every 100 ms. A project
 * without sockets costs nothing. Messages older than three days are removed, as Supabase keeps them.
 */
import type { Database, Listener } from '../../engines/types.ts';
import { ensureRealtimeSchema } from './schema.ts';

const CHANNEL = 'plinth_realtime_broadcast';
export const POLL_MS = 100;
const BACKSTOP_MS = 2000;
const MARK_EVERY_MS = 10_000;
const CLEAN_EVERY_MS = 10 * 60_000;
const RETRY_MS = 2000;

export interface DatabaseMessage {
  id: string;
  topic: string;
  event: string;
  /** The payload as JSON text. */
  payload: string;
  isPrivate: boolean;
}

const CLAIM_SQL = `with claimed as (
    delete from realtime.plinth_outbox
     where seq in (select seq from realtime.plinth_outbox order by seq limit 500 for update skip locked)
    returning seq, id, topic, event, payload, private, queued_at)
  select id::text as id, topic, coalesce(event, '') as event, coalesce(payload, '{}'::jsonb)::text as payload, private
    from claimed where queued_at > pg_catalog.clock_timestamp() - interval '30 seconds' order by seq`;
const MARK_SQL = `insert into realtime.plinth_listeners (id, listening_until) values (true, pg_catalog.now() + interval '30 seconds')
  on conflict (id) do update set listening_until = excluded.listening_until`;
const CLEAN_SQL = `delete from realtime.messages where inserted_at < pg_catalog.now() - interval '3 days'`;

interface Watch {
  /** Settles once the mark is first set (or could not be): from then on, messages are queued. */
  ready: Promise<void>;
  markedFirst: () => void;
  timer: NodeJS.Timeout | null;
  markedAt: number;
  cleanedAt: number;
  isStopped: boolean;
  listener: Listener | null;
  isClaiming: boolean;
  claimAgain: boolean;
}

export class DatabaseMessages {
  private readonly watches = new Map<string, Watch>();

  constructor(
    private readonly database: (ref: string) => Promise<Database>,
    private readonly onMessages: (ref: string, messages: DatabaseMessage[]) => void,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * Starts watching `ref` (its first joined channel on this node); resolves once the database queues
   * the project's messages, so a join answered after it misses none sent after its answer.
   */
  watch(ref: string): Promise<void> {
    const existing = this.watches.get(ref);
    if (existing) return existing.ready;
    let markedFirst = () => {};
    const ready = new Promise<void>((resolve) => (markedFirst = resolve));
    const watch: Watch = { ready, markedFirst, timer: null, markedAt: 0, cleanedAt: Date.now(), isStopped: false, listener: null, isClaiming: false, claimAgain: false };
    this.watches.set(ref, watch);
    this.schedule(ref, watch, 0);
    return ready;
  }

  /** Stops watching `ref` (its last channel left); the mark runs out by itself. */
  unwatch(ref: string): void {
    const watch = this.watches.get(ref);
    if (!watch) return;
    watch.isStopped = true;
    watch.markedFirst();
    if (watch.timer) clearTimeout(watch.timer);
    void watch.listener?.close();
    watch.listener = null;
    this.watches.delete(ref);
  }

  close(): void {
    for (const ref of [...this.watches.keys()]) this.unwatch(ref);
  }

  private schedule(ref: string, watch: Watch, delay: number): void {
    if (watch.isStopped) return;
    if (watch.timer) clearTimeout(watch.timer);
    watch.timer = setTimeout(() => {
      watch.timer = null;
      void this.tick(ref, watch);
    }, delay);
    watch.timer.unref();
  }

  /** Keeps the mark and the listener up, and claims what a lost notification may have left. */
  private async tick(ref: string, watch: Watch): Promise<void> {
    let delay = BACKSTOP_MS;
    try {
      const db = await this.database(ref);
      if (watch.markedAt === 0) await ensureRealtimeSchema(db);
      if (!watch.listener) await this.listen(ref, watch, db);
      const now = Date.now();
      if (now - watch.markedAt >= MARK_EVERY_MS) {
        await db.query(MARK_SQL);
        watch.markedAt = now;
        watch.markedFirst();
      }
      if (now - watch.cleanedAt >= CLEAN_EVERY_MS) {
        watch.cleanedAt = now;
        await db.query(CLEAN_SQL);
      }
      await this.claim(ref, watch);
      if (!watch.listener) delay = POLL_MS;
    } catch (error) {
      // A paused or unreachable project: try again a little later, while its sockets stay.
      delay = RETRY_MS;
      watch.markedAt = 0;
      watch.markedFirst();
      this.log(`realtime: reading database broadcasts of ${ref} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.schedule(ref, watch, delay);
  }

  private async listen(ref: string, watch: Watch, db: Database): Promise<void> {
    try {
      const listener = await db.listen(CHANNEL, () => void this.claim(ref, watch).catch(() => undefined), () => {
        if (watch.listener !== listener) return;
        watch.listener = null;
        this.schedule(ref, watch, 0);
      });
      if (watch.isStopped) await listener.close();
      else watch.listener = listener;
    } catch (error) {
      // Polled instead until the next tick manages to listen.
      this.log(`realtime: listening for database broadcasts of ${ref} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Claims the outbox; a claim asked for while one runs runs again after it. */
  private async claim(ref: string, watch: Watch): Promise<void> {
    if (watch.isClaiming) {
      watch.claimAgain = true;
      return;
    }
    watch.isClaiming = true;
    try {
      do {
        watch.claimAgain = false;
        const db = await this.database(ref);
        const { rows } = await db.query<{ id: string; topic: string; event: string; payload: string; private: boolean }>(CLAIM_SQL);
        if (rows.length > 0 && !watch.isStopped) {
          this.onMessages(ref, rows.map((row) => ({ id: row.id, topic: row.topic, event: row.event, payload: row.payload, isPrivate: row.private })));
        }
        if (rows.length === 500) watch.claimAgain = true;
      } while (watch.claimAgain && !watch.isStopped);
    } finally {
      watch.isClaiming = false;
    }
  }
}
