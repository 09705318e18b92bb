/**
 * Realtime on this node: its sockets' channels per scope (broadcast.ts), presence (presence.ts),
 * the relay to other nodes (cluster.ts), database broadcasts (db-messages.ts) and the plan's limits
 * (quotas.ts). One per platform (realtimeServiceFor), closed with the HTTP server.
 */
import { activityFor } from '../../control/inactivity.ts';
import { limits, type Plan } from '@plinth/plans';
import type { ControlContext } from '../../control/context.ts';
import { projectDirectoryFor, type ProjectDirectory, type ProjectHandle } from '../gateway/index.ts';
import type { LogWriter } from '../logs/log-writer.ts';
import { LocalTopics, type ChannelMember } from './broadcast.ts';
import { ClusterRelay } from './cluster.ts';
import { DatabaseMessages, type DatabaseMessage } from './db-messages.ts';
import { PRESENCE_HOLD_MS, PresenceStore, type PresenceMap, type ScopedDiff } from './presence.ts';
import { BroadcastFrames, type BroadcastBody } from './protocol.ts';
import { RealtimeQuotas } from './quotas.ts';
import { refOfScope, scopeOf, topicOfScope } from './scope.ts';
import type { RealtimeSocket } from './socket.ts';

const services = new WeakMap<ControlContext, RealtimeService>();

export function realtimeServiceFor(ctx: ControlContext): RealtimeService {
  let service = services.get(ctx);
  if (!service) services.set(ctx, (service = new RealtimeService(ctx)));
  return service;
}

export class RealtimeService {
  readonly logs: LogWriter;
  readonly quotas: RealtimeQuotas;
  private readonly directory: ProjectDirectory;
  private readonly topics = new LocalTopics();
  private readonly presence = new PresenceStore();
  private readonly cluster: ClusterRelay;
  private readonly databaseMessages: DatabaseMessages;
  private readonly sockets = new Set<RealtimeSocket>();
  /** The plan each project with sockets here was last seen on. */
  private readonly plans = new Map<string, Plan>();
  private readonly timer: NodeJS.Timeout;
  private readonly activity: ReturnType<typeof activityFor>;

  constructor(ctx: ControlContext) {
    this.logs = ctx.logs;
    this.activity = activityFor(ctx);
    this.directory = projectDirectoryFor(ctx);
    this.quotas = new RealtimeQuotas(ctx.db, ctx.log.error);
    this.cluster = new ClusterRelay(ctx.bus, this.presence, this.quotas, {
      broadcast: (scope, body) => this.deliver(scope, body, null),
      presence: (changes) => this.deliverPresence(changes),
    });
    this.databaseMessages = new DatabaseMessages(
      async (ref) => (await this.project(ref)).db,
      (ref, messages) => this.fromDatabase(ref, messages),
      ctx.log.error,
    );
    this.cluster.start();
    // Held presences leave, and silent sockets are closed.
    this.timer = setInterval(() => this.sweep(), 1000);
    this.timer.unref();
  }

  project(ref: string): Promise<ProjectHandle> {
    const cached = this.directory.cached(ref);
    if (cached) return Promise.resolve(cached);
    return this.directory.resolve(ref).then((project) => {
      this.plans.set(ref, project.plan);
      return project;
    });
  }

  maxMessageBytes(ref: string): number | null {
    const plan = this.planOf(ref);
    return plan ? limits(plan).realtimeMaxMessageBytes : null;
  }

  isMessageQuotaReached(ref: string): boolean {
    const plan = this.planOf(ref);
    return plan ? this.quotas.isMessageQuotaReached(ref, plan) : false;
  }

  /**
   * The project's plan without waiting: the directory's when fresh, else the last one seen (and a
   * resolution is started, so a plan change applies within moments).
   */
  private planOf(ref: string): Plan | undefined {
    const cached = this.directory.cached(ref);
    if (cached) {
      this.plans.set(ref, cached.plan);
      return cached.plan;
    }
    void this.project(ref).catch(() => undefined);
    return this.plans.get(ref);
  }

