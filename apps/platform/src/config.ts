import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FeatureFlags } from '@plinth/api-contract';
import type { S3StoreConfig } from './data-plane/storage/object-stores/index.ts';
import type { EngineName } from './engines/bootstrap.ts';

/** Everything the platform reads from its environment, read once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** Where browsers and SDKs reach this platform; project URLs are `${publicUrl}/p/${ref}`. */
  publicUrl: string;
  dataDir: string;
  engine: EngineName;
  /** Local engine: a project's cluster stops after this long unused, and starts on the next request (0: never). */
  idleStopMs: number;
  /** Local engine: the PostgreSQL major new projects get (default: the newest installed). */
  postgresMajor: number | undefined;
  /** Postgres engine: the platform database. */
  databaseUrl: string | undefined;
  /** Postgres engine: servers that hold project databases. */
  projectServers: string[];
  /** Master secret for JWT and at-rest encryption keys; a key file in dataDir when unset. */
  secret: string | undefined;
  /** No mail server means sign-ups are confirmed on the spot. */
  smtpUrl: string | undefined;
  studioDir: string;
  logLevel: string;
  /**
   * The longest statement time-out the SQL editor may ask for, by what the member may do, already
   * lowered for the engine (an embedded project has one connection, so the cap protects its data plane).
   */
  sqlTimeoutCapMs: { readOnly: number; readWrite: number };
  /** Embedded engine: the SQL editor's reads run on a snapshot of the project in a second worker. */
  embeddedSqlSnapshots: boolean;
  /** PLINTH_SUBSCRIPTION_CHANGES=off: the operator switches plan and spend-cap changes off (control/subscription.ts). */
  subscriptionChangesEnabled: boolean;
  /**
   * PLINTH_DISK_QUOTA_BYTES: the disk quota of every plan that has one (a machine with small disks;
   * tests), instead of `limits(plan).databaseSizeBytes`; Enterprise's stays custom. Over it a
   * project is read-only (control/read-only-mode.ts).
   */
  diskQuotaBytes?: number;
  /** Signed-in users (by email, lower case) who hold the operator role: plans, failed jobs, the admin API. */
  operatorEmails: string[];
  /** At stop, how long running background jobs may take to finish before they are handed back to the queue. */
  jobStopGraceMs: number;
  /** Nodes sharing a Postgres platform database: how long a job's lease lasts unrenewed (PLINTH_JOB_LEASE_S, default 20, at least 4; the same on every node). */
  jobLeaseSeconds: number;
  /**
   * At stop (SIGTERM), how long the node keeps serving while its ready check already answers 503, so
   * a load balancer stops sending it requests (PLINTH_SHUTDOWN_DELAY_S, default 0), and then how long
   * requests in flight may take to finish before their connections are closed (PLINTH_SHUTDOWN_GRACE_S, default 25).
   */
  shutdownDelayMs: number;
  shutdownGraceMs: number;
  /** How often preview branches look for pushes to their Git branch (PLINTH_BRANCH_POLL_MS, default a minute, at least a second). */
  branchPollMs: number;
  /** How long a cron job's command may run before it is stopped (PLINTH_CRON_TIMEOUT_S, default 5 minutes). */
  cronTimeoutMs: number;
  /**
   * Whether webhooks and net.http_* requests may reach loopback, private and link-local addresses
   * and this machine's own (PLINTH_WEBHOOKS_ALLOW_PRIVATE=on; default off, against request forgery).
   */
  webhooksAllowPrivate: boolean;
  /** Where stored files go: S3 when PLINTH_S3_BUCKET is set, else `{dataDir}/storage`. */
  s3: S3StoreConfig | undefined;
  /**
   * PLINTH_GIT_LOCAL_ROOTS (colon-separated folders): where organisations may register local Git
   * repositories (control/git/repositories.ts); unset, local repositories are refused.
   */
  gitLocalRoots?: string[];
  /** The operator's support address, named where the studio asks people to reach out. */
  supportEmail: string;
  /** The operator's legal documents (terms.md, dpa.pdf, privacy.md ...) listed on /org/{slug}/documents: PLINTH_LEGAL_DIR, default `{dataDir}/legal`. */
  legalDir: string;
  /**
   * Edge functions: a request's wall-clock and CPU-time limits, a worker's memory, how long an idle
   * function's Deno process is kept, and whether functions may reach their project's Postgres server
   * with SUPABASE_DB_URL (postgres engine only; off unless the operator's servers refuse password-less logins).
   */
  functions: { wallClockMs: number; cpuMs: number; memoryMb: number; idleMs: number; databaseAccess: boolean };
  /**
   * The logs query API: a query's statement time-out, and the planner's cost estimate above which a
   * query is refused before it runs (PGlite, the embedded engine's database, has no time-out).
   */
  logQueries: { timeoutMs: number; maxCost: number };
  /** Platform feature flags (PLINTH_FEATURE_FLAGS), answered to the studio at GET /feature-flags. */
  featureFlags: FeatureFlags;
  pooler: PoolerConfig;
}

