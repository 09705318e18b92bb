/**
 * The connection pooler: Postgres wire-protocol listeners (a transaction-mode port and a
 * session-mode port, config.pooler) in front of every project's database. See docs/architecture.md
 * "Pooler" for what each mode keeps across transactions.
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import type { ControlContext } from '../../control/context.ts';
import { activityFor } from '../../control/inactivity.ts';
import { PROJECT_OFFLINE } from '../../control/project-caches.ts';
import { login, type LoggedIn } from './login.ts';
import { ServerPool } from './pool.ts';
import { writePoolerLog } from './pooler-logs.ts';
import { POOLER_PROJECT_CHANGED, PoolerProjects, type PoolerProject } from './projects.ts';
import { FailedLogins } from './rate-limit.ts';
import { errorResponse } from './protocol.ts';
import { runSession, type ClientKey } from './session.ts';
import { runTransactionClient } from './transaction.ts';
import { runEmbeddedClient } from './embedded.ts';

export interface PoolerTimeouts {
  /** From connecting to being logged in (a stalled or garbage client is cut off). */
  loginMs: number;
  /** A client that sends and receives nothing this long is disconnected. */
  clientIdleMs: number;
  /** A client that leaves a transaction open this long is disconnected and its transaction rolled back. */
  idleInTransactionMs: number;
  /** A pooled server connection unused this long is closed. */
  serverIdleMs: number;
  /** How long a client waits for a free server connection. */
  acquireMs: number;
}

export const DEFAULT_TIMEOUTS: PoolerTimeouts = {
  loginMs: 15_000,
  clientIdleMs: 60 * 60_000,
  idleInTransactionMs: 60_000,
  serverIdleMs: 30_000,
  acquireMs: 30_000,
};

type Mode = 'transaction' | 'session';

export class Pooler {
  readonly timeouts: PoolerTimeouts = { ...DEFAULT_TIMEOUTS };
  /** The ports listened on (0 in the configuration: the one the system chose); null when off. */
  readonly ports: Record<Mode, number | null>;
  private readonly servers: net.Server[] = [];
  private readonly sockets = new Set<net.Socket>();
  private readonly projects: PoolerProjects;
  private unsubscribes: (() => void)[] = [];
  private readonly failures: FailedLogins;
  private readonly pools = new Map<string, ServerPool>();
  /** Each project's connected clients (their count is held against the plan's limit). */
  private readonly clients = new Map<string, Set<net.Socket>>();
  private readonly cancels = new Map<string, () => void>();
  private readonly tls: tls.SecureContext | null;

  constructor(private readonly ctx: ControlContext) {
    this.ports = ctx.poolerPorts;
    this.projects = new PoolerProjects(ctx);
    this.failures = new FailedLogins(ctx.db);
    const { tls: files } = ctx.config.pooler;
    this.tls = files ? tls.createSecureContext({ cert: readFileSync(files.certFile), key: readFileSync(files.keyFile) }) : null;
  }

