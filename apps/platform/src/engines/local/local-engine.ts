/**
 * Local engine: one real PostgreSQL cluster per project on this machine, from the npm-installed
 * binaries, in `data/projects/{ref}` (the cluster in `db/`, its Unix socket beside it).
 *
 * A project starts as a copy of a bootstrapped template cluster (initdb and the bootstrap run once
 * per major and bootstrap script), so creating one is a copy, a start and one ALTER ROLE. Inside
 * each cluster the names are Supabase's: the superuser `supabase_admin` (the platform's own work:
 * bootstrap, interrupt), the owner `postgres` (no superuser; what a person connects as and what
 * everything the platform runs IN the project connects as, so SET ROLE is a real boundary), the
 * database `postgres`.
 *
 * The platform reaches a cluster only through its socket, in a directory open to the platform's OS
 * user alone; other clients use the password of `postgres` (the connection pooler of the extensions
 * issue gives them a TCP address). A cluster idle for `idleStopMs` is stopped and the next use starts
 * it again (scale to zero); its project stays ACTIVE_HEALTHY throughout. While a cluster runs, its
 * server log is read into the observer (server-log.ts: the postgres_logs source).
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import pg from 'pg';
import { errorMessage, PlinthError } from '@plinth/errors';
import { dumpDatabaseStream } from '@plinth/pg-dump';
import { bootstrapProject, bootstrapScript, clusterRolesSql, ownerGrantsSql, type BootstrapOptions } from '../bootstrap.ts';
import { archiveDirectory, extractDirectory } from '../directory-archive.ts';
import { streamOpenedLater } from '../dump-stream.ts';
import { readInterruptibly } from '../interruptible.ts';
import { createPool, PgDatabase } from '../postgres/pg-database.ts';
import { setRolePassword } from '../login-password.ts';
import { createPrivilegedExtension, dropPrivilegedExtension, loadablePrivilegedExtensions, type PrivilegedExtensionRequest } from '../privileged-extensions.ts';
import { assertValidRef } from '../project-ref.ts';
import { alterDatabaseReadOnly, endSessionsOpenedBefore } from '../read-only.ts';
import type {
  ConnectionInfo, Database, Engine, PreparedStatement, ProjectArchive, ProjectLocation, QueryResult, Queryable, ServerStatementStats, StatementStatsQuery, WireTarget,
} from '../types.ts';
import { installedPostgres, postgresBinaries, type PostgresBinaries } from './binaries.ts';
import type { DatabaseObserver } from '../observer.ts';
import { Cluster, ClusterStoppedError, clusterSettings, initialiseCluster, INITDB_OPTIONS, stopOrphan } from './cluster.ts';
import { clusterUser, openPathForClusterUser } from './cluster-user.ts';
import { ServerLogReader } from './server-log.ts';
import { recoverInterrupted, upgradeMajor, type MajorUpgradeHost, type UpgradeStepListener } from './major-upgrade.ts';
import { readStatementStats } from './statement-stats.ts';
import * as pitr from './pitr.ts';
import type { PointInTimeRecovery } from '../pitr.ts';
import { socketDirFor } from './socket-dir.ts';
import { ensureVault, vaultKeyOption, type VaultKeys } from '../vault.ts';

const execFileAsync = promisify(execFile);
const { escapeLiteral: literal } = pg;

export const LOCAL_SUPERUSER = 'supabase_admin';
const OWNER = 'postgres';
const DATABASE = 'postgres';
/** The socket's name is .s.PGSQL.<port>; nothing listens on TCP, so any number does. */
const SOCKET_PORT = 5432;
/** Marks the platform's own connections, so interrupt() cancels them and nobody else's. */
const APPLICATION_NAME = 'plinth';
const PROJECT_POOL_MAX = 5;
/**
 * A pooled connection is a backend process of ~2 MB; an idle project should cost only its cluster
 * (~10 MB), and a new connection over the socket takes a few milliseconds.
 */
export const PROJECT_POOL_IDLE_MS = 5_000;
const TEMPLATE_READY_MARKER = '.plinth-template-ready';

