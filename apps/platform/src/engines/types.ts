import type { Readable } from 'node:stream';
import type { EngineName } from './bootstrap.ts';
import type { PointInTimeRecovery } from './pitr.ts';
import type { PrivilegedExtensionRequest } from './privileged-extensions.ts';

/** What every database (platform or project, PGlite or Postgres server) offers the rest of the platform. */
export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  /** Rows changed by INSERT/UPDATE/DELETE, 0 otherwise. */
  affectedRows: number;
}

export interface Queryable {
  /** One statement with bound parameters ($1, $2, ...). */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Several statements separated by semicolons, no parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
}

/** A statement for queryPrepared; `paramTypes` (type OIDs) where its text leaves a parameter's type open. */
export interface PreparedStatement {
  sql: string;
  params: unknown[];
  paramTypes?: number[];
  /**
   * Prepared separately per variant: what parsing it depends on besides its text. Parsing checks
   * schema USAGE for the role it runs as, and a reused statement is not parsed again, so a statement
   * that runs as different roles names the role here.
   */
  variant?: string;
}

export interface Database extends Queryable {
  /** Runs `fn` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * `setup` then `statement`, sent in one round trip as one implicit transaction: what `setup` sets
   * for the transaction (set_config(..., true): role, settings) holds while `statement` runs and ends
   * with it. Both stay prepared on the connection (by text, a bounded number), so a repeated
   * statement is not parsed again and its plan is reused; Postgres re-plans it when the role,
   * search_path or a table it uses changes. Returns the result of `statement`.
   */
  queryPrepared<Row = Record<string, unknown>>(setup: PreparedStatement, statement: PreparedStatement): Promise<QueryResult<Row>>;
  /**
   * LISTEN on `channel` (a plain lower-case name): every NOTIFY there, in commit order, until the
   * returned listener is closed. `onLost` is told once if the listening connection ends otherwise
   * (server restart, worker ended); notifications sent meanwhile are not seen.
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: (error: Error) => void, options?: ListenOptions): Promise<Listener>;
  close(): Promise<void>;
}

export interface ListenOptions {
  /**
   * A listener that is no use of the project (a cache's, worth keeping only while the project is
   * open anyway): scale to zero may close the database under it, which ends it (onLost). Without
   * it, a listener keeps the project open for as long as it listens (realtime subscribers).
   */
  passive?: boolean;
}

export interface Listener {
  close(): Promise<void>;
}

/** Channel names are put into LISTEN as they are: only plain identifiers. */
export function assertChannelName(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
}

/** Where a project's database lives; stored with the project so any platform node can find it. */
export interface ProjectLocation {
  ref: string;
  /** Postgres engine: the server URL (one of PLINTH_PROJECT_SERVERS). Local and embedded: null (the ref is enough). */
  server: string | null;
}

/** A paused project's database as archive() gives it. */
export interface ProjectArchive {
  body: Readable;
  /**
   * `tar.gz`: the database's directory after a clean shutdown, exactly as it was (local, embedded);
   * `sql.gz`: a pg_dump of the whole database, as the superuser (postgres).
   */
  format: 'tar.gz' | 'sql.gz';
}

export interface ConnectionInfo {
  host: string;
  port: number;
  database: string;
  user: string;
}

/** A server the pooler connects to (see Engine.wireTarget); release() ends its use of the project. */
export interface WireTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  /** null: the server trusts this connection (a Unix socket only the platform can open). */
  password: string | null;
  release(): void;
}