  countMessages(ref: string, count: number): void {
    this.quotas.countMessages(ref, count);
  }

  // --- sockets

  /** Whether a new socket of the project would pass the plan's connections, counting every node's sockets as of now. */
  async isOverConnectionLimit(ref: string, plan: Plan): Promise<boolean> {
    if (this.quotas.isNearConnectionLimit(ref, plan)) await this.cluster.refreshConnectionCounts();
    return this.quotas.isConnectionLimitReached(ref, plan);
  }

  socketOpened(socket: RealtimeSocket, project: ProjectHandle): void {
    this.plans.set(project.ref, project.plan);
    this.sockets.add(socket);
    if (!socket.options.isOverConnectionLimit) {
      this.quotas.connectionOpened(socket.ref);
      this.cluster.connectionsChanged();
    }
  }

  socketClosed(socket: RealtimeSocket): void {
    if (this.sockets.delete(socket) && !socket.options.isOverConnectionLimit) {
      this.quotas.connectionClosed(socket.ref);
      this.cluster.connectionsChanged();
    }
  }

  // --- channels

  /** Resolves once database broadcasts for the project are being picked up. */
  join(scope: string, member: ChannelMember): Promise<void> {
    this.topics.add(scope, member);
    return this.databaseMessages.watch(refOfScope(scope));
  }

  leave(scope: string, member: ChannelMember): void {
    if (this.topics.remove(scope, member)) this.databaseMessages.unwatch(refOfScope(scope));
  }

  /** A broadcast made on this node: to this node's members and to the other nodes'. */
  broadcast(scope: string, body: BroadcastBody, sender: ChannelMember | null): void {
    this.deliver(scope, body, sender, 1);
    this.cluster.publishBroadcast(scope, body);
  }

  presenceState(scope: string): PresenceMap {
    return this.presence.state(scope);
  }

  track(scope: string, owner: object, key: string, payload: Record<string, unknown>): void {
    this.changed([{ scope, diff: this.presence.track(scope, owner, key, payload) }], 1);
  }

  untrack(owner: object): void {
    const change = this.presence.untrack(owner);
    if (change) this.changed([change], 0);
  }

  hold(owner: object): void {
    this.presence.hold(owner, Date.now() + PRESENCE_HOLD_MS);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.cluster.close();
    this.databaseMessages.close();
    await this.quotas.close();
  }

  private changed(changes: ScopedDiff[], sent: number): void {
    if (changes.length === 0) return;
    if (sent > 0) this.quotas.countMessages(refOfScope(changes[0].scope), sent);
    this.deliverPresence(changes);
    this.cluster.publishPresence(changes);
  }

  private deliver(scope: string, body: BroadcastBody, sender: ChannelMember | null, sent = 0): void {
    const delivered = this.topics.hasMembers(scope) ? this.topics.broadcast(scope, new BroadcastFrames(topicOfScope(scope), body), sender) : 0;
    this.quotas.countMessages(refOfScope(scope), sent + delivered);
  }

  private deliverPresence(changes: ScopedDiff[]): void {
    for (const { scope, diff } of changes) this.quotas.countMessages(refOfScope(scope), this.topics.presenceDiff(scope, diff));
  }

  private fromDatabase(ref: string, messages: DatabaseMessage[]): void {
    if (this.isMessageQuotaReached(ref)) return;
    for (const message of messages) {
      let payload = message.payload;
      try {
        JSON.parse(payload);
      } catch {
        payload = '{}';
      }
      this.broadcast(scopeOf(ref, message.isPrivate, `realtime:${message.topic}`), { event: message.event, json: payload, meta: { id: message.id } }, null);
    }
  }

  private sweep(): void {
    this.changed(this.presence.expire(Date.now()), 0);
    const silentSince = Date.now() - 60_000;
    for (const socket of this.sockets) {
      if (socket.lastSeen < silentSince) socket.close(1000, 'heartbeat timeout');
      // A connected client uses its project for as long as it stays (note() writes at most once a minute).
      else this.activity.note(socket.ref);
    }
  }
}
