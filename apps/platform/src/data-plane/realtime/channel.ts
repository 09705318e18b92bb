/**
 * One joined topic of one socket (a Phoenix channel): the join (token, private-channel policies,
 * Postgres changes), then its broadcasts, presence, token refreshes and leave. A channel the server
 * ends (its token expired or was refused, its policies no longer allow it) gets a `system` error
 * message and `phx_close`, which realtime-js reports as CLOSED without rejoining.
 */
import { PlinthError } from '@plinth/errors';
import { ALL_ALLOWED, channelPolicies, PolicyCheckFailed, type ChannelPolicies } from './authorization.ts';
import type { ChannelMember } from './broadcast.ts';
import { TokenRefused, verifyChannelToken, type ChannelToken } from './channel-token.ts';
import { parseJoinPayload, type JoinConfig } from './join-config.ts';
import { subscribePostgresChanges, type ChangeData, type ChangeSubscription } from './postgres-changes/index.ts';
import { encodeChange, reply, type BroadcastBody, type Message, type Vsn } from './protocol.ts';
import { REASONS } from './reasons.ts';
import { scopeOf } from './scope.ts';
import type { RealtimeSocket } from './socket.ts';

/** setTimeout's longest delay (~24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class RealtimeChannel implements ChannelMember {
  wantsSelf = false;
  receivesBroadcast = false;
  receivesPresence = false;
  private state: 'joining' | 'joined' | 'closed' = 'joining';
  private config: JoinConfig | null = null;
  private scope = '';
  private token: ChannelToken | null = null;
  private policies: ChannelPolicies = ALL_ALLOWED;
  private changes: ChangeSubscription | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;
  private isRegistered = false;

  constructor(
    private readonly socket: RealtimeSocket,
    readonly topic: string,
    private readonly joinRef: string | null,
  ) {}

  get vsn(): Vsn {
    return this.socket.vsn;
  }

  /** The channel's name as policies and system messages see it (`room1` for `realtime:room1`). */
  get subTopic(): string {
    return this.topic.slice('realtime:'.length);
  }

  send(frame: string | Buffer): void {
    this.socket.send(frame);
  }

  async join(message: Message): Promise<void> {
    const config = parseJoinPayload(message.payload as Record<string, unknown>);
    if (typeof config === 'string') return this.refuseJoin(message, REASONS.malformedPayload(config), null);
    this.config = config;
    const service = this.socket.service;
    const project = await service.project(this.socket.ref).catch(() => null);
    if (!project) return this.refuseJoin(message, REASONS.databaseUnavailable, null);
    try {
      this.token = await verifyChannelToken(project, config.accessToken ?? this.socket.options.apikey);
    } catch (error) {
      return this.refuseJoin(message, error instanceof TokenRefused ? error.message : REASONS.databaseUnavailable, null);
    }
    if (!config.isPrivate && !project.realtime.allowPublicChannels) return this.refuseJoin(message, REASONS.privateOnly, this.token.caller.role);
    if (config.isPrivate) {
      try {
        this.policies = await channelPolicies(project.db, this.subTopic, this.token.caller);
      } catch (error) {
        return this.refuseJoin(message, error instanceof PolicyCheckFailed ? error.message : REASONS.databaseUnavailable, this.token.caller.role);
      }
      if (!this.policies.broadcastRead && !this.policies.presenceRead) return this.refuseJoin(message, REASONS.unauthorizedRead(this.subTopic), this.token.caller.role);
    }
    if (this.state !== 'joining') return;
    let changesReply: Record<string, unknown>[] | undefined;
    let changesError: string | null = null;
    if (config.postgresChanges.length > 0) {
      try {
        this.changes = await subscribePostgresChanges(project, config.postgresChanges.map((entry) => entry.spec), this.token.caller, (ids, data) => this.deliverChange(ids, data));
        const ids = this.changes.ids;
        changesReply = config.postgresChanges.map((entry, i) => ({ ...entry.sent, id: ids[i] }));
      } catch (error) {
        changesError = REASONS.postgresChanges(error instanceof PlinthError || error instanceof Error ? error.message : String(error));
        if (config.waitForChanges) return this.refuseJoin(message, changesError, this.token.caller.role);
        // As Supabase does without `wait`: the channel joins (broadcast and presence work) and a
        // system message says the changes could not be subscribed. Id 0 matches no event.
        changesReply = config.postgresChanges.map((entry) => ({ ...entry.sent, id: 0 }));
      }
      if (this.state !== 'joining') {
        this.changes?.close();
        return;
      }
    }
    this.scope = scopeOf(this.socket.ref, config.isPrivate, this.topic);
    this.applyAccess();
    this.isRegistered = true;
    await service.join(this.scope, this);
    if (this.state !== 'joining') return;
    this.state = 'joined';
    this.socket.push(reply(message, 'ok', changesReply ? { postgres_changes: changesReply } : {}));
    if (this.receivesPresence) this.pushOwn('presence_state', service.presenceState(this.scope));
    if (changesReply) {
      this.pushOwn('system', changesError
        ? { extension: 'postgres_changes', status: 'error', message: changesError, channel: this.subTopic }
        : { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: this.subTopic });
    }
    this.scheduleExpiry();
    this.socket.log({ kind: 'joined', topic: this.topic, isPrivate: config.isPrivate, role: this.token.caller.role, postgresChanges: config.postgresChanges.length, presence: this.receivesPresence });
  }

  async handle(message: Message, broadcast?: BroadcastBody): Promise<void> {
    if (this.state !== 'joined') return this.socket.refuse(message, REASONS.unmatchedTopic, message.event);
    switch (message.event) {
      case 'broadcast':
        return this.onBroadcast(message, broadcast);
      case 'presence':
        return this.onPresence(message);
      case 'access_token':
        return this.onAccessToken(message);
      case 'phx_leave':
        this.close('untrack');
        this.socket.forget(this);
        this.socket.push(reply(message, 'ok', {}));
        return;
      default:
        this.socket.refuse(message, REASONS.unknownEvent(message.event), message.event);
    }
  }

  /** Ends the channel from the server's side; `reason` (if any) goes out as a system message. */
  shutdown(reason: string | null): void {
    if (this.state === 'closed') return;
    const wasJoined = this.state === 'joined';
    if (reason && wasJoined) this.pushOwn('system', { extension: 'system', status: 'error', message: reason, channel: this.subTopic });
    if (wasJoined) this.pushOwn('phx_close', {});
    this.close('untrack');
    this.socket.forget(this);
    if (reason) this.socket.log({ kind: 'channel_closed', topic: this.topic, reason });
  }

  /** The socket went away without leaving: presence is held for a while (presence.ts). */
  disconnected(): void {
    this.close('hold');
  }

  private onBroadcast(message: Message, binary?: BroadcastBody): void {
    const body = binary ?? jsonBroadcast(message.payload as Record<string, unknown>);
    if (!body) return this.socket.refuse(message, REASONS.malformedPayload('a broadcast needs {type: "broadcast", event, payload}'), 'broadcast');
    if (!this.policies.broadcastWrite) return this.socket.refuse(message, REASONS.unauthorizedWrite(this.subTopic), 'broadcast');
    if (this.socket.service.isMessageQuotaReached(this.socket.ref)) return this.socket.refuse(message, REASONS.messagesQuota, 'broadcast');
    this.socket.service.broadcast(this.scope, body, this);
    if (this.config?.ack) this.socket.push(reply(message, 'ok', {}));
  }

  private onPresence(message: Message): void {
    const { event, payload } = message.payload as { event?: unknown; payload?: unknown };
    const service = this.socket.service;
    if (event === 'untrack') {
      service.untrack(this);
      return this.socket.push(reply(message, 'ok', {}));
    }
    if (event !== 'track') return this.socket.refuse(message, REASONS.unknownEvent(`presence ${String(event)}`), 'presence');
    if (payload !== undefined && (payload === null || typeof payload !== 'object' || Array.isArray(payload))) {
      return this.socket.refuse(message, REASONS.malformedPayload('a presence payload must be an object'), 'presence');
    }
    if (!this.policies.presenceWrite) return this.socket.refuse(message, REASONS.unauthorizedWrite(this.subTopic), 'presence');
    if (service.isMessageQuotaReached(this.socket.ref)) return this.socket.refuse(message, REASONS.messagesQuota, 'presence');
    service.track(this.scope, this, this.config!.presenceKey, (payload ?? {}) as Record<string, unknown>);
    this.socket.push(reply(message, 'ok', {}));
  }

  private async onAccessToken(message: Message): Promise<void> {
    const token = (message.payload as { access_token?: unknown }).access_token;
    if (typeof token !== 'string' || token === '') return this.socket.refuse(message, REASONS.malformedPayload('access_token must be a string'), 'access_token');
    let verified: ChannelToken;
    let policies = ALL_ALLOWED;
    try {
      const project = await this.socket.service.project(this.socket.ref);
      verified = await verifyChannelToken(project, token);
      if (this.config?.isPrivate) policies = await channelPolicies(project.db, this.subTopic, verified.caller);
    } catch (error) {
      return this.shutdown(error instanceof TokenRefused || error instanceof PolicyCheckFailed ? error.message : REASONS.databaseUnavailable);
    }
    if (this.state !== 'joined') return;
    if (this.config?.isPrivate && !policies.broadcastRead && !policies.presenceRead) return this.shutdown(REASONS.unauthorizedRead(this.subTopic));
    this.token = verified;
    this.policies = policies;
    this.applyAccess();
    this.changes?.updateSubscriber(verified.caller);
    this.scheduleExpiry();
    if (message.ref !== null) this.socket.push(reply(message, 'ok', {}));
  }

  private deliverChange(ids: number[], data: ChangeData): void {
    if (this.state !== 'joined') return;
    this.socket.service.countMessages(this.socket.ref, 1);
    this.socket.send(encodeChange(this.vsn, this.topic, ids, data));
  }

  private applyAccess(): void {
    const config = this.config!;
    this.wantsSelf = config.self;
    this.receivesBroadcast = this.policies.broadcastRead;
    this.receivesPresence = config.presenceEnabled && this.policies.presenceRead;
  }

  private pushOwn(event: string, payload: unknown): void {
    this.socket.push({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  private refuseJoin(message: Message, reason: string, role: string | null): void {
    if (this.state === 'joining') this.close('untrack');
    this.socket.forget(this);
    this.socket.push(reply(message, 'error', { reason }));
    this.socket.logLimited({ kind: 'join_refused', topic: this.topic, isPrivate: this.config?.isPrivate ?? false, role, reason });
  }

  private scheduleExpiry(): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    const expiresAt = this.token?.expiresAt;
    if (expiresAt === null || expiresAt === undefined) return;
    const delay = expiresAt - Date.now();
    this.expiryTimer = setTimeout(() => {
      if (expiresAt > Date.now()) return this.scheduleExpiry();
      this.shutdown(REASONS.tokenExpired(Math.floor((Date.now() - expiresAt) / 1000)));
    }, Math.min(Math.max(delay, 0), MAX_TIMER_MS));
    this.expiryTimer.unref();
  }

  private close(presence: 'untrack' | 'hold'): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.changes?.close();
    this.changes = null;
    if (!this.isRegistered) return;
    this.isRegistered = false;
    const service = this.socket.service;
    if (presence === 'untrack') service.untrack(this);
    else service.hold(this);
    service.leave(this.scope, this);
  }
}

/** A JSON broadcast push's payload `{type: 'broadcast', event, payload}`. */
function jsonBroadcast(payload: Record<string, unknown>): BroadcastBody | null {
  if (typeof payload.event !== 'string' || Buffer.byteLength(payload.event) > 255) return null;
  return { event: payload.event, json: JSON.stringify(payload.payload ?? {}) };
}
