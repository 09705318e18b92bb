/**
 * One project's change feed on this node: LISTENs for the capture trigger's notifications (see
 * capture.sql) while the project has Postgres-changes subscribers here, and hands each change to
 * the subscribers whose bindings and filters match and whose RLS lets them see the row. Changes
 * are handled in arrival (= commit) order, in batches: whatever arrived while the previous batch
 * was checked goes together, so a burst costs one RLS query per subscriber identity and table.
 * Every node runs its own feed for its own sockets; the database notifies them all.
 */
import type { Database, Listener } from '../../../engines/types.ts';
import type { ProjectHandle } from '../../gateway/index.ts';
import { matchesFilter, type ChangeFilter } from './filters.ts';
import { keyOf, PublishedTables, type TableInfo } from './tables.ts';
import { maySelect, rowKey, visibleRows, type Viewer } from './visibility.ts';
import type { ChangeData } from './index.ts';
import { ensureCapture } from './capture.ts';

export const CHANNEL = 'plinth_realtime_changes';
/** A feed with no subscribers stops listening after this long (a reconnecting client comes back). */
const IDLE_STOP_MS = 10_000;
const RETRY_MS = [100, 500, 1000, 2000, 5000];
/** Large changes kept in realtime.plinth_change_payloads are deleted after this long. */
const STORED_PAYLOAD_MINUTES = 5;
const PRIVILEGE_TTL_MS = 10_000;

export interface Binding {
  id: number;
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  /** '*' for every schema. */
  schema: string;
  /** null: every published table of the schema. */
  table: string | null;
  filter: ChangeFilter | null;
}

export interface FeedSubscription {
  bindings: Binding[];
  viewer: Viewer;
  deliver(ids: number[], data: ChangeData): void;
}

interface RawChange {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Record<string, unknown>;
  old_record: Record<string, unknown>;
}

const viewerKey = (viewer: Viewer) => `${viewer.role}\u0000${JSON.stringify(viewer.claims)}`;

function matchingIds(subscription: FeedSubscription, change: RawChange): number[] {
  const row = change.type === 'DELETE' ? change.old_record : change.record;
  return subscription.bindings
    .filter((b) => (b.event === '*' || b.event === change.type)
      && (b.schema === '*' || b.schema === change.schema)
      && (b.table === null || b.table === change.table)
      // A DELETE carries only the key unless REPLICA IDENTITY FULL: a filter on another column cannot hold it back.
      && (!b.filter || (change.type === 'DELETE' && !(b.filter.column in row)) || matchesFilter(b.filter, row)))
    .map((b) => b.id);
}

/** A token past its expiry stops delivery at once, before the socket notices. */
function isExpired(viewer: Viewer): boolean {
  return typeof viewer.claims.exp === 'number' && viewer.claims.exp * 1000 <= Date.now();
}

export class ChangeFeed {
  readonly subscriptions = new Set<FeedSubscription>();
  readonly tables: PublishedTables;
  private listener: Listener | null = null;
  private starting: Promise<void> | null = null;
  private queue: string[] = [];
  private processing: Promise<void> | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private isStopped = false;
  private readonly privileges = new Map<string, { at: number; ok: Promise<boolean> }>();
  private lastCleanup = 0;

  constructor(private project: ProjectHandle, private readonly onStop: (feed: ChangeFeed) => void) {
    this.tables = new PublishedTables(() => this.project.db);
  }

  get db(): Database {
    return this.project.db;
  }

