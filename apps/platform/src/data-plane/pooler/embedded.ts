/**
 * Transaction mode on the embedded engine: a project has one PGlite session, so the pooler lends it
 * to one client transaction at a time (Engine.wireSession, queued with the platform's own use of
 * the project) and runs the client's messages in it with PGlite's execProtocolRaw, a batch per
 * Sync, Query or Flush. The session goes back when ReadyForQuery says idle; on the way back its
 * settings and role are reset, since the platform's own queries share it. A transaction left open
 * past the idle-in-transaction time-out is rolled back and its client cut off.
 */
import type { Socket } from 'node:net';
import type { Engine, ProjectLocation, WireSession } from '../../engines/types.ts';
import type { LoggedIn } from './login.ts';
import { authenticationOk, backendKeyData, errorResponse, Framer, parameterStatus, readyForQuery } from './protocol.ts';
import type { ClientKey } from './session.ts';
import type { TransactionDeps } from './transaction.ts';

const MAX_CLIENT_MESSAGE = 1 << 30;
const TERMINATE = 0x58; // X
/** Messages after which the client waits for an answer: the batch so far goes to PGlite. */
const BATCH_ENDS = new Set([0x51 /* Q */, 0x53 /* S */, 0x48 /* H */]);
const SYNC_OR_QUERY = new Set([0x51, 0x53]);
const READY = 0x5a; // Z

/** The status byte of the last ReadyForQuery in a reply, or -1 when it holds none. */
function lastStatus(reply: Uint8Array): number {
  const framer = new Framer(false);
  framer.push(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength));
  let status = -1;
  for (let frame = framer.next(MAX_CLIENT_MESSAGE); frame; frame = framer.next(MAX_CLIENT_MESSAGE)) {
    if (frame.type === READY) status = frame.bytes[5];
  }
  return status;
}

export async function runEmbeddedClient(client: LoggedIn, engine: Engine, location: ProjectLocation, key: ClientKey, deps: TransactionDeps): Promise<void> {
  if (!engine.wireSession) throw Object.assign(new Error('this engine has no embedded session'), { code: '0A000' });
  const version = await engine.postgresVersion(location);
  client.socket.write(Buffer.concat([
    authenticationOk(),
    ...Object.entries({
      server_version: version, server_encoding: 'UTF8', client_encoding: 'UTF8', DateStyle: 'ISO, MDY',
      integer_datetimes: 'on', standard_conforming_strings: 'on', TimeZone: 'UTC', application_name: client.params.get('application_name') ?? '',
    }).map(([name, value]) => parameterStatus(name, value)),
    backendKeyData(key.processId, key.secretKey),
    readyForQuery('I'),
  ]));
  const embedded = new EmbeddedClient(client.socket, () => engine.wireSession!(location) as Promise<WireSession>, deps);
  if (client.rest.length > 0) embedded.onData(client.rest);
  await embedded.done;
}

class EmbeddedClient {
  readonly done: Promise<void>;
  private finish!: () => void;
  private readonly framer = new Framer(false);
  private batch: Buffer[] = [];
  private readonly batches: { bytes: Buffer; endsTransactionCheck: boolean }[] = [];
  private session: WireSession | null = null;
  private isRunning = false;
  private isClosed = false;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly socket: Socket, private readonly open: () => Promise<WireSession>, private readonly deps: TransactionDeps) {
    this.done = new Promise((resolve) => (this.finish = resolve));
    socket.setTimeout(deps.idleMs, () => void this.close());
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.once('close', () => void this.close());
    socket.resume();
  }

  onData(chunk: Buffer): void {
    this.clearIdleTimer();
    this.framer.push(chunk);
    try {
      for (let frame = this.framer.next(MAX_CLIENT_MESSAGE); frame; frame = this.framer.next(MAX_CLIENT_MESSAGE)) {
        if (frame.type === TERMINATE) return void this.close();
        this.batch.push(frame.bytes);
        if (BATCH_ENDS.has(frame.type)) {
          this.batches.push({ bytes: Buffer.concat(this.batch), endsTransactionCheck: SYNC_OR_QUERY.has(frame.type) });
          this.batch = [];
        }
      }
    } catch (error) {
      this.socket.end(errorResponse('FATAL', '08P01', `invalid message: ${(error as Error).message}`));
      return void this.close();
    }
    void this.run();
  }

  /** Runs the queued batches one after another (each waits for the last one's answer). */
  private async run(): Promise<void> {
    if (this.isRunning) return;
    this.isRunning = true;
    this.socket.pause();
    try {
      while (this.batches.length > 0 && !this.isClosed) {
        const { bytes, endsTransactionCheck } = this.batches.shift()!;
        this.session ??= await this.open();
        if (this.isClosed) break;
        const reply = await this.session.exec(bytes);
        this.socket.write(reply);
        if (!endsTransactionCheck) continue;
        const status = lastStatus(reply);
        if (status === 0x49 /* I */ && this.batches.length === 0 && this.batch.length === 0) {
          const session = this.session;
          this.session = null;
          await session.release();
        } else if (status !== 0x49) {
          this.startIdleTimer();
        }
      }
    } catch (error) {
      this.socket.end(errorResponse('FATAL', '08006', `the project database failed: ${(error as Error).message}`));
      // Not awaited: close() waits for this run to end (isRunning) before it releases the session.
      void this.close();
    } finally {
      this.isRunning = false;
      if (!this.isClosed) this.socket.resume();
    }
    if (this.batches.length > 0 && !this.isClosed) void this.run();
  }

  private startIdleTimer(): void {
    this.clearIdleTimer();
    this.idleTimer = setTimeout(() => {
      this.socket.end(errorResponse('FATAL', '25P03', 'terminating connection due to idle-in-transaction timeout'));
      void this.close();
    }, this.deps.idleInTransactionMs);
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.clearIdleTimer();
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 1_000).unref();
    // Waits for a batch in flight to finish before giving the session back, rolled back.
    while (this.isRunning) await new Promise((resolve) => setTimeout(resolve, 10));
    const session = this.session;
    this.session = null;
    await session?.release({ rollback: true }).catch(() => undefined);
    this.finish();
  }
}
