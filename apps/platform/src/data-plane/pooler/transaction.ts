/**
 * Transaction mode on a server-backed project (local, postgres): the client holds a pooled server
 * connection from its first message until the server's ReadyForQuery says idle ('I') with every
 * Sync and Query it sent answered; then the connection goes back to the pool. A client idle inside
 * a transaction longer than the idle-in-transaction time-out is told so and cut off, and its
 * connection is closed (which rolls the transaction back), never handed to another client.
 */
import type { Socket } from 'node:net';
import type { LoggedIn } from './login.ts';
import type { ServerPool } from './pool.ts';
import { authenticationOk, backendKeyData, errorResponse, Framer, parameterStatus, readyForQuery } from './protocol.ts';
import type { ClientKey, SessionDeps } from './session.ts';
import { sendCancel, type ServerConnection } from './upstream.ts';

/** The largest message a client may send (PostgreSQL's own limit for most messages is 1 GB). */
const MAX_CLIENT_MESSAGE = 1 << 30;
const TERMINATE = 0x58; // X
const QUERY = 0x51; // Q
const SYNC = 0x53; // S
const READY = 0x5a; // Z
const IDLE = 0x49; // I

export interface TransactionDeps extends SessionDeps {
  idleInTransactionMs: number;
}

export async function runTransactionClient(client: LoggedIn, pool: ServerPool, key: ClientKey, deps: TransactionDeps): Promise<void> {
  // The first connection tells the server's parameters (server_version, ...) every client is shown.
  if (!pool.parameters) pool.release(await pool.acquire());
  const { socket } = client;
  socket.write(Buffer.concat([
    authenticationOk(),
    ...[...(pool.parameters ?? [])].map(([name, value]) => parameterStatus(name, value)),
    backendKeyData(key.processId, key.secretKey),
    readyForQuery('I'),
  ]));
  await new TransactionClient(socket, pool, deps, key, client.rest).done;
}

class TransactionClient {
  readonly done: Promise<void>;
  private finish!: () => void;
  private readonly fromClient = new Framer(false);
  private readonly fromServer = new Framer(false);
  private server: ServerConnection | null = null;
  private acquiring = false;
  private queued: Buffer[] = [];
  /** Queries and Syncs sent whose ReadyForQuery has not come back. */
  private unanswered = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private isClosed = false;
  private readonly unregister: () => void;

  constructor(private readonly socket: Socket, private readonly pool: ServerPool, private readonly deps: TransactionDeps, key: ClientKey, rest: Buffer) {
    this.done = new Promise((resolve) => (this.finish = resolve));
    this.unregister = deps.onCancel(key, () => {
      const target = pool.currentTarget;
      if (this.server && target) sendCancel(target, this.server.processId, this.server.secretKey);
    });
    socket.setTimeout(deps.idleMs, () => this.close());
    socket.on('data', this.onClientData);
    socket.once('close', () => this.close());
    socket.resume();
    if (rest.length > 0) this.onClientData(rest);
  }

  private onClientData = (chunk: Buffer) => {
    this.clearIdleTimer();
    this.fromClient.push(chunk);
    try {
      for (let frame = this.fromClient.next(MAX_CLIENT_MESSAGE); frame; frame = this.fromClient.next(MAX_CLIENT_MESSAGE)) {
        if (frame.type === TERMINATE) return this.close();
        if (frame.type === QUERY || frame.type === SYNC) this.unanswered += 1;
        this.queued.push(frame.bytes);
      }
    } catch (error) {
      this.socket.end(errorResponse('FATAL', '08P01', `invalid message: ${(error as Error).message}`));
      return this.close();
    }
    this.flush();
  };

  /** Sends what the client queued, getting a server connection first if it holds none. */
  private flush(): void {
    if (this.queued.length === 0 || this.isClosed) return;
    if (this.server) {
      this.server.socket.write(this.queued.length === 1 ? this.queued[0] : Buffer.concat(this.queued));
      this.queued = [];
      return;
    }
    if (this.acquiring) return;
    this.acquiring = true;
    this.socket.pause(); // back-pressure while the client waits for a connection
    this.pool.acquire().then((server) => {
      this.acquiring = false;
      if (this.isClosed) return this.pool.release(server);
      this.attach(server);
      this.socket.resume();
      this.flush();
    }, (error: Error) => {
      this.acquiring = false;
      this.socket.end(errorResponse('FATAL', '53300', error.message));
      this.close();
    });
  }

  private attach(server: ServerConnection): void {
    this.server = server;
    server.socket.on('data', this.onServerData);
    server.socket.once('close', this.onServerClose);
    server.socket.resume();
  }

  private detach(): ServerConnection | null {
    const server = this.server;
    this.server = null;
    if (!server) return null;
    server.socket.off('data', this.onServerData);
    server.socket.off('close', this.onServerClose);
    server.socket.pause();
    return server;
  }

  private onServerClose = () => {
    this.detach();
    this.socket.end(errorResponse('FATAL', '08006', 'server connection closed unexpectedly'));
    this.close();
  };

  private onServerData = (chunk: Buffer) => {
    this.socket.write(chunk);
    this.fromServer.push(chunk);
    let status = -1;
    for (let frame = this.fromServer.next(MAX_CLIENT_MESSAGE); frame; frame = this.fromServer.next(MAX_CLIENT_MESSAGE)) {
      if (frame.type === READY) {
        this.unanswered -= 1;
        status = frame.bytes[5];
      }
    }
    if (status < 0 || this.unanswered > 0 || this.queued.length > 0) return;
    if (status === IDLE && this.fromServer.pendingBytes === 0) {
      const server = this.detach();
      if (server) this.pool.release(server);
    } else {
      this.startIdleTimer();
    }
  };

  private startIdleTimer(): void {
    this.clearIdleTimer();
    this.idleTimer = setTimeout(() => {
      this.socket.end(errorResponse('FATAL', '25P03', 'terminating connection due to idle-in-transaction timeout'));
      this.close();
    }, this.deps.idleInTransactionMs);
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.clearIdleTimer();
    // A connection held here is mid-transaction or mid-exchange: closing it rolls back, and no
    // other client ever sees its state.
    const server = this.detach();
    if (server) this.pool.discard(server);
    this.unregister();
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 1_000).unref();
    this.finish();
  }
}