  /** Listening before the subscriber is told it is subscribed: no change after the reply is missed. */
  async add(subscription: FeedSubscription): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.subscriptions.add(subscription);
    try {
      await this.start();
      // Where event triggers are not allowed, a table published since gets its trigger here.
      await this.project.db.query('select realtime.plinth_install_capture()');
    } catch (error) {
      this.remove(subscription);
      throw error;
    }
  }

  remove(subscription: FeedSubscription): void {
    this.subscriptions.delete(subscription);
    if (this.subscriptions.size > 0 || this.idleTimer) return;
    this.idleTimer = setTimeout(() => void this.stop(), IDLE_STOP_MS);
    this.idleTimer.unref();
  }

  private start(): Promise<void> {
    if (this.listener) return Promise.resolve();
    this.starting ??= (async () => {
      try {
        await ensureCapture(this.project.db);
        await this.cleanUp();
        this.listener = await this.project.db.listen(CHANNEL, (payload) => this.receive(payload), () => this.lost());
      } finally {
        this.starting = null;
      }
    })();
    return this.starting;
  }

  /** The listening connection ended (a restart, an interrupted embedded worker): listen again on a fresh handle. */
  private async lost(): Promise<void> {
    this.listener = null;
    for (let attempt = 0; !this.isStopped && this.subscriptions.size > 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]));
      try {
        this.project = await this.project.reopen();
        await this.start();
        return;
      } catch {
        // The project may be pausing or its database restarting: keep trying while someone listens.
      }
    }
  }

  private async stop(): Promise<void> {
    if (this.subscriptions.size > 0) return;
    this.isStopped = true;
    this.onStop(this);
    const listener = this.listener;
    this.listener = null;
    await listener?.close();
  }

  /** Large changes are read by every node's feed, so none deletes its own: old ones go here. */
  private async cleanUp(): Promise<void> {
    this.lastCleanup = Date.now();
    await this.project.db.query(`delete from realtime.plinth_change_payloads where created_at < now() - make_interval(mins => $1)`, [STORED_PAYLOAD_MINUTES]);
  }

  private receive(payload: string): void {
    this.queue.push(payload);
    this.processing ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        await this.process(batch).catch(() => undefined);
      }
    } finally {
      this.processing = null;
    }
  }

  private async decode(batch: string[]): Promise<RawChange[]> {
    const parsed = batch.map((payload) => JSON.parse(payload) as RawChange | { stored: number });
    const stored = parsed.filter((p): p is { stored: number } => 'stored' in p).map((p) => p.stored);
    if (stored.length === 0) return parsed as RawChange[];
    if (Date.now() - this.lastCleanup > 60_000) await this.cleanUp();
    const { rows } = await this.project.db.query<{ id: number; payload: RawChange | string }>(
      'select id, payload from realtime.plinth_change_payloads where id = any($1::bigint[])',
      [stored],
    );
    const byId = new Map(rows.map((row) => [Number(row.id), typeof row.payload === 'string' ? (JSON.parse(row.payload) as RawChange) : row.payload]));
    return parsed.flatMap((p) => ('stored' in p ? (byId.has(p.stored) ? [byId.get(p.stored)!] : []) : [p]));
  }

  private async mayRead(viewer: Viewer, table: TableInfo): Promise<boolean> {
    const key = `${viewer.role}\u0000${keyOf(table.schema, table.table)}`;
    let entry = this.privileges.get(key);
    if (!entry || Date.now() - entry.at > PRIVILEGE_TTL_MS) {
      this.privileges.set(key, (entry = { at: Date.now(), ok: maySelect(this.project.db, viewer.role, table.schema, table.table) }));
    }
    return entry.ok;
  }

  private async process(batch: string[]): Promise<void> {
    const changes = await this.decode(batch);
    let tables = await this.tables.all();
    if (changes.some((c) => !tables.has(keyOf(c.schema, c.table)))) tables = await this.tables.all({ fresh: true });
    const subscriptions = [...this.subscriptions];
    // Serialized once per batch: a subscriber's identity names its RLS result.
    const viewerKeys = new Map(subscriptions.map((subscription) => [subscription, viewerKey(subscription.viewer)]));
    // Which subscribers each change may go to, before RLS.
    const candidates = changes.map((change) => ({
      change,
      table: tables.get(keyOf(change.schema, change.table)),
      targets: subscriptions.map((subscription) => ({ subscription, ids: matchingIds(subscription, change) })).filter((t) => t.ids.length > 0),
    }));
    // One RLS check per table for the whole batch: every subscriber identity, every row it would see.
    const checks = new Map<string, { table: TableInfo; viewers: Map<string, Viewer>; records: Record<string, unknown>[]; visible: Map<string, Set<string>> }>();
    for (const { change, table, targets } of candidates) {
      // Without RLS the row does not matter, only the privilege: checked once per role, below.
      if (!table || change.type === 'DELETE' || !table.rowSecurity) continue;
      const tableKey = keyOf(table.schema, table.table);
      let check = checks.get(tableKey);
      if (!check) checks.set(tableKey, (check = { table, viewers: new Map(), records: [], visible: new Map() }));
      check.records.push(change.record);
      for (const { subscription } of targets) check.viewers.set(viewerKeys.get(subscription)!, subscription.viewer);
    }
    await Promise.all([...checks.values()].map(async (check) => {
      const viewers = [...check.viewers.entries()];
      const sets = await visibleRows(this.project.db, check.table, viewers.map(([, viewer]) => viewer), check.records);
      viewers.forEach(([key], i) => check.visible.set(key, sets[i]));
    }));
    for (const { change, table, targets } of candidates) {
      if (!table) continue;
      const data: ChangeData = { ...change, columns: table.columns, errors: null };
      const byPrivilege = change.type === 'DELETE' || !table.rowSecurity;
      const visible = byPrivilege ? null : checks.get(keyOf(table.schema, table.table))?.visible;
      const key = byPrivilege ? '' : rowKey(table, change.record);
      for (const { subscription, ids } of targets) {
        if (isExpired(subscription.viewer) || !this.subscriptions.has(subscription)) continue;
        const isVisible = byPrivilege
          ? await this.mayRead(subscription.viewer, table)
          : visible?.get(viewerKeys.get(subscription)!)?.has(key) === true;
        if (isVisible) subscription.deliver(ids, data);
      }
    }
  }
}