/**
 * The Postgres wire-protocol pooler every project is reached through from outside (psql, ORMs):
 * a transaction-mode port and a session-mode port (each `off`, or 0 for any free port in tests),
 * the host name put in connection strings, and TLS when a certificate and key are given.
 */
export interface PoolerConfig {
  /** Where the pooler listens; HOST by default. */
  listenHost: string;
  transactionPort: number | null;
  sessionPort: number | null;
  /** The host clients are told to connect to (connection strings); PLINTH_POOLER_PUBLIC_HOST, else PUBLIC_URL's host. */
  publicHost: string;
  tls: { certFile: string; keyFile: string } | null;
}

export class ConfigError extends Error {}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number, unit = 'seconds'): number {
  const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} must be a whole number of ${unit}, at least 1, got "${env[name]}".`);
  return value;
}

function sqlTimeoutCaps(env: NodeJS.ProcessEnv, engine: EngineName): Config['sqlTimeoutCapMs'] {
  const engineCap = engine === 'embedded' ? seconds(env, 'PLINTH_SQL_TIMEOUT_MAX_EMBEDDED_S', 60) : Infinity;
  return {
    readOnly: Math.min(seconds(env, 'PLINTH_SQL_TIMEOUT_MAX_READ_ONLY_S', 30), engineCap) * 1000,
    readWrite: Math.min(seconds(env, 'PLINTH_SQL_TIMEOUT_MAX_S', 600), engineCap) * 1000,
  };
}

/**
 * `local`, unless the data directory holds an embedded platform database and no local one: a data
 * directory made when embedded was the default keeps opening as it was, rather than looking empty.
 */
function defaultEngine(dataDir: string): EngineName {
  const isEmbedded = existsSync(path.join(dataDir, 'platform')) && !existsSync(path.join(dataDir, 'platform-cluster'));
  return isEmbedded ? 'embedded' : 'local';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got "${env.PORT}".`);
  const dataDir = path.resolve(env.PLINTH_DATA_DIR ?? 'data');
  const engine = env.PLINTH_ENGINE || (env.PLINTH_DATABASE_URL ? 'postgres' : defaultEngine(dataDir));
  if (engine !== 'local' && engine !== 'embedded' && engine !== 'postgres') {
    throw new ConfigError(`PLINTH_ENGINE must be "local", "embedded" or "postgres", got "${engine}".`);
  }
  const postgresMajor = env.PLINTH_POSTGRES_MAJOR ? Number(env.PLINTH_POSTGRES_MAJOR) : undefined;
  if (postgresMajor !== undefined && !Number.isInteger(postgresMajor)) {
    throw new ConfigError(`PLINTH_POSTGRES_MAJOR must be a PostgreSQL major version such as 18, got "${env.PLINTH_POSTGRES_MAJOR}".`);
  }
  const idleStopS = env.PLINTH_IDLE_STOP_S === '0' ? 0 : seconds(env, 'PLINTH_IDLE_STOP_S', 300);
  const projectServers = (env.PLINTH_PROJECT_SERVERS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (engine === 'postgres') {
    if (!env.PLINTH_DATABASE_URL) throw new ConfigError('PLINTH_ENGINE=postgres needs PLINTH_DATABASE_URL (the platform database).');
    if (projectServers.length === 0) throw new ConfigError('PLINTH_ENGINE=postgres needs PLINTH_PROJECT_SERVERS (comma-separated Postgres URLs).');
  }
  const host = env.HOST ?? '0.0.0.0';
  return {
    port,
    host,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    engine,
    idleStopMs: idleStopS * 1000,
    postgresMajor,
    databaseUrl: env.PLINTH_DATABASE_URL,
    projectServers,
    secret: env.PLINTH_SECRET,
    smtpUrl: env.PLINTH_SMTP_URL,
    studioDir: path.resolve(env.PLINTH_STUDIO_DIR ?? new URL('../../studio/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? 'warn',
    sqlTimeoutCapMs: sqlTimeoutCaps(env, engine),
    embeddedSqlSnapshots: env.PLINTH_EMBEDDED_SQL_SNAPSHOTS !== 'off',
    diskQuotaBytes: env.PLINTH_DISK_QUOTA_BYTES ? seconds(env, 'PLINTH_DISK_QUOTA_BYTES', 1, 'bytes') : undefined,
    operatorEmails: (env.PLINTH_OPERATORS ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    subscriptionChangesEnabled: env.PLINTH_SUBSCRIPTION_CHANGES !== 'off',
    jobStopGraceMs: seconds(env, 'PLINTH_JOB_STOP_GRACE_S', 10) * 1000,
    jobLeaseSeconds: Math.max(4, seconds(env, 'PLINTH_JOB_LEASE_S', 20)),
    shutdownDelayMs: env.PLINTH_SHUTDOWN_DELAY_S && env.PLINTH_SHUTDOWN_DELAY_S !== '0' ? seconds(env, 'PLINTH_SHUTDOWN_DELAY_S', 0) * 1000 : 0,
    shutdownGraceMs: seconds(env, 'PLINTH_SHUTDOWN_GRACE_S', 25) * 1000,
    branchPollMs: Math.max(1000, seconds(env, 'PLINTH_BRANCH_POLL_MS', 60_000, 'milliseconds')),
    cronTimeoutMs: seconds(env, 'PLINTH_CRON_TIMEOUT_S', 300) * 1000,
    webhooksAllowPrivate: env.PLINTH_WEBHOOKS_ALLOW_PRIVATE === 'on',
    s3: s3Config(env),
    gitLocalRoots: (env.PLINTH_GIT_LOCAL_ROOTS ?? '').split(':').map((s) => s.trim()).filter(Boolean).map((s) => path.resolve(s)),
    supportEmail: env.PLINTH_SUPPORT_EMAIL ?? 'support@localhost',
    legalDir: path.resolve(env.PLINTH_LEGAL_DIR ?? path.join(dataDir, 'legal')),
    functions: {
      // Supabase's published wall-clock limit on the free plan.
      wallClockMs: seconds(env, 'PLINTH_FUNCTIONS_WALL_CLOCK_S', 150) * 1000,
      // Supabase's published CPU time per request and memory per worker.
      cpuMs: seconds(env, 'PLINTH_FUNCTIONS_CPU_S', 2) * 1000,
      memoryMb: seconds(env, 'PLINTH_FUNCTIONS_MEMORY_MB', 256, 'megabytes'),
      idleMs: seconds(env, 'PLINTH_FUNCTIONS_IDLE_S', 60) * 1000,
      databaseAccess: env.PLINTH_FUNCTIONS_DB_ACCESS === 'on',
    },
    // PGlite ignores statement_timeout, so the cost ceiling is its only guard: 2.5 million is about
    // 15 s of its work (measured). A Postgres platform database enforces the time-out itself, so its
    // ceiling only refuses the absurd: 50 million lets a p95 over a day of 10 M entries run (~10 s,
    // bench:logs) where 2.5 million refused it.
    logQueries: {
      timeoutMs: seconds(env, 'PLINTH_LOG_QUERY_TIMEOUT_S', 15) * 1000,
      maxCost: seconds(env, 'PLINTH_LOG_QUERY_MAX_COST', env.PLINTH_DATABASE_URL ? 50_000_000 : 2_500_000, 'cost units'),
    },
    featureFlags: featureFlags(env.PLINTH_FEATURE_FLAGS),
    pooler: poolerConfig(env, host, port),
  };
}

function poolerPort(env: NodeJS.ProcessEnv, name: string, fallback: number): number | null {
  const value = env[name];
  if (value === 'off') return null;
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`${name} must be a port number, 0 (any free port) or "off", got "${value}".`);
  return n;
}

function poolerConfig(env: NodeJS.ProcessEnv, host: string, port: number): PoolerConfig {
  const certFile = env.PLINTH_POOLER_TLS_CERT;
  const keyFile = env.PLINTH_POOLER_TLS_KEY;
  if (!!certFile !== !!keyFile) throw new ConfigError('PLINTH_POOLER_TLS_CERT and PLINTH_POOLER_TLS_KEY go together.');
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  return {
    listenHost: env.PLINTH_POOLER_HOST ?? host,
    // Supabase's pooler ports are 6543 (transaction) and 5432 (session); 5432 is the local Postgres
    // server's on most machines, so the session port is 5543 here.
    transactionPort: poolerPort(env, 'PLINTH_POOLER_PORT', 6543),
    sessionPort: poolerPort(env, 'PLINTH_POOLER_SESSION_PORT', 5543),
    publicHost: env.PLINTH_POOLER_PUBLIC_HOST ?? new URL(publicUrl).hostname,
    tls: certFile && keyFile ? { certFile, keyFile } : null,
  };
}

/** Every flag and its default; a name not listed here is a typo, refused at start-up. */
const FEATURE_FLAG_DEFAULTS: FeatureFlags = { saved_log_queries: true };

/** `name=on|off`, comma-separated: `PLINTH_FEATURE_FLAGS=saved_log_queries=off`. */
function featureFlags(value: string | undefined): FeatureFlags {
  const flags = { ...FEATURE_FLAG_DEFAULTS };
  for (const item of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const match = /^([a-z_]+)=(on|off)$/.exec(item);
    if (!match) throw new ConfigError(`PLINTH_FEATURE_FLAGS takes name=on or name=off, comma-separated; got "${item}".`);
    const [, name, setting] = match;
    if (!Object.hasOwn(flags, name)) {
      throw new ConfigError(`PLINTH_FEATURE_FLAGS: there is no feature flag "${name}" (known: ${Object.keys(flags).join(', ')}).`);
    }
    flags[name as keyof FeatureFlags] = setting === 'on';
  }
  return flags;
}

/** PLINTH_S3_BUCKET turns S3 on; the keys are required with it, the endpoint only for non-AWS services. */
function s3Config(env: NodeJS.ProcessEnv): S3StoreConfig | undefined {
  if (!env.PLINTH_S3_BUCKET) return undefined;
  const accessKeyId = env.PLINTH_S3_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.PLINTH_S3_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new ConfigError('PLINTH_S3_BUCKET needs PLINTH_S3_ACCESS_KEY_ID and PLINTH_S3_SECRET_ACCESS_KEY.');
  return {
    bucket: env.PLINTH_S3_BUCKET,
    endpoint: env.PLINTH_S3_ENDPOINT || undefined,
    region: env.PLINTH_S3_REGION ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.PLINTH_S3_FORCE_PATH_STYLE !== 'false' && !!env.PLINTH_S3_ENDPOINT,
  };
}
