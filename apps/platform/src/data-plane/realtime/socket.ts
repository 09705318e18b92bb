/**
 * One websocket of a project: decodes frames, answers heartbeats, joins and routes the rest to its
 * channels. Whatever a client sends, the answer is a protocol reply (an error reply with a reason
 * when it cannot be served) and the socket stays open; only a frame over the websocket's own size
 * limit (ws closes it with 1009) or a silence longer than 60 s ends it.
 */
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { writeRealtimeLog, type RealtimeLogEvent } from '../logs/realtime-logs.ts';
import { RealtimeChannel } from './channel.ts';
import { decodeBinary, decodeText, encode, reply, type Decoded, type Message, type Vsn } from './protocol.ts';
import { REASONS } from './reasons.ts';
import type { RealtimeService } from './service.ts';

export const MAX_CHANNELS_PER_SOCKET = 100;
export const MAX_JOINS_PER_SECOND = 100;
export const IDLE_TIMEOUT_MS = 60_000;
/** A client this far behind in reading is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
const MAX_TOPIC_BYTES = 255;
/** Error log entries per socket and minute (a flood of bad frames must not flood the logs). */
const ERROR_LOGS_PER_MINUTE = 20;

export interface SocketOptions {
  ref: string;
  vsn: Vsn;
  /** The apikey the socket connected with: a channel's token when its join carries none. */
  apikey: string;
  role: string;
  remoteAddress: string;
  /** Whether the project had no room for this connection when it opened (its joins are refused). */
  isOverConnectionLimit: boolean;
}

export class RealtimeSocket {
  readonly id = randomBytes(6).toString('hex');
  readonly channels = new Map<string, RealtimeChannel>();
  lastSeen = Date.now();
  private readonly openedAt = Date.now();
  private joinTimes: number[] = [];
  private errorLogs = { minute: 0, count: 0 };
  private isClosed = false;
  private isCorked = false;

  constructor(
    private readonly ws: WebSocket,
    readonly service: RealtimeService,
    readonly options: SocketOptions,
  ) {
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      try {
        this.received(buffer, isBinary);
      } catch (error) {
        this.logError(null, null, `internal: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    ws.on('close', (code: number) => this.closed(code));
    this.log({ kind: 'connected', vsn: options.vsn, role: options.role, remoteAddress: options.remoteAddress });
  }

  get vsn(): Vsn {
    return this.options.vsn;
  }

  get ref(): string {
    return this.options.ref;
  }

  send(frame: string | Buffer): void {
    if (this.isClosed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.close(1013, 'the client does not read fast enough');
      return;
    }
    this.cork();
    this.ws.send(frame, { binary: typeof frame !== 'string' });
  }

  /**
   * Frames written in one turn of the event loop leave in one write: a burst of broadcasts costs a
   * socket one system call, not one per message. (ws keeps its TCP socket as `_socket`.)
   */
  private cork(): void {
    if (this.isCorked) return;
    const raw = (this.ws as unknown as { _socket?: { cork(): void; uncork(): void; destroyed?: boolean } })._socket;
    if (!raw?.cork) return;
    raw.cork();
    this.isCorked = true;
    setImmediate(() => {
      this.isCorked = false;
      if (!raw.destroyed) raw.uncork();
    });
  }

  push(message: Message): void {
    this.send(encode(this.vsn, message));
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }

  log(event: RealtimeLogEvent): void {
    writeRealtimeLog(this.service.logs, this.ref, this.id, event);
  }

  logError(topic: string | null, event: string | null, reason: string): void {
    this.logLimited(event === 'phx_join' && topic ? { kind: 'join_refused', topic, isPrivate: false, role: null, reason } : { kind: 'error', topic, event, reason });
  }

  /** Logs at most ERROR_LOGS_PER_MINUTE entries a minute for this socket. */
  logLimited(event: RealtimeLogEvent): void {
    const minute = Math.floor(Date.now() / 60_000);
    if (this.errorLogs.minute !== minute) this.errorLogs = { minute, count: 0 };
    if (++this.errorLogs.count <= ERROR_LOGS_PER_MINUTE) this.log(event);
  }

  /** Answers `message` with an error reply carrying `reason`. */
  refuse(message: Pick<Message, 'joinRef' | 'ref' | 'topic'>, reason: string, event: string | null = null): void {
    this.logError(message.topic, event, reason);
    this.push(reply({ joinRef: message.joinRef, ref: message.ref, topic: message.topic }, 'error', { reason }));
  }

  forget(channel: RealtimeChannel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  private received(buffer: Buffer, isBinary: boolean): void {
    this.lastSeen = Date.now();
    const decoded: Decoded = isBinary ? decodeBinary(buffer) : decodeText(buffer.toString('utf8'), this.vsn);
    if ('error' in decoded) {
      this.refuse({ joinRef: null, ref: decoded.ref, topic: decoded.topic ?? 'phoenix' }, decoded.error);
      return;
    }
    const { message, broadcast } = decoded;
    const limit = this.service.maxMessageBytes(this.ref);
    if (limit !== null && buffer.length > limit) {
      this.refuse(message, REASONS.payloadTooLarge(limit), message.event);
      return;
    }
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.push(reply(message, 'ok', {}));
      else this.refuse(message, REASONS.unknownEvent(message.event), message.event);
      return;
    }
    if (message.event === 'phx_join') {
      void this.join(message);
      return;
    }
    const channel = this.channels.get(message.topic);
    if (!channel) {
      this.refuse(message, REASONS.unmatchedTopic, message.event);
      return;
    }
    void channel.handle(message, broadcast).catch((error: unknown) => {
      this.refuse(message, `internal: ${error instanceof Error ? error.message : String(error)}`, message.event);
    });
  }

  private async join(message: Message): Promise<void> {
    if (!message.topic.startsWith('realtime:')) return this.refuse(message, REASONS.unmatchedTopic, 'phx_join');
    if (Buffer.byteLength(message.topic) > MAX_TOPIC_BYTES || message.topic === 'realtime:') return this.refuse(message, REASONS.invalidTopic, 'phx_join');
    const now = Date.now();
    this.joinTimes = this.joinTimes.filter((at) => now - at < 1000);
    if (this.joinTimes.length >= MAX_JOINS_PER_SECOND) return this.refuse(message, REASONS.tooManyJoins, 'phx_join');
    this.joinTimes.push(now);
    const existing = this.channels.get(message.topic);
    // Phoenix closes a topic's channel when the same topic is joined again.
    if (existing) existing.shutdown(null);
    if (this.channels.size >= MAX_CHANNELS_PER_SOCKET) return this.refuse(message, REASONS.tooManyChannels, 'phx_join');
    if (this.options.isOverConnectionLimit) return this.refuse(message, REASONS.tooManyConnections, 'phx_join');
    const channel = new RealtimeChannel(this, message.topic, message.joinRef ?? message.ref);
    this.channels.set(message.topic, channel);
    await channel.join(message);
    if (this.isClosed) channel.disconnected();
  }

  private closed(code: number): void {
    if (this.isClosed) return;
    this.isClosed = true;
    const channels = [...this.channels.values()];
    this.channels.clear();
    for (const channel of channels) channel.disconnected();
    this.service.socketClosed(this);
    this.log({ kind: 'disconnected', code, channels: channels.length, durationMs: Date.now() - this.openedAt });
  }
}
