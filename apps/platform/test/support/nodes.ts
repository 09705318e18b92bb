/**
 * Several platform nodes, as an installation that outgrew one machine runs them: real child
 * processes (support/child-platform.ts) on the postgres engine, one fresh platform database shared
 * by all, the same PLINTH_SECRET (so JWTs and encrypted columns agree), each its own data directory,
 * optionally files on an S3 server (support/s3-server.ts), and a small round-robin proxy in front
 * standing in for the load balancer: each request and each websocket goes to the next node.
 *
 * The proxy takes a node out of its rotation the moment the harness kills or stops it (as a load
 * balancer does once the node's ready check fails) and puts it back once a restarted node answers.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { startChildPlatform, type ChildPlatform } from './child-platform.ts';
import { freePort } from './free-port.ts';
import { onTestServer, TEST_POSTGRES_URL } from './platform.ts';
import { startS3Server, type S3Server } from './s3-server.ts';

export interface NodeFleet {
  /** The round-robin proxy's URL (HTTP and websocket upgrades both forwarded, one node after another). */
  url: string;
  /** Each node's own URL, in start order. */
  nodeUrls: string[];
  /**
   * kill -9 node i (a child process), and start a fresh one in its place when `restart` is true: with
   * the same env, or with `env` as the node's own env (in place of startNodes' `nodeEnv[i]`) from now on.
   */
  kill(i: number, options?: { restart?: boolean; env?: Record<string, string> }): Promise<void>;
  /** Each node's pooler transaction-mode port (127.0.0.1), in start order, kept across restarts. */
  poolerPorts: number[];
  /** Env to reach the shared platform database (for direct checks) */
  platformDatabaseUrl: string;
  stop(): Promise<void>;
  /** Node i's process: its output for failure messages, `stop(signal)` (SIGTERM for a graceful stop), `exited`. */
  node(i: number): ChildPlatform;
  /** Takes node i out of the proxy's rotation (before a graceful stop), or puts it back. */
  setInRotation(i: number, inRotation: boolean): void;
  /** The env every node was started with (the shared secret, database and S3 settings). */
  env: Record<string, string>;
  /** The node index each websocket upgrade went to, in order (HTTP answers say it in `x-fleet-node`). */
  upgrades: number[];
}

/**
 * A round-robin HTTP + websocket proxy over `targets()` (node URLs); `null` targets are skipped.
 * Each answer carries `x-fleet-node: <index>`; `upgrades` lists where each websocket went.
 */
