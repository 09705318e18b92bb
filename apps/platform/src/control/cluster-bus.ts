/**
 * A small bus between platform nodes: `publish(channel, payload)` reaches the handlers every node
 * (this one included) `subscribe`d to `channel`, each told which node sent it. Realtime relays
 * broadcast and presence through it; cache invalidation can use it the same way.
 *
 * On the postgres engine it is LISTEN/NOTIFY on the shared platform database over one dedicated
 * `pg` connection, reconnected with back-off (what was published meanwhile waits in a bounded
 * queue; what others sent meanwhile is lost, so users of the bus must converge by themselves).
 * One connection sends and listens, so one node's messages arrive in the order it published them.
 * NOTIFY payloads stop at 8000 bytes: a bigger message is stored in `cluster_bus_messages`
 * (migration 0014) and only its id is notified; rows go after a minute. Local and embedded platform
 * databases are locked to one process, so there the bus is in-process.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { errorMessage } from '@plinth/errors';
import type { Database } from '../engines/types.ts';

export type BusHandler = (payload: unknown, origin: string) => void;

export interface ClusterBus {
  /** This process's id, the `origin` of what it publishes. */
  readonly nodeId: string;
  /** Whether other nodes may listen (postgres engine); a sole node may skip relaying. */
  readonly isShared: boolean;
  /** Queues `payload` (JSON) for every subscriber of `channel`; resolves once sent. */
  publish(channel: string, payload: unknown): Promise<void>;
  /** Calls `handler` for each message on `channel`; returns the unsubscribe function. */
  subscribe(channel: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z][a-z0-9_]{0,39}$/;
/** NOTIFY's limit is 8000 bytes; the envelope around a stored message's id is far below. */
const MAX_NOTIFY_BYTES = 7900;
const MAX_QUEUED = 10_000;
const BATCH = 100;
const STORED_TTL = "interval '1 minute'";

function assertChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid bus channel name ${channel}`);
}

class Subscribers {
  private readonly handlers = new Map<string, Set<BusHandler>>();

  add(channel: string, handler: BusHandler): boolean {
    let set = this.handlers.get(channel);
    const isFirst = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    return isFirst;
  }

  /** True when `channel` has no handler left. */
  remove(channel: string, handler: BusHandler): boolean {
    const set = this.handlers.get(channel);
    if (!set?.delete(handler) || set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }

  channels(): string[] {
    return [...this.handlers.keys()];
  }

  dispatch(channel: string, payload: unknown, origin: string, log: (message: string) => void): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(payload, origin);
      } catch (error) {
        log(`cluster bus handler for ${channel} failed: ${errorMessage(error)}`);
      }
    }
  }
}

/** One process: messages go straight to this process's handlers, as JSON copies. */
export class LocalClusterBus implements ClusterBus {
  readonly nodeId = randomBytes(8).toString('hex');
  readonly isShared = false;
  private readonly subscribers = new Subscribers();

  constructor(private readonly log: (message: string) => void = () => undefined) {}

  async publish(channel: string, payload: unknown): Promise<void> {
    assertChannel(channel);
    const text = JSON.stringify(payload);
    queueMicrotask(() => this.subscribers.dispatch(channel, JSON.parse(text), this.nodeId, this.log));
  }

  subscribe(channel: string, handler: BusHandler): () => void {
    assertChannel(channel);
    this.subscribers.add(channel, handler);
    return () => void this.subscribers.remove(channel, handler);
  }

  async close(): Promise<void> {}
}

interface Outgoing {
  channel: string;
  text: string;
  sent: () => void;
}

interface Envelope {
  /** Origin node. */
  n: string;
  /** Per-node sequence: identical payloads in one batch must not be merged by NOTIFY. */
  s: number;
  p?: unknown;
  /** Id of a stored message (too big to notify). */
  r?: number;
}

const pgChannel = (channel: string) => `plinth_bus_${channel}`;

/** Several nodes on one Postgres platform database. */
export class PgClusterBus implements ClusterBus {
  readonly nodeId = randomBytes(8).toString('hex');
  readonly isShared = true;
  private readonly subscribers = new Subscribers();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryMs = 100;
  private retryTimer: NodeJS.Timeout | null = null;
  private queue: Outgoing[] = [];
  private isSending = false;
  private seq = 0;
  private isClosed = false;
  /** Incoming messages in arrival order; stored ones are fetched before later ones are handed on. */
  private incoming: Promise<void> = Promise.resolve();

  constructor(
    private readonly databaseUrl: string,
    private readonly db: Database,
    private readonly log: (message: string) => void,
  ) {}

  /** Connects (and listens) once; later losses reconnect by themselves. */
  async start(): Promise<this> {
    await this.connect();
    return this;
  }

  publish(channel: string, payload: unknown): Promise<void> {
    assertChannel(channel);
    if (this.isClosed) return Promise.reject(new Error('the cluster bus is closed'));
    return new Promise<void>((resolve) => {
      if (this.queue.length >= MAX_QUEUED) {
        this.queue.shift()!.sent();
        this.log('cluster bus: queue full, oldest message dropped');
      }
      this.queue.push({ channel, text: JSON.stringify(payload), sent: resolve });
      void this.send();
    });
  }

  subscribe(channel: string, handler: BusHandler): () => void {
    assertChannel(channel);
    if (this.subscribers.add(channel, handler)) void this.client?.query(`listen ${pg.escapeIdentifier(pgChannel(channel))}`).catch(() => undefined);
    return () => {
      if (this.subscribers.remove(channel, handler)) void this.client?.query(`unlisten ${pg.escapeIdentifier(pgChannel(channel))}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.isClosed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => undefined);
    for (const item of this.queue.splice(0)) item.sent();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
    await this.incoming;
  }

  private connect(): Promise<void> {
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'plinth-cluster-bus' });
      client.on('error', (error) => this.lost(client, error));
      client.on('end', () => this.lost(client, new Error('connection ended')));
      client.on('notification', (message) => this.received(message.channel, message.payload));
      try {
        await client.connect();
        for (const channel of this.subscribers.channels()) await client.query(`listen ${pg.escapeIdentifier(pgChannel(channel))}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      if (this.isClosed) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.retryMs = 100;
      void this.send();
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    if (this.isClosed) return;
    this.log(`cluster bus connection lost (${error.message}); reconnecting`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.retryTimer || this.isClosed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((error: unknown) => {
        this.log(`cluster bus reconnect failed: ${errorMessage(error)}`);
        this.scheduleReconnect();
      });
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, 5000);
  }

  /** Sends the queue in batches, one statement each, in order. */
  private async send(): Promise<void> {
    if (this.isSending) return;
    this.isSending = true;
    try {
      while (this.queue.length > 0 && this.client) {
        const client = this.client;
        const batch = this.queue.slice(0, BATCH);
        const channels: string[] = [];
        const texts: string[] = [];
        for (const item of batch) {
          channels.push(pgChannel(item.channel));
          texts.push(await this.envelope(item));
        }
        try {
          await client.query('select pg_catalog.pg_notify(c, p) from unnest($1::text[], $2::text[]) as t (c, p)', [channels, texts]);
        } catch (error) {
          // The connection is gone (it reconnects and this batch goes again), or the statement failed.
          if (this.client !== client) break;
          this.log(`cluster bus send failed: ${errorMessage(error)}`);
        }
        this.queue.splice(0, batch.length);
        for (const item of batch) item.sent();
      }
    } catch (error) {
      // Storing a big message failed (callers use `void this.send()`): the batch stays queued for the next send.
      this.log(`cluster bus send failed: ${errorMessage(error)}`);
    } finally {
      this.isSending = false;
    }
  }

  private async envelope(item: Outgoing): Promise<string> {
    const small = `{"n":"${this.nodeId}","s":${++this.seq},"p":${item.text}}`;
    if (Buffer.byteLength(small) <= MAX_NOTIFY_BYTES) return small;
    const { rows } = await this.db.query<{ id: number }>('insert into cluster_bus_messages (channel, payload) values ($1, $2) returning id', [item.channel, item.text]);
    if (this.seq % 20 === 0) void this.db.query(`delete from cluster_bus_messages where created_at < now() - ${STORED_TTL}`).catch(() => undefined);
    return JSON.stringify({ n: this.nodeId, s: this.seq, r: Number(rows[0].id) } satisfies Envelope);
  }

  private received(pgChannelName: string, text: string | undefined): void {
    const channel = pgChannelName.replace(/^plinth_bus_/, '');
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text ?? '') as Envelope;
    } catch {
      return;
    }
    this.incoming = this.incoming.then(async () => {
      let payload = envelope.p;
      if (envelope.r !== undefined) {
        const { rows } = await this.db.query<{ payload: string }>('select payload from cluster_bus_messages where id = $1', [envelope.r]).catch(() => ({ rows: [] }));
        if (!rows[0]) return;
        payload = JSON.parse(rows[0].payload);
      }
      this.subscribers.dispatch(channel, payload, envelope.n, this.log);
    }).catch((error: unknown) => this.log(`cluster bus receive failed: ${errorMessage(error)}`));
  }
}

/** The bus for this platform: shared through Postgres when the platform database is a server. */
export async function createClusterBus(options: { engine: string; databaseUrl?: string; db: Database; log: (message: string) => void }): Promise<ClusterBus> {
  if (options.engine !== 'postgres' || !options.databaseUrl) return new LocalClusterBus(options.log);
  return new PgClusterBus(options.databaseUrl, options.db, options.log).start();
}