/** The template's own SQL after the standard bootstrap: the owner, its database, the superuser's limits. */
const TEMPLATE_SQL = [
  `create role ${OWNER} login createrole createdb replication bypassrls`,
  // As Supabase's postgres: read every setting and statistic (pg_stat_statements), cancel the API roles' queries.
  `grant pg_monitor, pg_signal_backend to ${OWNER}`,
  `alter database ${DATABASE} owner to ${OWNER}`,
  `revoke all on database ${DATABASE} from public`,
  `grant connect, temporary on database ${DATABASE} to authenticator`,
  // The platform's own work (bootstrap, migrations of its services) must not hit the cluster's time-outs.
  `alter role ${LOCAL_SUPERUSER} set statement_timeout = 0`,
  `alter role ${LOCAL_SUPERUSER} set idle_in_transaction_session_timeout = 0`,
].join(';\n');

export interface LocalEngineOptions {
  bootstrap?: BootstrapOptions;
  /** Stop a project's cluster after this long without use; 0 never stops one. */
  idleStopMs?: number;
  /** The PostgreSQL major of new projects (default: the newest installed). */
  postgresMajor?: number;
  log?: (message: string) => void;
  /** Told each line of every project's server log (the postgres_logs source). */
  observer?: DatabaseObserver;
  /** Each project's vault key, given to the owner's pooled sessions as a startup option. */
  vaultKeys?: VaultKeys;
}

interface ProjectCluster {
  cluster: Cluster;
  /** Reads the cluster's server log while it runs (with an observer). */
  serverLog: ServerLogReader | null;
  pool: PgDatabase | null;
  inFlight: number;
  lastUsed: number;
  /** Stopped by pause (closeProject): only project() starts it again, not a liveness check. */
  isClosed: boolean;
  /** What project() hands out: one per project, valid across stops and starts of its cluster. */
  handle: Database;
}

/** The major a cluster directory was made with (PostgreSQL's own PG_VERSION file). */
export function clusterMajor(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim());
}

/** A connection pool to a cluster through its socket, as `user`. */
export function socketPool(socketDir: string, user: string, max: number, options: { noTimeouts?: boolean; idleMs?: number; startupOptions?: string } = {}): PgDatabase {
  const startup = [
    // pg leaves out a statement_timeout of 0 from its startup packet, hence options.
    ...(options.noTimeouts ? ['-c statement_timeout=0 -c idle_in_transaction_session_timeout=0'] : []),
    ...(options.startupOptions ? [options.startupOptions] : []),
  ].join(' ');
  return new PgDatabase(createPool({
    host: socketDir,
    port: SOCKET_PORT,
    user,
    database: DATABASE,
    application_name: APPLICATION_NAME,
    ...(options.idleMs && { idleTimeoutMillis: options.idleMs }),
    // The platform caps its own work (the SQL editor's time-out cancels through interrupt()).
    ...(startup && { options: startup }),
  }, max));
}

export class LocalEngine implements Engine {
  readonly name = 'local' as const;
  /** Projects whose files a pause, an upgrade or a recovery is working on: stopped, and not started again until released. */
  private readonly held = new Set<string>();
  private readonly clusters = new Map<string, ProjectCluster>();
  private readonly templates = new Map<number, Promise<string>>();
  private readonly idleTimer: NodeJS.Timeout | null;

  constructor(
    private readonly dataDir: string,
    private readonly options: LocalEngineOptions = {},
  ) {
    const idleStopMs = options.idleStopMs ?? 0;
    this.idleTimer = idleStopMs > 0 ? setInterval(() => void this.stopIdle(idleStopMs), Math.min(idleStopMs / 4, 30_000)) : null;
    this.idleTimer?.unref();
  }

  private projectDir(ref: string): string {
    return join(this.dataDir, 'projects', ref);
  }

  private binaries(major?: number): PostgresBinaries {
    return postgresBinaries(major ?? this.options.postgresMajor);
  }