export interface RoundRobinProxy {
  url: string;
  upgrades: number[];
  /** How many HTTP requests each node index was sent. */
  served: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(targets: () => (string | null)[]): Promise<RoundRobinProxy> {
  let next = 0;
  const upgrades: number[] = [];
  const served: number[] = [];
  // Upgraded sockets are no longer the server's connections: close() ends them itself.
  const tunnels = new Set<Duplex>();
  const pick = (): { target: URL; index: number } | null => {
    const all = targets();
    for (let tried = 0; tried < all.length; tried++) {
      const index = next++ % all.length;
      const target = all[index];
      if (target) return { target: new URL(target), index };
    }
    return null;
  };
  const server = http.createServer((req, res) => {
    const picked = pick();
    if (!picked) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('no node in rotation');
      return;
    }
    const { target, index } = picked;
    served[index] = (served[index] ?? 0) + 1;
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, [...answer.rawHeaders, 'x-fleet-node', String(index)]);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${error.message}`);
      else res.destroy(error);
    });
    req.pipe(upstream);
    res.on('close', () => { if (!res.writableFinished) upstream.destroy(); });
  });
  server.on('upgrade', (req, socket, head) => {
    const picked = pick();
    if (!picked) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\n\r\n');
      return;
    }
    const { target, index } = picked;
    upgrades.push(index);
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    upgrades,
    served,
    async close() {
      server.closeAllConnections();
      for (const tunnel of tunnels) tunnel.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Processes a killed node left behind: its edge-function workers (Deno) run with paths under its
 * data directory and outlive a kill -9 of their parent.
 */
export function killProcessesUsing(dataDir: string): void {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(`${dataDir}/`)) process.kill(Number(name), 'SIGKILL');
    } catch {
      // Gone while we looked.
    }
  }
}

/**
 * `count` nodes behind a round-robin proxy. The first node starts alone (it creates and migrates the
 * platform database), the others then together. `env` is added to every node's environment, and
 * `nodeEnv[i]` to node i's only (a crash point for one node: control/crash-points.ts).
 */
export async function startNodes(options: { count: number; env?: NodeJS.ProcessEnv; s3?: boolean; nodeEnv?: Record<string, string>[] }): Promise<NodeFleet> {
  const platformDatabase = `plinth_test_${randomBytes(6).toString('hex')}`;
  const platformDatabaseUrl = Object.assign(new URL(TEST_POSTGRES_URL), { pathname: `/${platformDatabase}` }).toString();
  let s3: S3Server | undefined;
  const nodes: (ChildPlatform | undefined)[] = [];
  const ports: number[] = [];
  const poolerPorts: number[] = [];
  const dataDirs: string[] = [];
  const inRotation: boolean[] = [];
  const nodeUrls: string[] = [];
  const proxy = await startRoundRobinProxy(() => nodeUrls.map((url, i) => (inRotation[i] && nodes[i] ? url : null)));

  const extra = Object.fromEntries(Object.entries(options.env ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const env: Record<string, string> = {
    PLINTH_ENGINE: 'postgres',
    PLINTH_DATABASE_URL: platformDatabaseUrl,
    PLINTH_PROJECT_SERVERS: TEST_POSTGRES_URL,
    PLINTH_SECRET: randomBytes(32).toString('hex'),
    // Every node on one machine: any free pooler ports, so they never collide.
    PLINTH_POOLER_PORT: '0',
    PLINTH_POOLER_SESSION_PORT: '0',
    ...extra,
  };

  const nodeEnv = [...(options.nodeEnv ?? [])];
  const startNode = async (i: number) => {
    const poolerPort = extra.PLINTH_POOLER_PORT ?? String(poolerPorts[i]);
    const child = await startChildPlatform({ ...env, ...nodeEnv[i], PLINTH_DATA_DIR: dataDirs[i], PLINTH_POOLER_PORT: poolerPort }, { port: ports[i], publicUrl: proxy.url });
    nodes[i] = child;
    inRotation[i] = true;
    return child;
  };

  const cleanUp = async () => {
    await proxy.close();
    await Promise.all(nodes.map((node) => node?.stop('SIGKILL')));
    for (const dir of dataDirs) killProcessesUsing(dir);
    // Every project any node made: its database and roles on the project server, then the platform database.
    await onTestServer(async (admin) => {
      const exists = (await admin.query('select 1 from pg_database where datname = $1', [platformDatabase])).rows.length > 0;
      if (exists) {
        const platformDb = new pg.Client({ connectionString: platformDatabaseUrl });
        await platformDb.connect();
        const refs = await platformDb.query<{ ref: string }>('select ref from projects').then((r) => r.rows.map((row) => row.ref), () => []);
        await platformDb.end();
        for (const ref of refs) {
          await admin.query(`drop database if exists "project_${ref}" with (force)`);
          for (const role of ['platform', 'owner']) await admin.query(`drop role if exists "project_${ref}_${role}"`);
        }
      }
      await admin.query(`drop database if exists "${platformDatabase}" with (force)`);
    });
    await s3?.stop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };

  try {
    if (options.s3) {
      s3 = await startS3Server();
      Object.assign(env, {
        PLINTH_S3_BUCKET: s3.bucket,
        PLINTH_S3_ENDPOINT: s3.endpoint,
        PLINTH_S3_ACCESS_KEY_ID: s3.accessKeyId,
        PLINTH_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      });
    }
    for (let i = 0; i < options.count; i++) {
      dataDirs.push(await mkdtemp(path.join(os.tmpdir(), `plinth-node${i}-`)));
      // Ports held by nobody, kept for this node across restarts.
      ports.push(await freePort());
      poolerPorts.push(await freePort());
      nodeUrls.push(`http://127.0.0.1:${ports[i]}`);
      inRotation.push(false);
    }
    await startNode(0);
    await Promise.all(Array.from({ length: options.count - 1 }, (_, k) => startNode(k + 1)));
  } catch (error) {
    await cleanUp().catch(() => undefined);
    throw error;
  }

  return {
    url: proxy.url,
    nodeUrls,
    poolerPorts,
    platformDatabaseUrl,
    env,
    upgrades: proxy.upgrades,
    node(i) {
      const node = nodes[i];
      if (!node) throw new Error(`node ${i} is not running`);
      return node;
    },
    setInRotation(i, value) {
      inRotation[i] = value;
    },
    async kill(i, killOptions = {}) {
      inRotation[i] = false;
      await nodes[i]?.stop('SIGKILL');
      nodes[i] = undefined;
      killProcessesUsing(dataDirs[i]);
      if (killOptions.env) nodeEnv[i] = killOptions.env;
      if (killOptions.restart) await startNode(i);
    },
    stop: cleanUp,
  };
}