  async start(): Promise<void> {
    // A password reset or a settings change on any node applies to the next login here at once.
    const refOf = (payload: unknown) => {
      const ref = (payload as { ref?: unknown } | null)?.ref;
      return typeof ref === 'string' ? ref : null;
    };
    this.unsubscribes.push(this.ctx.bus.subscribe(POOLER_PROJECT_CHANGED, (payload) => {
      const ref = refOf(payload);
      if (ref) this.projects.forget(ref);
    }));
    // A project going offline on any node (a major upgrade) loses its clients here too.
    this.unsubscribes.push(this.ctx.bus.subscribe(PROJECT_OFFLINE, (payload) => {
      const ref = refOf(payload);
      if (ref) this.takeOffline(ref);
    }));
    const { listenHost, transactionPort, sessionPort } = this.ctx.config.pooler;
    for (const [mode, port] of [['transaction', transactionPort], ['session', sessionPort]] as const) {
      if (port === null) continue;
      const server = net.createServer((socket) => this.accept(socket, mode));
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, listenHost, () => resolve());
        });
      } catch (error) {
        // The platform still serves HTTP: a second platform on one machine (tests, a dev node) must
        // not fail to start over the pooler's port. Said loudly, with what to change.
        this.ctx.log.error(`pooler (${mode} mode) cannot listen on ${listenHost}:${port}: ${(error as Error).message}; set ${mode === 'transaction' ? 'PLINTH_POOLER_PORT' : 'PLINTH_POOLER_SESSION_PORT'} to a free port or "off"`);
        continue;
      }
      server.on('error', (error) => this.ctx.log.error(`pooler (${mode}) error: ${error.message}`));
      this.servers.push(server);
      this.ports[mode] = (server.address() as net.AddressInfo).port;
      this.ctx.log.info(`pooler (${mode} mode) listening on ${listenHost}:${this.ports[mode]}`);
    }
  }

  async stop(): Promise<void> {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    const closing = this.servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
    for (const socket of this.sockets) socket.destroy();
    for (const pool of this.pools.values()) pool.close();
    this.pools.clear();
    await Promise.all(closing);
  }

  private accept(socket: net.Socket, port: Mode): void {
    this.sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('error', () => undefined);
    socket.once('close', () => this.sockets.delete(socket));
    this.serve(socket, port).catch((error: unknown) => {
      this.ctx.log.error(`pooler connection failed: ${error instanceof Error ? error.message : String(error)}`);
      socket.destroy();
    });
  }

  private async serve(raw: net.Socket, port: Mode): Promise<void> {
    const address = raw.remoteAddress ?? '';
    const client = await login(raw, {
      tls: this.tls,
      project: (ref) => this.projects.get(ref),
      failures: (ref, addr) => this.failures.count(ref, addr),
      failed: (ref, addr) => this.failures.fail(ref, addr),
      succeeded: (ref, addr) => this.failures.succeed(ref, addr),
      cancel: (processId, secretKey) => this.cancels.get(`${processId}:${secretKey}`)?.(),
      refused: (project, user, code, message) => this.log(project, address, user, port, 'warning', message, code),
    }, this.timeouts.loginMs);
    if (!client) return;
    const { project, socket } = client;
    this.sockets.add(socket);
    const mode: Mode = port === 'session' || project.poolMode === 'session' ? 'session' : 'transaction';
    if (!project.isActive) return this.refuse(client, port, '57P03', 'the project is not active (paused or being restored); restore it from the dashboard');
    if (mode === 'session' && project.engine === 'embedded' && port === 'session') {
      return this.refuse(client, port, '0A000', 'Session mode is not available on the embedded engine: connect to the transaction port');
    }
    let connected = this.clients.get(project.ref);
    if (connected && connected.size >= project.maxClients) return this.refuse(client, port, '53300', `Max client connections reached (${project.maxClients} on this project's plan)`);
    if (!connected) this.clients.set(project.ref, (connected = new Set()));
    connected.add(socket);
    const key: ClientKey = { processId: randomInt(1, 2 ** 31 - 1), secretKey: randomInt(-(2 ** 31), 2 ** 31 - 1) };
    const deps = {
      idleMs: this.timeouts.clientIdleMs,
      idleInTransactionMs: this.timeouts.idleInTransactionMs,
      onCancel: (k: ClientKey, cancel: () => void) => {
        const id = `${k.processId}:${k.secretKey}`;
        this.cancels.set(id, cancel);
        return () => this.cancels.delete(id);
      },
    };
    this.log(project, address, client.user, mode, 'info', 'login attempt: ok');
    // A connected client is a use of the project for as long as it stays (inactivity pausing).
    const activity = activityFor(this.ctx);
    activity.note(project.ref);
    const stillConnected = setInterval(() => activity.note(project.ref), 60_000).unref();
    try {
      if (project.engine === 'embedded') {
        await runEmbeddedClient(client, this.ctx.engine, project.location, key, deps);
      } else if (mode === 'session') {
        const target = await this.ctx.engine.wireTarget(project.location, project.password);
        if (!target) throw new Error(`no server for project ${project.ref}`);
        try {
          await runSession(client, target, key, deps);
        } finally {
          target.release();
        }
      } else {
        await runTransactionClient(client, this.pool(project), key, deps);
      }
      this.log(project, address, client.user, mode, 'info', 'closing because: client close request');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log(project, address, client.user, mode, 'error', `closing because: ${message}`, (error as { code?: string }).code);
      socket.end(errorResponse('FATAL', (error as { code?: string }).code ?? '08006', message));
    } finally {
      clearInterval(stillConnected);
      connected.delete(socket);
      if (connected.size === 0 && this.clients.get(project.ref) === connected) this.clients.delete(project.ref);
    }
  }

  /** Ends the project's clients (told why) and its server pool; the row is read again on the next login. */
  private takeOffline(ref: string): void {
    this.projects.forget(ref);
    for (const socket of this.clients.get(ref) ?? []) {
      socket.end(errorResponse('FATAL', '57P01', 'terminating connection: the project is going offline (database upgrade)'));
      setTimeout(() => socket.destroy(), 1_000).unref();
    }
    this.pools.get(ref)?.close();
    this.pools.delete(ref);
  }

  private pool(project: PoolerProject): ServerPool {
    let pool = this.pools.get(project.ref);
    if (pool && pool.password !== project.password) {
      pool.close(); // a password reset: new logins use the new password
      pool = undefined;
    }
    if (!pool) {
      pool = new ServerPool(project.password, async () => {
        const target = await this.ctx.engine.wireTarget(project.location, project.password);
        if (!target) throw new Error(`no server for project ${project.ref}`);
        return target;
      }, { size: project.poolSize, idleMs: this.timeouts.serverIdleMs, acquireTimeoutMs: this.timeouts.acquireMs });
      this.pools.set(project.ref, pool);
    }
    pool.options.size = project.poolSize;
    return pool;
  }

  private refuse(client: LoggedIn, port: Mode, code: string, message: string): void {
    this.log(client.project, client.socket.remoteAddress ?? '', client.user, port, 'warning', message, code);
    client.socket.end(errorResponse('FATAL', code, message));
  }

  private log(project: PoolerProject, address: string, user: string, mode: Mode, level: 'info' | 'warning' | 'error', message: string, errorCode?: string): void {
    writePoolerLog(this.ctx.logs, { projectRef: project.ref, level, message, clientAddress: address, user, mode, errorCode });
  }
}