  /** Builds (or finds) the bootstrapped template of a major; memoised so concurrent creations build it once. */
  private templateDir(binaries: PostgresBinaries): Promise<string> {
    let template = this.templates.get(binaries.major);
    if (!template) {
      template = this.buildTemplate(binaries).catch((error: unknown) => {
        this.templates.delete(binaries.major);
        throw error;
      });
      this.templates.set(binaries.major, template);
    }
    return template;
  }

  private async buildTemplate(binaries: PostgresBinaries): Promise<string> {
    const script = bootstrapScript('local', this.options.bootstrap);
    const hash = createHash('sha256')
      .update([binaries.version, ...INITDB_OPTIONS, JSON.stringify(clusterSettings(binaries.major)), TEMPLATE_SQL, script, ownerGrantsSql(OWNER)].join('\n'))
      .digest('hex')
      .slice(0, 16);
    const finalDir = join(this.dataDir, 'templates', `local-${binaries.major}-${hash}`);
    if (existsSync(join(finalDir, TEMPLATE_READY_MARKER))) return finalDir;
    // Built aside and renamed into place, so a crash never leaves a half template that looks ready.
    const buildDir = `${finalDir}.build-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      await this.makeOwnDir(buildDir);
      await initialiseCluster(join(buildDir, 'db'), binaries, LOCAL_SUPERUSER);
      const cluster = new Cluster({ dataDir: join(buildDir, 'db'), socketDir: socketDirFor(buildDir), port: SOCKET_PORT, binaries });
      await cluster.ensureRunning();
      const admin = socketPool(cluster.socketDir, LOCAL_SUPERUSER, 1);
      try {
        await admin.exec(clusterRolesSql('local'));
        await admin.exec(TEMPLATE_SQL);
        await bootstrapProject(admin, 'local', this.options.bootstrap);
        await admin.exec(ownerGrantsSql(OWNER));
        // Statistics start empty in every project: the bootstrap's statements are the template's, not theirs.
        await admin.exec('create extension if not exists pg_stat_statements with schema extensions; select extensions.pg_stat_statements_reset(); checkpoint');
      } finally {
        await admin.close();
        await cluster.stop();
      }
      await rm(join(buildDir, 'db', 'log'), { recursive: true, force: true });
      await writeFile(join(buildDir, TEMPLATE_READY_MARKER), new Date().toISOString());
      await rm(finalDir, { recursive: true, force: true });
      await rename(buildDir, finalDir);
    } catch (error) {
      await rm(buildDir, { recursive: true, force: true });
      if (existsSync(join(finalDir, TEMPLATE_READY_MARKER))) return finalDir; // another builder won
      throw error;
    }
    return finalDir;
  }

  /** A directory of this engine's: opened for the cluster user to pass, owned by it, closed to others. */
  private async makeOwnDir(dir: string): Promise<void> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    openPathForClusterUser(dir, [this.dataDir, join(this.dataDir, 'projects'), join(this.dataDir, 'templates')].filter(existsSync));
    const user = clusterUser();
    if (user) await chown(dir, user.uid, user.gid);
  }

  async prepare(): Promise<void> {
    await this.templateDir(this.binaries());
    // Clusters left running by a platform process that was killed: stop them now; each starts again
    // on its project's next request, supervised by this process.
    const projects = join(this.dataDir, 'projects');
    const refs = existsSync(projects) ? await readdir(projects) : [];
    await Promise.all(refs.filter((ref) => !this.clusters.has(ref)).map((ref) => stopOrphan(join(projects, ref, 'db'))));
  }

  async createProject(ref: string, options: { dbPassword: string }): Promise<ProjectLocation> {
    assertValidRef(ref);
    const dir = this.projectDir(ref);
    if (existsSync(dir)) throw new Error(`Project ${ref} already exists in ${dir}.`);
    const binaries = this.binaries();
    const template = await this.templateDir(binaries);
    const location = { ref, server: null };
    try {
      await this.makeOwnDir(dir);
      // As the cluster user, so the copy is theirs with the template's modes (PGDATA must be 0700).
      const user = clusterUser();
      await execFileAsync('cp', ['-R', '-p', join(template, 'db'), join(dir, 'db')], { ...(user && { uid: user.uid, gid: user.gid }) });
      await this.setOwnerPassword(ref, options.dbPassword);
    } catch (error) {
      await this.dropProject(location).catch(() => {});
      throw error;
    }
    return location;
  }

  async cloneProject(source: ProjectLocation, ref: string, options: { dbPassword: string }): Promise<ProjectLocation> {
    assertValidRef(ref);
    const dir = this.projectDir(ref);
    if (existsSync(dir)) throw new Error(`Project ${ref} already exists in ${dir}.`);
    const location = { ref, server: null };
    const sourceDb = join(this.projectDir(source.ref), 'db');
    try {
      await this.makeOwnDir(dir);
      // The files must be a clean shutdown's: the source stops for the copy (held, so no request
      // starts it meanwhile) and starts again on its next use.
      this.held.add(source.ref);
      try {
        await this.closeProject(source);
        await stopOrphan(sourceDb);
        const user = clusterUser();
        await execFileAsync('cp', ['-R', '-p', sourceDb, join(dir, 'db')], { ...(user && { uid: user.uid, gid: user.gid }) });
      } finally {
        this.held.delete(source.ref);
      }
      // Not the source's server log, a pid file, nor its WAL archiving (pitr.ts: the copy would archive into the source's history).
      await rm(join(dir, 'db', 'log'), { recursive: true, force: true });
      await rm(join(dir, 'db', 'postmaster.pid'), { force: true });
      await rm(join(dir, 'db', 'pitr.conf'), { force: true });
      await this.setOwnerPassword(ref, options.dbPassword);
    } catch (error) {
      await this.dropProject(location).catch(() => {});
      throw error;
    }
    return location;
  }

  /**
   * The new project's owner password, set as a use of the project (enter/leave) so the idle timer
   * cannot stop the new cluster mid-set-up. PASSWORD takes no bind parameter: the literal is quoted
   * by pg's escapeLiteral.
   */
  private async setOwnerPassword(ref: string, dbPassword: string): Promise<void> {
    await this.using(ref, async () => {
      const admin = socketPool(this.clusterOf(ref).cluster.socketDir, LOCAL_SUPERUSER, 1);
      try {
        await admin.exec(`alter role ${OWNER} password ${literal(dbPassword)}`);
      } finally {
        await admin.close();
      }
    });
  }

  private clusterOf(ref: string): ProjectCluster {
    let entry = this.clusters.get(ref);
    if (!entry) {
      const dir = this.projectDir(ref);
      const dataDir = join(dir, 'db');
      const cluster = new Cluster({
        dataDir,
        socketDir: socketDirFor(dir),
        port: SOCKET_PORT,
          binaries: this.binaries(clusterMajor(dataDir)),
        log: this.options.log,
      });
      const { observer } = this.options;
      const serverLog = observer
        ? new ServerLogReader({ ref, dataDir, positionFile: join(dir, 'server-log.json'), observer, platformApplication: APPLICATION_NAME, log: this.options.log })
        : null;
      entry = { cluster, serverLog, pool: null, inFlight: 0, lastUsed: Date.now(), isClosed: false, handle: this.handleFor(ref) };
      this.clusters.set(ref, entry);
    }
    return entry;
  }

  /**
   * Starts the project's cluster if needed and counts a use of it; `leave(entry)` ends that use
   * (on the entry it began on: a hold may have replaced the project's entry since).
   */
  private async enter(ref: string): Promise<ProjectCluster & { pool: PgDatabase }> {
    for (;;) {
      if (this.held.has(ref)) throw new PlinthError('project_unavailable', 'The project is being paused, upgraded or recovered.');
      const entry = this.clusterOf(ref);
      entry.inFlight += 1;
      entry.lastUsed = Date.now();
      try {
        entry.isClosed = false;
        if (!entry.cluster.isRunning) {
          // A pool from before a stop or a crash holds dead connections.
          const stale = entry.pool;
          entry.pool = null;
          await stale?.close().catch(() => undefined);
          await entry.cluster.ensureRunning();
          entry.serverLog?.start();
        }
        entry.pool ??= socketPool(entry.cluster.socketDir, OWNER, PROJECT_POOL_MAX, {
          noTimeouts: true, idleMs: PROJECT_POOL_IDLE_MS, startupOptions: this.options.vaultKeys && vaultKeyOption(this.options.vaultKeys(ref)),
        });
        return entry as ProjectCluster & { pool: PgDatabase };
      } catch (error) {
        entry.inFlight -= 1;
        // Stopped while this use waited for its start (a hold, a pause, a restart): ask again.
        if (error instanceof ClusterStoppedError) continue;
        // A cluster that will not start is the project's database being unavailable (503), not a
        // fault of the platform's; why it would not start goes to the platform's log.
        if (entry.cluster.lastStartFailed && !(error instanceof PlinthError)) {
          this.options.log?.(`project ${ref}: ${errorMessage(error)}`);
          throw new PlinthError('engine_unavailable', "The project's database could not be started.");
        }
        throw error;
      }
    }
  }

  private leave(entry: ProjectCluster): void {
    entry.inFlight -= 1;
    entry.lastUsed = Date.now();
  }

  private async using<T>(ref: string, fn: (db: PgDatabase) => Promise<T>): Promise<T> {
    const entry = await this.enter(ref);
    try {
      return await fn(entry.pool);
    } finally {
      this.leave(entry);
    }
  }

  async project(location: ProjectLocation): Promise<Database> {
    await this.using(location.ref, async () => undefined); // starts it now: a restore or first use wants to know
    const { handle } = this.clusterOf(location.ref);
    // Older projects get the vault schema; a failure is retried on the next open, not fatal to the project.
    await ensureVault(handle).catch(() => undefined);
    return handle;
  }

  /** Every call starts the cluster if it is stopped and counts as use, so an idle stop never cuts one off. */
  private handleFor(ref: string): Database {
    const use = <T>(fn: (db: PgDatabase) => Promise<T>) => this.using(ref, fn);
    return {
      query: <Row>(sql: string, params?: unknown[]) => use((db) => db.query<Row>(sql, params)),
      exec: (sql: string) => use((db) => db.exec(sql)),
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) => use((db) => db.transaction(fn)),
      queryPrepared: <Row>(setup: PreparedStatement, statement: PreparedStatement): Promise<QueryResult<Row>> =>
        use((db) => db.queryPrepared<Row>(setup, statement)),
      // A listener is a use for as long as it listens: a project with realtime subscribers stays up.
      // A passive one is a use only while it starts; the cluster's idle stop ends it.
      listen: async (channel, onNotify, onLost, options) => {
        if (options?.passive) return use((db) => db.listen(channel, onNotify, onLost));
        const entry = await this.enter(ref);
        let isInUse = true;
        const release = () => {
          if (isInUse) this.leave(entry);
          isInUse = false;
        };
        try {
          const listener = await entry.pool.listen(channel, onNotify, (error) => (release(), onLost(error)));
          return { close: async () => (release(), await listener.close()) };
        } catch (error) {
          release();
          throw error;
        }
      },
      // The cluster's life is the engine's (idle stop, closeProject, close), not a caller's.
      close: async () => undefined,
    };
  }

  /**
   * A running cluster answers a trivial query; one stopped for idleness (or not started since this
   * process began) is live while its data directory is whole, without starting it: a liveness
   * check must not undo scale to zero. A paused project's is not live. One whose last start failed
   * (a crash it did not come back from, a broken configuration) is not "stopped but startable": the
   * check tries to start it again, so it reads live as soon as the cause is gone.
   */
  async isLive(location: ProjectLocation): Promise<boolean> {
    const entry = this.clusters.get(location.ref);
    if (entry?.isClosed) return false;
    if (!entry?.cluster.isRunning) {
      if (!existsSync(join(this.projectDir(location.ref), 'db', 'PG_VERSION'))) return false;
      if (!entry?.cluster.lastStartFailed) return true;
      try {
        this.leave(await this.enter(location.ref));
      } catch {
        return false;
      }
    }
    const pool = this.clusters.get(location.ref)?.pool;
    if (!pool) return false;
    try {
      await pool.query('select 1');
      return true;
    } catch {
      return false;
    }
  }

  async whenOpen<T>(location: ProjectLocation, fn: (db: Queryable) => Promise<T>): Promise<T | null> {
    const entry = this.clusters.get(location.ref);
    if (!entry || entry.isClosed || !entry.cluster.isRunning || !entry.pool) return null;
    // In flight so an idle stop waits for it, but lastUsed is left alone: this is not a use.
    entry.inFlight += 1;
    try {
      return await fn(entry.pool);
    } finally {
      entry.inFlight -= 1;
    }
  }

  async interrupt(location: ProjectLocation): Promise<void> {
    const entry = this.clusters.get(location.ref);
    if (!entry?.cluster.isRunning) return;
    // On a connection of its own: the project's pool may be full of the very queries to cancel.
    const admin = socketPool(entry.cluster.socketDir, LOCAL_SUPERUSER, 1);
    try {
      await admin.query(
        `select pg_cancel_backend(pid) from pg_stat_activity
          where application_name = $1 and usename = $2 and state = 'active' and pid <> pg_backend_pid()`,
        [APPLICATION_NAME, OWNER],
      );
    } finally {
      await admin.close();
    }
  }

  async readSnapshot<T>(location: ProjectLocation, read: (db: Database) => Promise<T>, signal: AbortSignal): Promise<T> {
    return readInterruptibly(await this.project(location), read, signal, () => this.interrupt(location));
  }

  /**
   * PGlite's WebAssembly pg_dump relayed to the cluster's socket (@plinth/pg-dump): the clusters'
   * npm packages ship no pg_dump, and a system one is often older than the cluster's major. Counted
   * as a use of the project (started if scale to zero stopped it) until the stream closes.
   */
  dumpStream(location: ProjectLocation, pgDumpArgs: string[]): Readable {
    return streamOpenedLater(async () => {
      const entry = await this.enter(location.ref);
      const dump = dumpDatabaseStream(this.superuserLogin(location.ref), pgDumpArgs);
      dump.once('close', () => this.leave(entry));
      return dump;
    });
  }

  private superuserLogin(ref: string): pg.ClientConfig {
    return { host: this.clusterOf(ref).cluster.socketDir, port: SOCKET_PORT, user: LOCAL_SUPERUSER, database: DATABASE };
  }

  assertRunnable(_statement: string): void {
    // The owner is no superuser: the server refuses programs and files itself (42501).
  }

  private async stopCluster(ref: string): Promise<void> {
    const entry = this.clusters.get(ref);
    if (!entry) return;
    const pool = entry.pool;
    entry.pool = null;
    await pool?.close().catch(() => undefined);
    await entry.cluster.stop();
    // What the server wrote up to its last line, before the platform's log writer may close.
    await entry.serverLog?.stop();
  }

  async closeProject(location: ProjectLocation): Promise<void> {
    const entry = this.clusters.get(location.ref);
    if (entry) entry.isClosed = true;
    await this.stopCluster(location.ref);
  }

  async restartProject(location: ProjectLocation): Promise<void> {
    await this.stopCluster(location.ref);
    await this.project(location);
  }

  /** Scale to zero: clusters unused for `idleStopMs`, with nothing in flight, are stopped. */
  private async stopIdle(idleStopMs: number): Promise<void> {
    const now = Date.now();
    for (const [ref, entry] of this.clusters) {
      if (entry.cluster.isRunning && entry.inFlight === 0 && now - entry.lastUsed >= idleStopMs) {
        await this.stopCluster(ref).catch((error: unknown) => this.options.log?.(`stopping idle project ${ref} failed: ${String(error)}`));
      }
    }
  }

  /** Stops a project's cluster by hand now, as the idle timer would (tests and benchmarks measure the wake). */
  async scaleToZero(location: ProjectLocation): Promise<void> {
    await this.stopCluster(location.ref);
  }

  /** Whether the project's cluster is running now. */
  isRunning(location: ProjectLocation): boolean {
    return this.clusters.get(location.ref)?.cluster.isRunning ?? false;
  }

  /** The postmaster's pid, while it runs (tests kill it to check supervision). */
  postmasterPid(location: ProjectLocation): number | null {
    return this.clusters.get(location.ref)?.cluster.pid ?? null;
  }

  async archive(location: ProjectLocation): Promise<ProjectArchive> {
    this.held.add(location.ref);
    await this.closeProject(location);
    const dataDir = join(this.projectDir(location.ref), 'db');
    // A cluster a killed platform process left running is shut down too: the files must be a clean shutdown's.
    await stopOrphan(dataDir);
    // Not its server log (the platform has read it; a restored cluster starts a new one) nor a pid
    // file a crashed server left (another process may have that pid where it is restored).
    const skip = (entry: string) => entry === './log' || entry.startsWith('./log/') || entry === './postmaster.pid';
    return { body: archiveDirectory(dataDir, skip), format: 'tar.gz' };
  }

  async releaseHold(location: ProjectLocation): Promise<void> {
    this.held.delete(location.ref);
  }

  async unarchive(ref: string, archive: Readable): Promise<ProjectLocation> {
    assertValidRef(ref);
    const dir = this.projectDir(ref);
    await this.stopCluster(ref);
    this.clusters.delete(ref);
    await this.makeOwnDir(dir);
    await stopOrphan(join(dir, 'db'));
    await extractDirectory(join(dir, 'db'), archive, clusterUser());
    this.held.delete(ref);
    return { ref, server: null };
  }

  async dropProject(location: ProjectLocation): Promise<void> {
    this.held.delete(location.ref);
    await this.stopCluster(location.ref);
    this.clusters.delete(location.ref);
    const dir = this.projectDir(location.ref);
    await stopOrphan(join(dir, 'db'));
    await rm(dir, { recursive: true, force: true });
  }

  async wireTarget(location: ProjectLocation): Promise<WireTarget> {
    const entry = await this.enter(location.ref);
    let isInUse = true;
    return {
      // The socket trusts its callers: only the platform's OS user can open its directory.
      host: entry.cluster.socketDir, port: SOCKET_PORT, database: DATABASE, user: OWNER, password: null,
      release: () => {
        if (isInUse) this.leave(entry);
        isInUse = false;
      },
    };
  }

  connectionInfo(location: ProjectLocation): ConnectionInfo {
    return { host: socketDirFor(this.projectDir(location.ref)), port: SOCKET_PORT, database: DATABASE, user: OWNER };
  }

  async setLoginPassword(location: ProjectLocation, password: string): Promise<void> {
    await this.using(location.ref, async () => {
      const admin = socketPool(this.clusterOf(location.ref).cluster.socketDir, LOCAL_SUPERUSER, 1);
      try {
        await setRolePassword(admin, OWNER, password);
      } finally {
        await admin.close();
      }
    });
  }

  async setReadOnly(location: ProjectLocation, readOnly: boolean): Promise<void> {
    await this.asSuperuser(location, async (admin) => {
      await alterDatabaseReadOnly(admin, DATABASE, readOnly);
      await endSessionsOpenedBefore(admin);
    });
  }

  /** `fn` on a connection of `supabase_admin`'s own, as a use of the project (an idle stop cannot cut it off). */
  private asSuperuser<T>(location: ProjectLocation, fn: (admin: Database) => Promise<T>): Promise<T> {
    return this.using(location.ref, async () => {
      const admin = socketPool(this.clusterOf(location.ref).cluster.socketDir, LOCAL_SUPERUSER, 1, { noTimeouts: true });
      try {
        return await fn(admin);
      } finally {
        await admin.close();
      }
    });
  }

  privilegedExtensions(location: ProjectLocation): Promise<string[]> {
    return this.asSuperuser(location, loadablePrivilegedExtensions);
  }

  createPrivilegedExtension(location: ProjectLocation, request: PrivilegedExtensionRequest): Promise<void> {
    return this.asSuperuser(location, (admin) => createPrivilegedExtension(admin, OWNER, request));
  }

  dropPrivilegedExtension(location: ProjectLocation, name: string, options: { cascade?: boolean }): Promise<void> {
    return this.asSuperuser(location, (admin) => dropPrivilegedExtension(admin, name, options));
  }

  serverStatementStats(location: ProjectLocation, query: StatementStatsQuery): Promise<ServerStatementStats> {
    return this.using(location.ref, (db) => readStatementStats(db, query));
  }

  postgresMajors(): { major: number; version: string }[] {
    return installedPostgres().map((b) => ({ major: b.major, version: b.version.split('.').slice(0, 2).join('.') }));
  }

  async postgresVersion(location: ProjectLocation): Promise<string> {
    // The package's version is the server's ('18.4.0-beta.17' is PostgreSQL 18.4).
    const { version } = this.binaries(clusterMajor(join(this.projectDir(location.ref), 'db')));
    return version.split('.').slice(0, 2).join('.');
  }

  /** A logical move to `targetMajor` beside the running cluster, then a swap (major-upgrade.ts); returns the new version. */
  async upgradeMajor(location: ProjectLocation, targetMajor: number, onStep: UpgradeStepListener): Promise<string> {
    const { ref } = location;
    const host: MajorUpgradeHost = {
      projectDir: this.projectDir(ref), target: this.binaries(targetMajor), superuser: LOCAL_SUPERUSER, owner: OWNER, database: DATABASE, port: SOCKET_PORT,
      asSuperuser: (fn) => this.asSuperuser(location, fn),
      dump: async () => this.dumpStream(location, []),
      ownerStartupOptions: this.options.vaultKeys && vaultKeyOption(this.options.vaultKeys(ref)),
      stopAndHold: () => this.stopAndHold(ref),
    };
    // An attempt cut off by a crash is undone first; one cut off after its swap has nothing left to do.
    await recoverInterrupted(host);
    const hadPitr = pitr.isPitrEnabled(this.pitrHost(location));
    if (clusterMajor(join(host.projectDir, 'db')) < targetMajor) await upgradeMajor(host, onStep);
    // The new cluster starts without WAL archiving, and the old base backups and WAL are of the old major.
    if (hadPitr && !pitr.isPitrEnabled(this.pitrHost(location))) {
      await pitr.restartAfterUpgrade(this.pitrHost(location)).catch((error: unknown) => this.options.log?.(`project ${ref}: point-in-time recovery after the upgrade: ${String(error)}`));
    }
    return this.postgresVersion(location);
  }

  /**
   * Stops the project's cluster and keeps it stopped (every use is project_unavailable) until the
   * returned release, while an upgrade or a recovery replaces its files. The cluster is made again
   * on next use, with the binaries of whatever major `db` then holds.
   */
  private async stopAndHold(ref: string): Promise<() => void> {
    this.held.add(ref);
    await this.stopCluster(ref);
    this.clusters.delete(ref);
    return () => this.held.delete(ref);
  }

  /** Point-in-time recovery of a project's cluster (local/pitr.ts). */
  readonly pitr: PointInTimeRecovery = {
    enable: (location) => pitr.enablePitr(this.pitrHost(location)),
    disable: (location) => pitr.disablePitr(this.pitrHost(location)),
    takeBaseBackup: (location) => pitr.takeBaseBackup(this.pitrHost(location)),
    prune: (location, before) => pitr.pruneBaseBackups(this.pitrHost(location), before),
    range: (location) => pitr.pitrRange(this.pitrHost(location)),
    recover: (location, target) => pitr.recoverToTime(this.pitrHost(location), target),
  };

  private pitrHost(location: ProjectLocation): pitr.PitrHost {
    const { ref } = location;
    return {
      projectDir: this.projectDir(ref),
      asSuperuser: (fn) => this.asSuperuser(location, fn),
      restart: () => this.restartProject(location),
      stopAndHold: () => this.stopAndHold(ref),
    };
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearInterval(this.idleTimer);
    await Promise.all([...this.clusters.keys()].map((ref) => this.stopCluster(ref).catch(() => undefined)));
    this.clusters.clear();
  }
}
