/**
 * The compatibility suites' platform, as one node or as a fleet. With PLINTH_TEST_FLEET=N (N >= 2)
 * a harness gets N nodes on the postgres engine behind the round-robin proxy of support/nodes.ts,
 * and `url` is the proxy's: every supabase-js request and websocket of an unchanged suite lands on
 * the next node. Without it, this is support/platform.ts's startPlatform.
 *
 * Node 0 runs in the test process, so a suite's direct looks (`platform.control.db`, `.engine`)
 * keep working; the others are child processes (support/child-platform.ts), so nothing one node
 * keeps in its memory can reach another except through Postgres, the object store or the cluster
 * bus. Each node has its own data directory, so files live on an S3 server (one is started when the
 * suite asked for the file store), as they must for a real fleet.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startChildPlatform, type ChildPlatform } from './child-platform.ts';
import { killProcessesUsing, startRoundRobinProxy } from './nodes.ts';
import { FLEET_SIZE, startPlatform as startOnePlatform, TEST_POSTGRES_URL, type EngineName } from './platform.ts';
import { startS3Server, type S3Server } from './s3-server.ts';

type TestPlatform = Awaited<ReturnType<typeof startOnePlatform>>;

/** What each fleet a suite started served: requests and websocket upgrades per node. */
export interface FleetRecord {
  served: number[];
  upgrades: number[];
}

/** Every fleet started in this test file, so a caller can check that both nodes did the work. */
export const fleetsStarted: FleetRecord[] = [];

export async function startPlatform(options: { engine?: EngineName; env?: NodeJS.ProcessEnv } = {}): Promise<TestPlatform> {
  return FLEET_SIZE >= 2 ? startFleetPlatform(FLEET_SIZE, options.env ?? {}) : startOnePlatform(options);
}

async function startFleetPlatform(count: number, suiteEnv: NodeJS.ProcessEnv): Promise<TestPlatform> {
  const isOnS3 = Boolean(suiteEnv.PLINTH_S3_BUCKET);
  const s3: S3Server | null = isOnS3 ? null : await startS3Server();
  const shared: Record<string, string> = {
    // Every node must sign and decrypt alike; node 0's key file would be its own otherwise.
    PLINTH_SECRET: randomBytes(32).toString('hex'),
    ...(s3 && {
      PLINTH_S3_BUCKET: s3.bucket, PLINTH_S3_ENDPOINT: s3.endpoint, PLINTH_S3_ACCESS_KEY_ID: s3.accessKeyId, PLINTH_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    }),
  };
  const first = await startOnePlatform({ engine: 'postgres', env: { ...suiteEnv, ...shared } });
  const children: (ChildPlatform | undefined)[] = [];
  const dataDirs: string[] = [];
  const nodeUrls = [first.url];
  const proxy = await startRoundRobinProxy(() => nodeUrls);
  first.control.config.publicUrl = proxy.url;

  const stopChildren = async () => {
    await Promise.all(children.map((child) => child?.stop('SIGKILL')));
    // Their function workers outlive a kill -9 of their parent.
    for (const dir of dataDirs) killProcessesUsing(dir);
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };
  try {
    const suiteStrings = Object.fromEntries(Object.entries(suiteEnv).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const childEnv: Record<string, string> = {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
      PLINTH_ENGINE: 'postgres',
      PLINTH_DATABASE_URL: first.control.config.databaseUrl!,
      PLINTH_PROJECT_SERVERS: TEST_POSTGRES_URL,
      PLINTH_POOLER_PORT: '0',
      PLINTH_POOLER_SESSION_PORT: '0',
      ...suiteStrings,
      ...shared,
    };
    for (let i = 1; i < count; i++) dataDirs.push(await mkdtemp(path.join(os.tmpdir(), `plinth-fleet-node${i}-`)));
    await Promise.all(dataDirs.map(async (dir, k) => {
      const child = await startChildPlatform({ ...childEnv, PLINTH_DATA_DIR: dir }, { publicUrl: proxy.url });
      children[k] = child;
      nodeUrls[k + 1] = child.url;
    }));
  } catch (error) {
    await stopChildren().catch(() => undefined);
    await proxy.close();
    await first.stop();
    await s3?.stop();
    throw error;
  }
  fleetsStarted.push({ served: proxy.served, upgrades: proxy.upgrades });

  return {
    ...first,
    url: proxy.url,
    async stop() {
      await stopChildren();
      await proxy.close();
      // Node 0 drops every project the fleet made, and the platform database.
      await first.stop();
      await s3?.stop();
    },
  };
}
