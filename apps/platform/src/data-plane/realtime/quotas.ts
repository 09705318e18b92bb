/**
 * The plan's Realtime limits (@plinth/plans): concurrent connections, messages per month and the
 * largest message. Every plan with a figure is held to it (null: none, as on Enterprise).
 * - Connections: this node's open sockets per project plus what the other nodes last reported in
 *   their heartbeats (cluster.ts, every 5 s); near the limit the others are asked for their counts
 *   before a socket is admitted, so the limit holds across nodes at once.
 * - Messages: every message a client, the REST API or the database sends, and every delivery to a
 *   socket, counted in memory and added to `realtime_usage` (platform database) every 5 s; the
 *   totals that come back (all nodes' increments) decide refusals.
 */
import { limits, type Plan } from '@plinth/plans';
import type { Database } from '../../engines/types.ts';

const FLUSH_MS = 5000;
/** From this share of the connection limit on, other nodes are asked for their counts before each admission. */
const NEAR_LIMIT_SHARE = 0.8;

const monthOf = (date: Date) => `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-01`;

export class RealtimeQuotas {
  private readonly pending = new Map<string, number>();
  /** Month totals as the database last answered, per project. */
  private readonly totals = new Map<string, number>();
  private readonly loading = new Set<string>();
  private month = monthOf(new Date());
  private readonly localConnections = new Map<string, number>();
  /** node -> project -> open sockets, from heartbeats. */
  private readonly remoteConnections = new Map<string, Map<string, number>>();
  /** The most sockets (every node's) seen per project since the last flush, for usage metering. */
  private readonly peaks = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: (message: string) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  maxMessageBytes(plan: Plan): number | null {
    return limits(plan).realtimeMaxMessageBytes;
  }

  // --- connections

  connectionOpened(ref: string): void {
    this.localConnections.set(ref, (this.localConnections.get(ref) ?? 0) + 1);
    this.peaks.set(ref, Math.max(this.peaks.get(ref) ?? 0, this.connectionCount(ref)));
  }

  connectionClosed(ref: string): void {
    const count = (this.localConnections.get(ref) ?? 1) - 1;
    if (count > 0) this.localConnections.set(ref, count);
    else this.localConnections.delete(ref);
  }

  /** Whether one more socket would exceed the plan (counting every node). */
  isConnectionLimitReached(ref: string, plan: Plan): boolean {
    const limit = limits(plan).realtimeConnections;
    return limit !== null && this.connectionCount(ref) >= limit;
  }

  /** Whether the count (others' as of their last heartbeat) is close enough to the limit to ask them afresh. */
  isNearConnectionLimit(ref: string, plan: Plan): boolean {
    const limit = limits(plan).realtimeConnections;
    return limit !== null && this.connectionCount(ref) >= limit * NEAR_LIMIT_SHARE;
  }

  /** The project's open sockets on every node (others' as of their last heartbeat). */
  connectionCount(ref: string): number {
    let count = this.localConnections.get(ref) ?? 0;
    for (const counts of this.remoteConnections.values()) count += counts.get(ref) ?? 0;
    return count;
  }

  localConnectionCounts(): Record<string, number> {
    return Object.fromEntries(this.localConnections);
  }

  setRemoteConnections(node: string, counts: Record<string, number> | null): void {
    if (counts) this.remoteConnections.set(node, new Map(Object.entries(counts)));
    else this.remoteConnections.delete(node);
  }

  // --- messages

  countMessages(ref: string, count: number): void {
    if (count > 0) this.pending.set(ref, (this.pending.get(ref) ?? 0) + count);
  }

  isMessageQuotaReached(ref: string, plan: Plan): boolean {
    const limit = limits(plan).realtimeMessages;
    if (limit === null) return false;
    const total = this.totals.get(ref);
    if (total === undefined) {
      void this.load(ref);
      return false;
    }
    return total + (this.pending.get(ref) ?? 0) >= limit;
  }

  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    await this.writePeaks();
    const month = monthOf(new Date());
    if (month !== this.month) {
      this.month = month;
      this.totals.clear();
    }
    // Projects with sockets here but nothing to add: other nodes' counts still arrive.
    const idle = [...this.localConnections.keys()].filter((ref) => !this.pending.has(ref));
    if (idle.length > 0) {
      const { rows } = await this.db.query<{ project_ref: string; messages: number | string }>(
        'select project_ref, messages from realtime_usage where month = $1::date and project_ref = any($2::text[])', [month, idle],
      ).catch(() => ({ rows: [] }));
      for (const row of rows) this.totals.set(row.project_ref, Number(row.messages));
    }
    if (this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending.clear();
    try {
      const { rows } = await this.db.query<{ project_ref: string; messages: number | string }>(
        `insert into realtime_usage (project_ref, month, messages)
           select t.ref, $3::date, t.n from unnest($1::text[], $2::bigint[]) as t (ref, n) join projects p on p.ref = t.ref
         on conflict (project_ref, month) do update set messages = realtime_usage.messages + excluded.messages, updated_at = now()
         returning project_ref, messages`,
        [batch.map(([ref]) => ref), batch.map(([, n]) => n), month],
      );
      for (const row of rows) this.totals.set(row.project_ref, Number(row.messages));
    } catch (error) {
      // Counted again with the next batch rather than lost.
      for (const [ref, n] of batch) this.countMessages(ref, n);
      this.log(`realtime usage write failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Raises this hour's peak of concurrent connections per project (realtime_peak_connections, read
   * by the hourly usage metering); greatest() so every node can write it without inflating it.
   */
  private async writePeaks(): Promise<void> {
    for (const ref of this.localConnections.keys()) this.peaks.set(ref, Math.max(this.peaks.get(ref) ?? 0, this.connectionCount(ref)));
    if (this.peaks.size === 0) return;
    const batch = [...this.peaks];
    this.peaks.clear();
    const hour = new Date(Math.floor(Date.now() / 3600_000) * 3600_000);
    await this.db
      .query(
        `insert into realtime_peak_connections (project_ref, hour, peak)
           select t.ref, $3, t.n from unnest($1::text[], $2::int[]) as t (ref, n) join projects p on p.ref = t.ref
         on conflict (project_ref, hour) do update set peak = greatest(realtime_peak_connections.peak, excluded.peak)`,
        [batch.map(([ref]) => ref), batch.map(([, n]) => n), hour],
      )
      .catch((error: unknown) => this.log(`realtime peak write failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** Reads the project's month total once, so the first message is already checked against it. */
  async prepare(ref: string): Promise<void> {
    if (!this.totals.has(ref)) await this.load(ref);
  }

  private async load(ref: string): Promise<void> {
    if (this.loading.has(ref)) return;
    this.loading.add(ref);
    try {
      const { rows } = await this.db.query<{ messages: number | string }>('select messages from realtime_usage where project_ref = $1 and month = $2::date', [ref, this.month]);
      if (!this.totals.has(ref)) this.totals.set(ref, Number(rows[0]?.messages ?? 0));
    } catch {
      // Asked again on the next check.
    } finally {
      this.loading.delete(ref);
    }
  }
}
