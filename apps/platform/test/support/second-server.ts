/**
 * One more Postgres server for tests of a fleet of project servers: a cluster of the newest
 * npm-installed major (the local engine's binaries), reached through its Unix socket as `postgres`.
 */
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Cluster, initialiseCluster } from '../../src/engines/local/cluster.ts';
import { postgresBinaries } from '../../src/engines/local/binaries.ts';
import { clusterUser } from '../../src/engines/local/cluster-user.ts';
import { socketDirFor } from '../../src/engines/local/socket-dir.ts';

export interface TestServer {
  /** A server URL as PLINTH_PROJECT_SERVERS takes it. */
  url: string;
  stop(): Promise<void>;
  /** Starts it again after stop(). */
  start(): Promise<void>;
  /** Removes it for good. */
  remove(): Promise<void>;
}

export async function startSecondServer(): Promise<TestServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plinth-server-'));
  const user = clusterUser();
  if (user) await chown(dir, user.uid, user.gid);
  const binaries = postgresBinaries();
  await initialiseCluster(path.join(dir, 'db'), binaries, 'postgres');
  const cluster = new Cluster({ dataDir: path.join(dir, 'db'), socketDir: socketDirFor(dir), port: 5432, binaries });
  await cluster.ensureRunning();
  return {
    url: `postgres://postgres@localhost:5432/postgres?host=${encodeURIComponent(cluster.socketDir)}`,
    stop: () => cluster.stop(),
    start: async () => {
      await cluster.ensureRunning();
    },
    async remove() {
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
