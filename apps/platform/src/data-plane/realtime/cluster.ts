/**
 * Realtime between platform nodes, over the cluster bus (channel `realtime`):
 * - broadcasts made on one node are delivered by every other node to its own members;
 * - presence: each node relays its own changes as numbered diffs, and announces in a heartbeat
 *   (every 5 s) the number of its last diff and its open sockets per project. A node that sees a
 *   gap in another's numbers (a message lost while the bus reconnected, a node it has not heard
 *   before) asks it for its whole state, which replaces what it knew: so presence converges.
 *   A node not heard from for 30 s is gone: its presences leave, its sockets stop counting.
 * - open sockets per project: sent (`c`) as soon as this node's change, once per turn of the event
 *   loop, besides the heartbeat. Near a plan's limit a node about to admit a socket also asks every
 *   node for its counts now (`cq`) and waits briefly for the answers, so the limit holds at once.
 * On a sole node (in-process bus) nothing is sent.
 */
import type { ClusterBus } from '../../control/cluster-bus.ts';
import type { PresenceDiff, PresenceSnapshot, PresenceStore, ScopedDiff } from './presence.ts';
import type { BroadcastBody } from './protocol.ts';
import type { RealtimeQuotas } from './quotas.ts';

const CHANNEL = 'realtime';
const HEARTBEAT_MS = 5000;
export const NODE_TIMEOUT_MS = 30_000;

type Wire =
  | { k: 'b'; s: string; e: string; j?: string; b?: string; m?: Record<string, unknown> }
  | { k: 'pd'; v: number; s: string; d: PresenceDiff }
  | { k: 'hb'; v: number; c: Record<string, number> }
  | { k: 'sr'; to: string }
  | { k: 'ps'; v: number; st: PresenceSnapshot }
  | { k: 'cq' }
  | { k: 'c'; c: Record<string, number> };

/** How long a node waits for the others' socket counts before it decides on what it knows. */
const COUNT_WAIT_MS = 250;

export interface RemoteDelivery {
  broadcast(scope: string, body: BroadcastBody): void;
  presence(changes: ScopedDiff[]): void;
}

interface KnownNode {
  version: number;
  lastSeen: number;
  isSynced: boolean;
  requestedAt: number;
}

export class ClusterRelay {
  private readonly nodes = new Map<string, KnownNode>();
  private sentVersion = 0;
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Called with each node that answered a count request; a refresh in flight is shared. */
  private readonly countAnswers = new Set<(node: string) => void>();
  private refreshing: Promise<void> | null = null;
  private isCountSendPending = false;

  constructor(
    private readonly bus: ClusterBus,
    private readonly presence: PresenceStore,
    private readonly quotas: RealtimeQuotas,
    private readonly deliver: RemoteDelivery,
  ) {}

  start(): void {
    if (!this.bus.isShared) return;
    this.unsubscribe = this.bus.subscribe(CHANNEL, (payload, origin) => {
      if (origin !== this.bus.nodeId) this.received(payload as Wire, origin);
    });
    this.timer = setInterval(() => this.tick(), HEARTBEAT_MS);
    this.timer.unref();
    this.heartbeat();
  }

  close(): void {
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
  }

  publishBroadcast(scope: string, body: BroadcastBody): void {
    if (!this.bus.isShared) return;
    this.send({ k: 'b', s: scope, e: body.event, ...(body.json !== undefined && { j: body.json }), ...(body.binary && { b: body.binary.toString('base64') }), ...(body.meta && { m: body.meta }) });
  }

  /** Every local presence change goes through here, numbered. */
  publishPresence(changes: ScopedDiff[]): void {
    if (!this.bus.isShared) return;
    for (const { scope, diff } of changes) this.send({ k: 'pd', v: ++this.sentVersion, s: scope, d: diff });
  }

  /** This node's open sockets changed: the others hear the new counts right after this turn. */
  connectionsChanged(): void {
    if (!this.bus.isShared || this.isCountSendPending) return;
    this.isCountSendPending = true;
    setImmediate(() => {
      this.isCountSendPending = false;
      this.send({ k: 'c', c: this.quotas.localConnectionCounts() });
    });
  }

  /** Brings every live node's open-socket counts up to date (or waits COUNT_WAIT_MS trying). */
  refreshConnectionCounts(): Promise<void> {
    if (!this.bus.isShared || this.nodes.size === 0) return Promise.resolve();
    this.refreshing ??= new Promise<void>((resolve) => {
      const awaited = new Set(this.nodes.keys());
      const finish = () => {
        clearTimeout(timer);
        this.countAnswers.delete(answered);
        this.refreshing = null;
        resolve();
      };
      const answered = (node: string) => {
        awaited.delete(node);
        if (awaited.size === 0) finish();
      };
      const timer = setTimeout(finish, COUNT_WAIT_MS);
      this.countAnswers.add(answered);
      this.send({ k: 'cq' });
    });
    return this.refreshing;
  }

  private send(message: Wire): void {
    this.bus.publish(CHANNEL, message).catch(() => undefined);
  }

  private heartbeat(): void {
    this.send({ k: 'hb', v: this.sentVersion, c: this.quotas.localConnectionCounts() });
  }

  private tick(): void {
    this.heartbeat();
    const now = Date.now();
    for (const [node, known] of this.nodes) {
      if (now - known.lastSeen < NODE_TIMEOUT_MS) continue;
      this.nodes.delete(node);
      this.quotas.setRemoteConnections(node, null);
      this.deliver.presence(this.presence.dropNode(node));
    }
  }

  private received(message: Wire, origin: string): void {
    let known = this.nodes.get(origin);
    if (!known) this.nodes.set(origin, (known = { version: 0, lastSeen: Date.now(), isSynced: false, requestedAt: 0 }));
    known.lastSeen = Date.now();
    switch (message.k) {
      case 'b':
        this.deliver.broadcast(message.s, {
          event: message.e, ...(message.j !== undefined && { json: message.j }), ...(message.b !== undefined && { binary: Buffer.from(message.b, 'base64') }), ...(message.m && { meta: message.m }),
        });
        return;
      case 'pd':
        if (known.isSynced && message.v === known.version + 1) {
          known.version = message.v;
          this.presence.applyRemoteDiff(origin, message.s, message.d);
          this.deliver.presence([{ scope: message.s, diff: message.d }]);
        } else if (!known.isSynced || message.v > known.version) {
          this.requestState(origin, known);
        }
        return;
      case 'hb':
        this.quotas.setRemoteConnections(origin, message.c);
        if (!known.isSynced || message.v !== known.version) this.requestState(origin, known);
        return;
      case 'cq':
        this.send({ k: 'c', c: this.quotas.localConnectionCounts() });
        return;
      case 'c':
        this.quotas.setRemoteConnections(origin, message.c);
        for (const answered of this.countAnswers) answered(origin);
        return;
      case 'sr':
        if (message.to === this.bus.nodeId) this.send({ k: 'ps', v: this.sentVersion, st: this.presence.snapshot() });
        return;
      case 'ps':
        known.version = message.v;
        known.isSynced = true;
        this.deliver.presence(this.presence.replaceRemote(origin, message.st));
    }
  }

  private requestState(node: string, known: KnownNode): void {
    known.isSynced = false;
    // One request at a time: the state answers everything sent before it.
    if (Date.now() - known.requestedAt < 2000) return;
    known.requestedAt = Date.now();
    this.send({ k: 'sr', to: node });
  }
}