/** The embedded project's session, held for one pooler transaction (see Engine.wireSession). */
export interface WireSession {
  /** Raw frontend messages in, every backend message they produce out (PGlite's execProtocolRaw). */
  exec(messages: Uint8Array): Promise<Uint8Array>;
  /** Gives the session back to the project; with `rollback`, ends an open transaction first. */
  release(options?: { rollback?: boolean }): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  /** Work that makes the first project creation fast (embedded: builds the bootstrapped template). */
  prepare(): Promise<void>;
  /** Chooses where a new project goes, creates its database and bootstraps it (roles, schemas, helpers). */
  createProject(ref: string, options: { dbPassword: string }): Promise<ProjectLocation>;
  /**
   * Data branching (control/branches/): creates project `ref` whose database starts as a copy of
   * `source`'s, schema and rows. Local: the source cluster stops for the copy of its directory (a
   * blip, as a restart) and starts again on its next use; embedded: a copy of its data directory
   * made while its worker holds still (as a read snapshot); postgres: CREATE DATABASE ... TEMPLATE
   * on the source's server, after ending the source's sessions (retried while one reconnects).
   * Secrets in the copied vault stay encrypted with the source's key and do not read on the copy.
   */
  cloneProject(source: ProjectLocation, ref: string, options: { dbPassword: string }): Promise<ProjectLocation>;
  /** The project's database, opened on first use and kept open until closeProject(). */
  project(location: ProjectLocation): Promise<Database>;
  /** Whether the project's database answers a trivial query. */
  isLive(location: ProjectLocation): Promise<boolean>;
  /**
   * Runs `fn` on the project's database only if it is open in this process right now, and returns
   * null otherwise: without opening it, without starting a cluster scale to zero stopped, and without
   * counting as a use that keeps scale to zero from stopping it (background polling, such as the
   * webhook delivery loop's, must not keep every project awake). Local: the cluster is running;
   * embedded: its worker is open; postgres: always (the server does not stop with the project).
   */
  whenOpen<T>(location: ProjectLocation, fn: (db: Queryable) => Promise<T>): Promise<T | null>;
  /**
   * Stops every statement the platform is running in the project's database right now: a Postgres
   * server cancels them; an embedded (PGlite) database cannot be interrupted, so its worker is ended
   * and the next use reopens it.
   */
  interrupt(location: ProjectLocation): Promise<void>;
  /**
   * Runs `read` on a read-only copy of the project's database as it is now, so a long read (the SQL
   * editor's) does not hold up the project's data plane. `read` must open only READ ONLY
   * transactions. Embedded: a snapshot of the database in a second worker, reused while the project
   * has not been written since. Postgres: the project's database itself, whose connections already
   * run side by side. Aborting `signal` stops the read, as interrupt() would.
   */
  readSnapshot<T>(location: ProjectLocation, read: (db: Database) => Promise<T>, signal: AbortSignal): Promise<T>;
  /**
   * Throws `engine_feature_unavailable` when an editor statement needs what this engine cannot do,
   * instead of letting it run. Embedded: server programs (COPY ... PROGRAM) and server files (COPY
   * to or from a file, pg_read_file, lo_import, ...). Postgres: nothing; the server itself refuses
   * them to the platform's non-superuser role.
   */
  assertRunnable(statement: string): void;
  /**
   * True when a project can create every extension pg_available_extensions lists (embedded: its
   * session is a superuser's, and Plinth gives PGlite only bundles that load), so the dashboard need
   * not try each with CREATE EXTENSION, which on embedded would load every library into the worker.
   */
  readonly createsEveryAvailableExtension?: boolean;
  /**
   * Extensions the platform creates as a superuser on the owner's behalf (privileged-extensions.ts'
   * allow-list, as Supabase's supautils): those not installed that load here. Embedded: [] (its
   * session is a superuser's, so the owner creates every one itself).
   */
  privilegedExtensions(location: ProjectLocation): Promise<string[]>;
  /**
   * Creates one of those as the superuser and grants what it made to the owner (postgres_fdw: USAGE
   * on the wrapper). Embedded: engine_feature_unavailable (nothing needs it there).
   */
  createPrivilegedExtension(location: ProjectLocation, request: PrivilegedExtensionRequest): Promise<void>;
  /** Drops one the platform created (the owner does not own it). Embedded: engine_feature_unavailable. */
  dropPrivilegedExtension(location: ProjectLocation, name: string, options: { cascade?: boolean }): Promise<void>;
  /**
   * A plain-SQL dump of the project's database (pg_dump --inserts, plus `pgDumpArgs`), taken in one
   * REPEATABLE READ transaction while the project keeps serving, streamed as pg_dump writes it: a
   * database of any size in bounded memory, pg_dump waiting while the reader is behind. The stream
   * fails if the dump does; destroying it stops the dump. Local and postgres: PGlite's WebAssembly
   * pg_dump relayed to the server (@plinth/pg-dump), as the superuser; embedded: the same pg_dump on
   * a read snapshot of the project of its own, so its one connection is not held.
   */
  dumpStream(location: ProjectLocation, pgDumpArgs: string[]): Readable;
  /**
   * Where the connection pooler logs in for a project, as the login a person uses: local, the
   * cluster's socket (started if scale to zero stopped it, and counted as in use until release());
   * postgres, the project's database on its server. Embedded: null, there is no server (the pooler
   * speaks to the project's worker through wireSession instead).
   */
  wireTarget(location: ProjectLocation, password: string): Promise<WireTarget | null>;
  /**
   * Embedded only (others: null): the project's one PGlite session for a pooler client's
   * transaction, exclusively, queued with the platform's own use of the project.
   */
  wireSession?(location: ProjectLocation): Promise<WireSession | null>;
  /** Closes the project's database (pause); project() reopens it. */
  closeProject(location: ProjectLocation): Promise<void>;
  /**
   * Pause, first half: closes the project's database, keeps it closed (every use fails with
   * project_unavailable; postgres: its logins are disabled and its sessions ended) and returns the
   * whole database as one archive. The hold lasts until dropProject() (the archive was stored and
   * verified: the database is freed) or releaseHold() (the pause failed: the database opens again).
   */
  archive(location: ProjectLocation): Promise<ProjectArchive>;
  /** Ends archive()'s hold without freeing anything. */
  releaseHold(location: ProjectLocation): Promise<void>;
  /**
   * Restore after a pause: the project's database made again from archive()'s bytes, replacing
   * whatever an earlier attempt cut off left. Postgres: on `server` when it is one of the fleet and
   * answers, else on the least used server; local and embedded: this machine.
   */
  unarchive(ref: string, archive: Readable, options: { dbPassword: string; server: string | null }): Promise<ProjectLocation>;
  /**
   * Restarts the project's database and resolves once it is open again (Settings > General, "Restart
   * project"). Local: the cluster stops and starts. Embedded: the worker closes and reopens.
   * Postgres: the server is shared, so this node's pools close and every backend of the project's
   * database is ended.
   */
  restartProject(location: ProjectLocation): Promise<void>;
  /** Removes the project's database and every file of it. */
  dropProject(location: ProjectLocation): Promise<void>;
  /**
   * The PostgreSQL version of the project's database ('18.4'), recorded at provisioning. Local: the
   * binaries of the cluster's major, without starting it; the others ask the database.
   */
  postgresVersion(location: ProjectLocation): Promise<string>;
  /**
   * The PostgreSQL majors this engine can run a project on, newest first, each with its version
   * ('18.4'): local, the majors installed side by side (known at once); postgres, the majors of the
   * fleet's servers that answer (asked, and kept briefly). Absent where a project's major cannot
   * change (embedded: one PGlite release).
   */
  postgresMajors?(): PostgresMajor[] | Promise<PostgresMajor[]>;
  /**
   * Moves the project's database to `targetMajor` (one of postgresMajors()), telling `onStep` as
   * each of the eight upgrade steps begins (0 prepare new server ... 7 optimize database); a
   * rejection from `onStep` stops it. Resolves with the new version ('18.4'), or, where the database
   * moved to another server (postgres: a server of that major in the fleet), the version and the new
   * location, which the caller records. On any failure the project's database is the old one, online
   * and unchanged. Local: a new cluster beside the old (local/major-upgrade.ts); postgres: a new
   * database on a server of the target major (postgres/major-upgrade.ts). Absent where
   * postgresMajors() is.
   */
  upgradeMajor?(location: ProjectLocation, targetMajor: number, onStep: (index: number) => Promise<void>): Promise<string | UpgradedDatabase>;
  /**
   * Read-only mode (disk over quota, engines/read-only.ts): the database's default becomes
   * `default_transaction_read_only = on` (false: reset), and sessions opened before pick it up.
   * Local and postgres: ALTER DATABASE, then the sessions opened before are ended (the platform's
   * pools and the pooler reconnect). Embedded: ALTER SYSTEM (PGlite reads no database settings at
   * start; the instance is the project's alone), then the worker opens again.
   */
  setReadOnly(location: ProjectLocation, readOnly: boolean): Promise<void>;
  /** How a person connects to it directly (shown in settings). */
  connectionInfo(location: ProjectLocation): ConnectionInfo;
  /**
   * Changes the password of the login a person connects as (connectionInfo's user): local, the
   * cluster's `postgres`; postgres, the project's owner role. Embedded: there is no login (the
   * pooler checks the stored password itself), so nothing to change. Never written to a log.
   */
  setLoginPassword(location: ProjectLocation, password: string): Promise<void>;
  /**
   * The statement statistics the project's own server keeps: pg_stat_statements of its database
   * (local clusters preload it). null where the platform records them itself instead (embedded:
   * PGlite has no such extension; postgres: a shared server's statistics are not the platform's).
   */
  serverStatementStats(location: ProjectLocation, query: StatementStatsQuery): Promise<ServerStatementStats | null>;
  /**
   * Point-in-time recovery (engines/pitr.ts): local only, where each project is its own cluster
   * whose WAL can be archived and replayed. Absent elsewhere; PITR_UNAVAILABLE says why.
   */
  readonly pitr?: PointInTimeRecovery;
  /** Closes every open project database. */
  close(): Promise<void>;
}

/** A PostgreSQL major a project can run on, with its version ('18.4'). */
export interface PostgresMajor {
  major: number;
  version: string;
}

/** An upgrade that moved the project's database: its new version and where it is now. */
export interface UpgradedDatabase {
  version: string;
  location: ProjectLocation;
}

export type StatementStatsSort = 'total_time' | 'calls' | 'mean_time' | 'max_time' | 'rows';

/**
 * The first `limit` statements by `sort`, highest first. No text search here: statement texts may
 * hold values, so a caller searches them once they are masked, or a search would tell what they hold.
 */
export interface StatementStatsQuery {
  sort: StatementStatsSort;
  limit: number;
}

/** One statement's figures, as pg_stat_statements keeps them (times in ms). */
export interface StatementStatsRow {
  query: string;
  role: string | null;
  calls: number;
  rows: number;
  total_time_ms: number;
  mean_time_ms: number;
  min_time_ms: number;
  max_time_ms: number;
}

export interface ServerStatementStats {
  /** When the figures were last reset (ISO), if the server says. */
  since: string | null;
  statements: StatementStatsRow[];
}
