/**
 * The platform database on the local engine: a cluster of its own in `data/platform-cluster`,
 * started with the platform and stopped with it. Its lock file is what stops a second Plinth process
 * on the same data directory; a postmaster a killed Plinth left running is stopped and restarted.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { acquireLock, releaseLock } from '../lock-file.ts';
import type { PgDatabase } from '../postgres/pg-database.ts';
import type { Database } from '../types.ts';
import { postgresBinaries } from './binaries.ts';
import { Cluster, initialiseCluster } from './cluster.ts';
import { giveToClusterUser, openPathForClusterUser } from './cluster-user.ts';
import { clusterMajor, socketPool } from './local-engine.ts';
import { socketDirFor } from './socket-dir.ts';

const PLATFORM_SUPERUSER = 'postgres';
const PLATFORM_POOL_MAX = 10;

export async function openLocalPlatformDatabase(dataDir: string, log?: (message: string) => void): Promise<Database> {
  const dir = join(dataDir, 'platform-cluster');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  acquireLock(dir);
  try {
    const dbDir = join(dir, 'db');
    openPathForClusterUser(dir, [dataDir]);
    if (!existsSync(join(dbDir, 'PG_VERSION'))) {
      // Initialised aside and renamed into place, so a crash never leaves half a cluster.
      const buildDir = join(dir, 'db.build');
      await rm(buildDir, { recursive: true, force: true });
      giveToClusterUser(dir);
      await initialiseCluster(buildDir, postgresBinaries(), PLATFORM_SUPERUSER);
      await rename(buildDir, dbDir);
    }
    const cluster = new Cluster({
      dataDir: dbDir,
      socketDir: socketDirFor(dir),
      port: 5432,
      binaries: postgresBinaries(clusterMajor(dbDir)),
      log,
    });
    await cluster.ensureRunning();
    const db = socketPool(cluster.socketDir, PLATFORM_SUPERUSER, PLATFORM_POOL_MAX, { noTimeouts: true });
    return withClose(db, async () => {
      await cluster.stop();
      releaseLock(dir);
    });
  } catch (error) {
    releaseLock(dir);
    throw error;
  }
}

function withClose(db: PgDatabase, after: () => Promise<void>): Database {
  return {
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    queryPrepared: (setup, statement) => db.queryPrepared(setup, statement),
    listen: (channel, onNotify, onLost) => db.listen(channel, onNotify, onLost),
    async close() {
      await db.close();
      await after();
    },
  };
}
