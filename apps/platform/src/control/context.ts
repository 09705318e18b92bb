import type { Config } from '../config.ts';
import type { LogWriter } from '../data-plane/logs/log-writer.ts';
import type { StatementStats } from '../data-plane/logs/statement-stats.ts';
import type { ObjectStore } from '../data-plane/storage/object-stores/index.ts';
import type { Database, Engine } from '../engines/types.ts';
import type { ClusterBus } from './cluster-bus.ts';
import type { JobQueue } from './job-queue.ts';
import type { Secrets } from './secrets.ts';

/** What the control-plane domain needs; built once in main.ts. */
export interface ControlContext {
  config: Config;
  db: Database;
  engine: Engine;
  secrets: Secrets;
  /** Durable background work in the platform database (job-queue.ts). */
  jobs: JobQueue;
  log: { info(message: string): void; error(message: string): void };
  /** Every service's log entries (edge, PostgREST, auth, ...) into the platform database; flush() in tests. */
  logs: LogWriter;
  /** Query performance figures the platform records (engines without pg_stat_statements); flush() before reading. */
  statementStats: StatementStats;
  /** Where every project's stored files live: a directory under dataDir, or S3 (PLINTH_S3_*). */
  objects: ObjectStore;
  /** Messages between platform nodes (LISTEN/NOTIFY on a shared platform database, else in-process). */
  bus: ClusterBus;
  /**
   * This node's pooler ports once it listens (null: off, taken, or not started yet); the Pooler fills
   * them in. Edge functions connect through it (SUPABASE_DB_URL).
   */
  poolerPorts: Record<'transaction' | 'session', number | null>;
}

/** Who is acting, for permissions and the audit trail. */
export interface Actor {
  userId: string;
  email: string;
  ip: string | null;
}
