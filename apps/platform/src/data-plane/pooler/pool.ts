/**
 * A project's server connections in transaction mode: at most `size` (the project's pool size),
 * lent to one client transaction at a time, first come first served. A connection idle for
 * `idleMs` is closed, and with the last one the pool gives back its use of the project (so a
 * local cluster can scale to zero). A connection handed back is NOT reset (no DISCARD ALL): as in
 * PgBouncer's transaction mode, it is handed back only when the server says it is idle outside a
 * transaction, and session state a client leaves behind (SET, prepared statements by name,
 * LISTEN, advisory locks, temporary tables) is the documented limit of transaction pooling. A
 * connection whose client vanished mid-transaction is closed, never reused.
 */
import type { WireTarget } from '../../engines/types.ts';
import { connectServer, type ServerConnection } from './upstream.ts';

export interface PoolOptions {
  size: number;
  idleMs: number;
  /** How long a client waits for a connection before it is told the pool is exhausted. */
  acquireTimeoutMs: number;
}

export class PoolExhausted extends Error {}

export class ServerPool {
  private readonly idle: { server: ServerConnection; timer: NodeJS.Timeout; onData: () => void }[] = [];
  private readonly waiters: { resolve: (s: ServerConnection) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }[] = [];
  private total = 0;
  private target: WireTarget | null = null;
  private targetPromise: Promise<WireTarget> | null = null;
  private isClosed = false;
  /** The server's ParameterStatus values, replayed to each client at login. */
  parameters: Map<string, string> | null = null;

  constructor(
    /** The password the pool logs in with: a new one (a reset) means a new pool. */
    readonly password: string,
    private readonly openTarget: () => Promise<WireTarget>,
    readonly options: PoolOptions,
  ) {}

  get size(): number {
    return this.total;
  }

  async acquire(): Promise<ServerConnection> {
    const free = this.idle.pop();
    if (free) {
      clearTimeout(free.timer);
      free.server.socket.off('data', free.onData);
      free.server.socket.pause();
      return free.server;
    }
    if (this.total < this.options.size) return this.open();
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(new PoolExhausted('no server connection became free in time (the pool size is reached)'));
        }, this.options.acquireTimeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  private async open(): Promise<ServerConnection> {
    this.total += 1;
    try {
      this.targetPromise ??= this.openTarget();
      this.target = await this.targetPromise;
      const server = await connectServer(this.target, { application_name: 'plinth_pooler' });
      this.parameters ??= server.parameters;
      server.socket.once('close', () => this.forget(server));
      return server;
    } catch (error) {
      this.total -= 1;
      this.maybeRelease();
      throw error;
    }
  }

  /** A connection back from a client whose transaction ended: to the next waiter, else idle. */
  release(server: ServerConnection): void {
    if (server.socket.destroyed || this.isClosed) return this.discard(server);
    const waiter = this.waiters.shift();
    if (waiter) {
      clearTimeout(waiter.timer);
      waiter.resolve(server);
      return;
    }
    // An idle server says nothing unless it is ending the session (pg_terminate_backend, read-only
    // mode's switch, a shutdown: FATAL, then close). Read while idle, so the close is seen and the
    // connection forgotten rather than lent to the next client dead.
    const onData = () => this.discard(server);
    server.socket.on('data', onData);
    server.socket.resume();
    this.idle.push({ server, timer: setTimeout(() => this.discard(server), this.options.idleMs), onData });
  }

  /** A connection that cannot be reused (client gone mid-transaction, broken): closed. */
  discard(server: ServerConnection): void {
    server.socket.destroy();
  }

  private forget(server: ServerConnection): void {
    const at = this.idle.findIndex((entry) => entry.server === server);
    if (at >= 0) clearTimeout(this.idle.splice(at, 1)[0].timer);
    this.total -= 1;
    // A waiter gets a fresh connection in place of the one that went away.
    const waiter = this.waiters.shift();
    if (waiter && !this.isClosed) {
      clearTimeout(waiter.timer);
      this.open().then(waiter.resolve, waiter.reject);
      return;
    }
    this.maybeRelease();
  }

  private maybeRelease(): void {
    if (this.total > 0 || !this.targetPromise) return;
    const target = this.targetPromise;
    this.targetPromise = null;
    this.target = null;
    void target.then((t) => t.release(), () => undefined);
  }

  /** The target of the connections (for cancel requests). */
  get currentTarget(): WireTarget | null {
    return this.target;
  }

  close(): void {
    this.isClosed = true;
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(new PoolExhausted('the pooler is shutting down'));
    }
    for (const { server, timer } of this.idle.splice(0)) {
      clearTimeout(timer);
      server.socket.destroy();
    }
  }
}
