/**
 * Postgres engine: each project is a database `project_${ref}` on one server of a fleet, owned by a
 * LOGIN role `project_${ref}_owner` (the user a person connects as). The server URL's user, which
 * must be a superuser, only creates, bootstraps and drops databases and roles.
 *
 * Everything the platform runs IN a project (the SQL editor, pg-meta, the data plane) goes through a
 * second LOGIN role, `project_${ref}_platform`: a member of the owner role, whose sessions start as
 * the owner. Neither is a superuser, so tenant SQL cannot reach the server (COPY TO PROGRAM,
 * pg_read_file) or another project's database; a superuser session would make SET ROLE no boundary
 * at all. Its password is derived from the platform secret, so it needs no storage and survives the
 * user changing their own password.
 *
 * A server's major is the server's: a major upgrade moves the project's database to a server of the
 * newer major in the fleet (upgradeMajor, the helpers in major-upgrade.ts).
 */
import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { PlinthError } from '@plinth/errors';
import { streamStatements, withoutLeadingComments } from '@plinth/pg-meta';
import { dumpDatabaseStream } from '@plinth/pg-dump';
import { bootstrapProject, clusterRolesSql, ownerGrantsSql, type BootstrapOptions } from '../bootstrap.ts';
import { DatabaseError } from '../database-error.ts';
import { streamOpenedLater } from '../dump-stream.ts';
import { readInterruptibly } from '../interruptible.ts';
import { setRolePassword } from '../login-password.ts';
import { createPrivilegedExtension, dropPrivilegedExtension, loadablePrivilegedExtensions, type PrivilegedExtensionRequest } from '../privileged-extensions.ts';
import { assertValidRef } from '../project-ref.ts';
import { alterDatabaseReadOnly, endSessionsOpenedBefore } from '../read-only.ts';
import { serverVersion } from '../server-version.ts';
import type { ConnectionInfo, Database, Engine, PostgresMajor, ProjectArchive, ProjectLocation, Queryable, UpgradedDatabase, WireTarget } from '../types.ts';
import { observeDatabase } from '../observed-database.ts';
import type { DatabaseObserver } from '../observer.ts';
import { checkExtensionsAvailable, compareRowCounts, updateExtensions } from '../major-upgrade-steps.ts';
import { copySettings } from './major-upgrade.ts';
import { createPool, PgDatabase } from './pg-database.ts';
import { ensureVault, vaultKeyOption, type VaultKeys } from '../vault.ts';

const { escapeIdentifier: ident, escapeLiteral: literal } = pg;

/** Any constant: the key under which creators on one server serialise cluster-wide role changes. */
const CLUSTER_ROLES_LOCK_KEY = 7_151_331;
const PROJECT_POOL_MAX = 5;

const databaseName = (ref: string) => `project_${ref}`;
const ownerRole = (ref: string) => `project_${ref}_owner`;
const platformRole = (ref: string) => `project_${ref}_platform`;

/** How long the fleet's majors are kept (the infrastructure page asks on each view), and how long a server has to answer. */
const MAJORS_TTL_MS = 10_000;
const MAJORS_TIMEOUT_MS = 3_000;

/** A server of the fleet that answered, with its version. */
interface ServerMajor {
  server: string;
  major: number;
  version: string;
}

/** Statements run together in one round trip when a dump is loaded. */
const DUMP_BATCH_CHARS = 256 * 1024;

/**
 * A plain pg_dump's statements (streamStatements: psql's meta-commands such as pg_dump 18's
 * `\restrict` lines are left out) in batches for exec(), each SET, GRANT, REVOKE and COMMENT alone:
 * those statements may fail where they name what this server's major lacks (transaction_timeout
 * before 17; a function an extension has only in a newer release), as psql would let them. A column's options (`ALTER COLUMN ... SET (name=value)`) stand
 * alone too: a server of another major or build may not know one (a dump of the CI's PostgreSQL 15
 * carries `pg_attver`, which 18 refuses); they are planner hints, so an unknown one is left out.
 */
async function* dumpPieces(statements: AsyncIterable<string>): AsyncGenerator<DumpPiece> {
  let batch: string[] = [];
  let chars = 0;
  const flush = (): DumpPiece[] => {
    const pieces: DumpPiece[] = batch.length > 0 ? [{ sql: batch.join(';\n'), tolerated: null }] : [];
    batch = [];
    chars = 0;
    return pieces;
  };
  for await (const statement of statements) {
    const text = withoutLeadingComments(statement).trim();
    const tolerated = /^(set|grant|revoke|comment)\s/i.test(text) ? UNDEFINED_HERE : COLUMN_OPTIONS.test(text) ? UNKNOWN_OPTION : null;
    if (tolerated) {
      yield* flush();
      yield { sql: statement, tolerated };
      continue;
    }
    batch.push(statement);
    chars += statement.length;
    if (chars >= DUMP_BATCH_CHARS) yield* flush();
  }
  yield* flush();
}

/** One exec() of a dump; `tolerated`: the SQLSTATEs with which it may fail, skipped (dumpPieces). */
interface DumpPiece {
  sql: string;
  tolerated: ReadonlySet<string> | null;
}

/** Failures dumpPieces' tolerant statements may have: what they name does not exist here. */
const UNDEFINED_HERE: ReadonlySet<string> = new Set(['42704', '42883']); // undefined_object, undefined_function
/** A column's options, as pg_dump writes them (`ALTER TABLE ONLY t ALTER COLUMN c SET (n_distinct=...)`). */
const COLUMN_OPTIONS = /^alter\s+table\b[\s\S]*\balter\s+column\b[\s\S]*\bset\s*\(\s*[\w.]+\s*=[^;]*\)$/i;
const UNKNOWN_OPTION: ReadonlySet<string> = new Set(['22023']); // invalid_parameter_value: "unrecognized parameter"

/** Loads a plain pg_dump, read as it streams in, in `tx` (see dumpPieces). */
async function loadDump(tx: Queryable, dump: AsyncIterable<Uint8Array | string>): Promise<void> {
  for await (const piece of dumpPieces(streamStatements(dump))) {
    if (!piece.tolerated) {
      await tx.exec(piece.sql);
      continue;
    }
    await tx.exec('savepoint plinth_dump');
    try {
      await tx.exec(piece.sql);
      await tx.exec('release savepoint plinth_dump');
    } catch (error) {
      await tx.exec('rollback to savepoint plinth_dump');
      if (!(error instanceof DatabaseError && piece.tolerated.has(error.code))) throw error;
    }
  }
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export class PostgresEngine implements Engine {
  readonly name = 'postgres' as const;
  /** Per server, on the URL's own (maintenance) database: creating and dropping databases and roles. */
  private readonly adminPools = new Map<string, pg.Pool>();
  /** Per project, its pool on the server it was opened on (a major upgrade moves it to another). */
  private readonly projects = new Map<string, { server: string; pool: PgDatabase; handle: Database }>();
  private majorsCache: { at: number; servers: Promise<ServerMajor[]> } | null = null;
  /** Projects being archived by a pause: closed, and not opened again until dropped or released. */
  private readonly held = new Set<string>();

  constructor(
    private readonly servers: string[],
    /** Key for the platform login's per-project password. */
    private readonly loginSecret: string,
    private readonly bootstrapOptions: BootstrapOptions = {},
    /** Told each statement the platform runs in a project (the postgres_logs source, query performance). */
    private readonly observer?: DatabaseObserver,
    /** Each project's vault key, given to the platform login's sessions as a startup option. */
    private readonly vaultKeys?: VaultKeys,
  ) {
    if (servers.length === 0) throw new Error('The postgres engine needs at least one project server.');
  }

  private admin(server: string): PgDatabase {
    let pool = this.adminPools.get(server);
    if (!pool) {
      pool = createPool(server, 2);
      this.adminPools.set(server, pool);
    }
    return new PgDatabase(pool);
  }

  private requireServer(location: ProjectLocation): string {
    if (!location.server) throw new Error(`Project ${location.ref} has no server; it is not a postgres-engine project.`);
    return location.server;
  }

  /**
   * Placement: the reachable server holding the fewest project databases. Simple and self-correcting
   * (a new server fills up first); two creations at the same instant may pick the same server.
   */
  private async pickServer(candidates: string[] = this.servers): Promise<string> {
    const counts = await Promise.all(candidates.map(async (server) => {
      try {
        const { rows } = await this.admin(server).query<{ n: number }>(
          `select count(*)::int as n from pg_catalog.pg_database where datname like 'project\\_%'`,
        );
        return { server, n: rows[0].n };
      } catch {
        return null; // unreachable: skip it, another server can take the project
      }
    }));
    const reachable = counts.filter((c): c is { server: string; n: number } => c !== null);
    if (reachable.length === 0) throw new PlinthError('engine_unavailable', 'No project database server is reachable.');
    reachable.sort((a, b) => a.n - b.n);
    return reachable[0].server;
  }

  /**
   * Roles are cluster-wide. The DO blocks already tolerate a concurrent creator, but GRANTs and
   * catalog updates on shared rows can still collide ("tuple concurrently updated"), so creators
   * on a server also queue on one advisory lock, taken in the maintenance database they all use.
   */
  private async ensureClusterRoles(server: string): Promise<void> {
    await this.admin(server).transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [CLUSTER_ROLES_LOCK_KEY]);
      await tx.exec(clusterRolesSql('postgres'));
    });
  }

  async prepare(): Promise<void> {
    // Nothing to warm: a Postgres server creates a database in well under a second.
  }

  async createProject(ref: string, options: { dbPassword: string }): Promise<ProjectLocation> {
    assertValidRef(ref);
    const location = await this.makeDatabase(ref, await this.pickServer(), options.dbPassword, 'template1');
    try {
      // The bootstrap creates roles' grants and schemas the owner must not be able to create itself.
      await this.asSuperuser(location, async (superuser) => {
        await bootstrapProject(superuser, 'postgres', this.bootstrapOptions);
        await superuser.exec(ownerGrantsSql(ident(ownerRole(ref))));
      });
    } catch (err) {
      await this.dropProject(location).catch(() => {});
      throw err;
    }
    return location;
  }

  async cloneProject(source: ProjectLocation, ref: string, options: { dbPassword: string }): Promise<ProjectLocation> {
    assertValidRef(ref);
    const server = this.requireServer(source);
    const sourceDb = databaseName(source.ref);
    // CREATE DATABASE ... TEMPLATE needs the source without sessions: this node's pool closes and
    // every other session of it (the data plane's, other nodes') is ended just before; one that
    // reconnects in between makes it fail with 55006, and it is tried again.
    const freeSource = async () => {
      await this.closeProject(source);
      await this.admin(server).query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [sourceDb]);
    };
    const location = await this.makeDatabase(ref, server, options.dbPassword, sourceDb, freeSource);
    try {
      await this.asSuperuser(location, async (superuser) => {
        // The copy's objects belong to the source's owner: they become the new owner's. REASSIGN
        // OWNED also moves databases the role owns, so the source's database is given back at once.
        await superuser.exec(`reassign owned by ${ident(ownerRole(source.ref))} to ${ident(ownerRole(ref))}`);
        await superuser.exec(`alter database ${ident(sourceDb)} owner to ${ident(ownerRole(source.ref))}`);
        await superuser.exec(ownerGrantsSql(ident(ownerRole(ref))));
      });
    } catch (err) {
      await this.dropProject(location).catch(() => {});
      throw err;
    }
    return location;
  }

  /**
   * The project's roles and its empty database on `server` (from `template`), closed to all but them.
   * `dbPassword` is the owner's password, or its stored hash (SCRAM or MD5), which PostgreSQL keeps as given.
   */
  private async makeDatabase(ref: string, server: string, dbPassword: string, template: string, freeTemplate?: () => Promise<void>): Promise<ProjectLocation> {
    const admin = this.admin(server);
    const db = ident(databaseName(ref));
    const owner = ident(ownerRole(ref));
    if (await this.hasDatabase(server, ref)) throw new Error(`Project ${ref} already exists on ${new URL(server).host}.`);
    await this.ensureClusterRoles(server);
    // PASSWORD takes no bind parameter: the literal is quoted by pg's escapeLiteral (E'' form for
    // backslashes). A role left by an earlier failed attempt just gets the new password.
    try {
      await admin.exec(`create role ${owner} login password ${literal(dbPassword)}`);
    } catch (err) {
      if (!(err instanceof DatabaseError && err.code === '42710')) throw err; // duplicate_object
      await admin.exec(`alter role ${owner} login password ${literal(dbPassword)}`);
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await freeTemplate?.();
        await admin.exec(`create database ${db} owner ${owner} template ${ident(template)}`);
        break;
      } catch (err) {
        if (err instanceof DatabaseError && err.code === '42P04') {
          throw new Error(`Project ${ref} already exists on ${new URL(server).host}.`, { cause: err });
        }
        // object_in_use: a session of the template came back before the copy began.
        if (freeTemplate && err instanceof DatabaseError && err.code === '55006' && attempt < 5) continue;
        throw err;
      }
    }
    const location = { ref, server };
    const platform = ident(platformRole(ref));
    try {
      // Databases are open to PUBLIC by default; a project's is for its owner and the data plane.
      await admin.exec(`revoke all on database ${db} from public; grant connect, temporary on database ${db} to authenticator`);
      await admin.exec(`drop role if exists ${platform}`);
      await admin.exec(
        `create role ${platform} login password ${literal(this.platformPassword(ref))} in role ${owner};` +
          `alter role ${platform} in database ${db} set role = ${literal(ownerRole(ref))}`,
      );
    } catch (err) {
      await this.dropProject(location).catch(() => {});
      throw err;
    }
    return location;
  }

  private platformPassword(ref: string): string {
    return createHmac('sha256', this.loginSecret).update(ref).digest('base64url');
  }

  async project(location: ProjectLocation): Promise<Database> {
    const { handle } = this.open(location);
    // Older projects get the vault schema; a failure is retried on the next open, not fatal to the project.
    await ensureVault(handle).catch(() => undefined);
    return handle;
  }

  /** The project's pool, and the handle callers get (the pool, observed when there is an observer). */
  private open(location: ProjectLocation): { pool: PgDatabase; handle: Database } {
    if (this.held.has(location.ref)) throw new PlinthError('project_unavailable', 'The project is being paused.');
    const server = this.requireServer(location);
    let open = this.projects.get(location.ref);
    if (open && open.server !== server) {
      // The project moved (a major upgrade, possibly run by another node): its old pool goes.
      void open.pool.close().catch(() => undefined);
      open = undefined;
    }
    if (!open) {
      const pool = this.platformPool({ ref: location.ref, server }, PROJECT_POOL_MAX);
      // Its sessions run as the owner (the platform login's role setting), so that is the user named.
      const session = { ref: location.ref, user: ownerRole(location.ref), database: databaseName(location.ref) };
      open = { server, pool, handle: this.observer ? observeDatabase(pool, session, this.observer) : pool };
      this.projects.set(location.ref, open);
    }
    return open;
  }

  /** A pool of the platform login's sessions on the project's database on `location.server`, with its vault key. */
  private platformPool(location: { ref: string; server: string }, max: number): PgDatabase {
    const url = new URL(withDatabase(location.server, databaseName(location.ref)));
    url.username = encodeURIComponent(platformRole(location.ref));
    url.password = encodeURIComponent(this.platformPassword(location.ref));
    const options = this.vaultKeys && vaultKeyOption(this.vaultKeys(location.ref));
    return new PgDatabase(createPool({ connectionString: url.toString(), ...(options && { options }) }, max));
  }

  async isLive(location: ProjectLocation): Promise<boolean> {
    try {
      // On the pool itself: a health check is not a statement of the project's.
      await this.open(location).pool.query('select 1');
      return true;
    } catch {
      return false;
    }
  }

  async whenOpen<T>(location: ProjectLocation, fn: (db: Queryable) => Promise<T>): Promise<T | null> {
    // A server does not stop with its projects: the pool (connections made on demand) is always there.
    return fn(this.open(location).pool);
  }

  async interrupt(location: ProjectLocation): Promise<void> {
    // On the admin connection: the project's own pool may be full of the very queries to cancel.
    await this.admin(this.requireServer(location)).query(
      `select pg_cancel_backend(pid) from pg_stat_activity where datname = $1 and usename = $2 and state = 'active'`,
      [databaseName(location.ref), platformRole(location.ref)],
    );
  }

  async readSnapshot<T>(location: ProjectLocation, read: (db: Database) => Promise<T>, signal: AbortSignal): Promise<T> {
    return readInterruptibly(await this.project(location), read, signal, () => this.interrupt(location));
  }

  /** As pause's archive: PGlite's WebAssembly pg_dump relayed to the project's database on its server, as the superuser. */
  dumpStream(location: ProjectLocation, pgDumpArgs: string[]): Readable {
    return streamOpenedLater(async () =>
      dumpDatabaseStream({ connectionString: withDatabase(this.requireServer(location), databaseName(location.ref)) }, pgDumpArgs));
  }

  assertRunnable(_statement: string): void {
    // The platform's role is no superuser: the server refuses programs and files itself (42501).
  }

  async closeProject(location: ProjectLocation): Promise<void> {
    const open = this.projects.get(location.ref);
    if (!open) return;
    this.projects.delete(location.ref);
    await open.pool.close();
  }

  async restartProject(location: ProjectLocation): Promise<void> {
    await this.closeProject(location);
    // Every session on the project's database (the pooler's, other nodes', direct clients'); a
    // superuser's only when the server's own login is one (otherwise the server refuses it).
    await this.admin(this.requireServer(location)).query(
      `select pg_terminate_backend(a.pid) from pg_stat_activity a
        where a.datname = $1 and a.pid <> pg_backend_pid()
          and (not coalesce((select r.rolsuper from pg_roles r where r.oid = a.usesysid), false)
               or (select rolsuper from pg_roles where rolname = current_user))`,
      [databaseName(location.ref)],
    );
    await this.project(location);
  }

  async archive(location: ProjectLocation): Promise<ProjectArchive> {
    const server = this.requireServer(location);
    const { ref } = location;
    this.held.add(ref);
    await this.closeProject(location);
    // Nobody else writes while it is dumped: its logins off, its sessions (direct ones too) ended.
    await this.setLogins(server, ref, false);
    await this.endSessions(server, ref);
    // Streamed: pg_dump runs as the object store takes the gzip, so any size pauses in bounded memory.
    const dump = dumpDatabaseStream({ connectionString: withDatabase(server, databaseName(ref)) });
    const body = createGzip();
    pipeline(dump, body).catch(() => undefined); // a failure reaches the reader: pipeline destroys `body` with it
    return { body, format: 'sql.gz' };
  }

  async releaseHold(location: ProjectLocation): Promise<void> {
    await this.setLogins(this.requireServer(location), location.ref, true);
    this.held.delete(location.ref);
  }

  async unarchive(ref: string, archive: Readable, options: { dbPassword: string; server: string | null }): Promise<ProjectLocation> {
    assertValidRef(ref);
    // The archive is the project's only copy: whatever an earlier attempt made, on any server, goes.
    for (const server of this.servers) await this.dropProject({ ref, server }).catch(() => undefined);
    const preferred = options.server && this.servers.includes(options.server) && (await this.answers(options.server)) ? options.server : null;
    const location = await this.makeDatabase(ref, preferred ?? (await this.pickServer()), options.dbPassword, 'template0');
    try {
      // Read as it is loaded, in one transaction: a damaged archive (its check fails at the end)
      // fails the gunzip stream through pipeline, and so the load, which commits nothing.
      const dump = createGunzip();
      pipeline(archive, dump).catch(() => undefined);
      await this.loadInto(location, dump);
    } catch (err) {
      await this.dropProject(location).catch(() => {});
      throw err;
    }
    this.held.delete(ref);
    return location;
  }

  /** A plain pg_dump loaded, as the superuser in one transaction, into the project's new empty database; then the owner's grants. */
  private async loadInto(location: ProjectLocation, dump: AsyncIterable<Uint8Array | string>): Promise<void> {
    await this.asSuperuser(location, async (superuser) => {
      await superuser.transaction((tx) => loadDump(tx, dump));
      await superuser.exec(ownerGrantsSql(ident(ownerRole(location.ref))));
    });
  }

  private async answers(server: string): Promise<boolean> {
    return this.admin(server).query('select 1').then(() => true, () => false);
  }

  async dropProject(location: ProjectLocation): Promise<void> {
    this.held.delete(location.ref);
    const server = this.requireServer(location);
    await this.closeProject(location);
    const admin = this.admin(server);
    // WITH (FORCE) terminates every other connection to the database first (Postgres 13+).
    await admin.exec(`drop database if exists ${ident(databaseName(location.ref))} with (force)`);
    await admin.exec(`drop role if exists ${ident(platformRole(location.ref))}`);
    await admin.exec(`drop role if exists ${ident(ownerRole(location.ref))}`);
  }

  async setReadOnly(location: ProjectLocation, readOnly: boolean): Promise<void> {
    await this.asSuperuser(location, async (admin) => {
      await alterDatabaseReadOnly(admin, databaseName(location.ref), readOnly);
      await endSessionsOpenedBefore(admin);
    });
  }

  /** `fn` on a superuser connection to the project's database (the server URL's user), closed after. */
  private async asSuperuser<T>(location: ProjectLocation, fn: (admin: Database) => Promise<T>): Promise<T> {
    const admin = new PgDatabase(createPool(withDatabase(this.requireServer(location), databaseName(location.ref)), 1));
    try {
      return await fn(admin);
    } finally {
      await admin.close();
    }
  }

  privilegedExtensions(location: ProjectLocation): Promise<string[]> {
    return this.asSuperuser(location, loadablePrivilegedExtensions);
  }

  createPrivilegedExtension(location: ProjectLocation, request: PrivilegedExtensionRequest): Promise<void> {
    return this.asSuperuser(location, (admin) => createPrivilegedExtension(admin, ownerRole(location.ref), request));
  }

  dropPrivilegedExtension(location: ProjectLocation, name: string, options: { cascade?: boolean }): Promise<void> {
    return this.asSuperuser(location, (admin) => dropPrivilegedExtension(admin, name, options));
  }

  async serverStatementStats(): Promise<null> {
    // A shared server's statistics (if it keeps any) are not the platform's to read per tenant: the
    // platform records the statements it runs instead.
    return null;
  }

  async postgresVersion(location: ProjectLocation): Promise<string> {
    return serverVersion(this.open(location).pool);
  }

  /** The fleet's servers that answer, each with its version: asked again when `fresh`, else kept MAJORS_TTL_MS. */
  private serverMajors(fresh = false): Promise<ServerMajor[]> {
    if (!fresh && this.majorsCache && Date.now() - this.majorsCache.at < MAJORS_TTL_MS) return this.majorsCache.servers;
    const servers = Promise.all(this.servers.map(async (server): Promise<ServerMajor | null> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), MAJORS_TIMEOUT_MS);
      });
      const asked = serverVersion(this.admin(server)).then(
        (version) => (version ? { server, major: Number.parseInt(version, 10), version } : null),
        () => null, // unreachable: not offered
      );
      return Promise.race([asked, timeout]).finally(() => clearTimeout(timer));
    })).then((list) => list.filter((entry): entry is ServerMajor => entry !== null));
    this.majorsCache = { at: Date.now(), servers };
    return servers;
  }

  /** The majors of the fleet's servers that answer, newest first, each with the newest version among its servers. */
  async postgresMajors(): Promise<PostgresMajor[]> {
    const byMajor = new Map<number, string>();
    for (const { major, version } of await this.serverMajors()) {
      const known = byMajor.get(major);
      if (!known || Number(version.split('.')[1] ?? 0) > Number(known.split('.')[1] ?? 0)) byMajor.set(major, version);
    }
    return [...byMajor].map(([major, version]) => ({ major, version })).sort((a, b) => b.major - a.major);
  }

  private async hasDatabase(server: string, ref: string): Promise<boolean> {
    const { rows } = await this.admin(server).query('select 1 from pg_catalog.pg_database where datname = $1', [databaseName(ref)]);
    return rows.length > 0;
  }

  /** Ends every other session on the project's database (the pooler's, other nodes', direct clients'). */
  private async endSessions(server: string, ref: string): Promise<void> {
    await this.admin(server).query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName(ref)]);
  }

  /** The project's two logins (owner and platform) on or off. */
  private async setLogins(server: string, ref: string, login: boolean): Promise<void> {
    const clause = login ? 'login' : 'nologin';
    await this.admin(server).exec(`alter role ${ident(ownerRole(ref))} ${clause}; alter role ${ident(platformRole(ref))} ${clause}`);
  }

  /**
   * The eight steps of a major upgrade, moving the project's database to the least used server of
   * `targetMajor`: 0 that server picked; 1 the cluster roles, the owner (its password hash copied
   * from the old server's pg_authid) and the platform login, the empty database and the settings a
   * dump leaves out; 2 every extension in use is available there and the platform login gets in;
   * 3 the old database's logins off and its sessions ended (the control side has taken the API
   * services offline); 4 a full superuser pg_dump loaded into the new database (as unarchive
   * does); 5 the vault ensured and every table's rows compared; 6 ALTER EXTENSION ... UPDATE; 7
   * ANALYZE. The old database is dropped once the new one answers. On a failure the new one is
   * dropped and the old one's logins are back: it is online and unchanged.
   *
   * A retry after a crash first tidies up: an old database already dropped means the move had
   * finished (the new location is returned); otherwise a half-made database on a server of the
   * target major is dropped and the old one's logins are turned on again.
   */
  async upgradeMajor(location: ProjectLocation, targetMajor: number, onStep: (index: number) => Promise<void>): Promise<string | UpgradedDatabase> {
    const { ref } = location;
    const source = this.requireServer(location);
    const candidates = (await this.serverMajors(true)).filter((s) => s.major === targetMajor && s.server !== source);
    if (!(await this.hasDatabase(source, ref))) {
      for (const candidate of candidates) {
        if (await this.hasDatabase(candidate.server, ref)) return { version: candidate.version, location: { ref, server: candidate.server } };
      }
      throw new Error(`The project's database is not on ${new URL(source).host}.`);
    }
    for (const candidate of candidates) {
      if (await this.hasDatabase(candidate.server, ref)) await this.dropProject({ ref, server: candidate.server });
    }
    await this.setLogins(source, ref, true);
    if (candidates.length === 0) throw new Error(`No server of PostgreSQL ${targetMajor} in this installation's fleet answers.`);

    let target: { ref: string; server: string } | null = null;
    let loginsOff = false;
    try {
      await onStep(0); // prepare new server: the least used of the target major
      const server = await this.pickServer(candidates.map((c) => c.server));

      await onStep(1); // prepare new server for migration: roles, the database, its settings
      const { rows: [owner] } = await this.admin(source).query<{ rolpassword: string | null }>(
        'select rolpassword from pg_catalog.pg_authid where rolname = $1',
        [ownerRole(ref)],
      );
      if (!owner?.rolpassword) throw new Error(`The project's owner role has no password on ${new URL(source).host}.`);
      target = { ref, server };
      await this.makeDatabase(ref, server, owner.rolpassword, 'template0');
      await this.asSuperuser(location, (old) => copySettings(old, this.admin(server), databaseName(ref), ownerRole(ref)));

      await onStep(2); // pre-upgrade checks
      await this.asSuperuser(location, (old) => this.asSuperuser({ ref, server }, (next) => checkExtensionsAvailable(old, next, `The PostgreSQL ${targetMajor} server`)));
      await this.withPlatformSession({ ref, server }, (db) => db.query('select 1'));

      await onStep(3); // shut down API services: nobody writes after the dump's snapshot
      await this.closeProject(location);
      loginsOff = true;
      await this.setLogins(source, ref, false);
      await this.endSessions(source, ref);

      await onStep(4); // migrate to new database
      // A dump is a read: one that failed (pg_dump reads some definitions from the live catalog) is
      // simply taken again; it streams into the load's transaction, which its failure rolls back.
      let dumpFailed = false;
      const moveOnce = () => {
        const dump = dumpDatabaseStream({ connectionString: withDatabase(source, databaseName(ref)) });
        dump.once('error', () => { dumpFailed = true; });
        return this.loadInto(target!, dump);
      };
      await moveOnce().catch((error: unknown) => {
        if (!dumpFailed) throw error;
        return moveOnce();
      });

      await onStep(5); // execute database migration: what the platform installs, then a check
      await this.withPlatformSession(target, (db) => ensureVault(db));
      await this.asSuperuser(location, (old) => this.asSuperuser(target!, (next) => compareRowCounts(old, next)));

      await onStep(6); // update database extensions
      await this.asSuperuser(target, updateExtensions);

      await onStep(7); // optimize database
      await this.asSuperuser(target, (next) => next.exec('analyze'));
      await this.withPlatformSession(target, (db) => db.query('select 1'));
    } catch (error) {
      if (target) await this.dropProject(target).catch(() => undefined);
      if (loginsOff) await this.setLogins(source, ref, true).catch(() => undefined);
      throw error;
    }
    // The new database answers: the old one goes (its logins are already off, so a failure here
    // leaves only an unreachable copy, which the next upgrade's or deletion's tidying removes).
    await this.dropProject(location).catch(() => undefined);
    this.majorsCache = null;
    return { version: await serverVersion(this.admin(target.server)), location: target };
  }

  /** `fn` on one session of the platform login on the project's database at `location`, closed after. */
  private async withPlatformSession<T>(location: { ref: string; server: string }, fn: (db: Database) => Promise<T>): Promise<T> {
    const db = this.platformPool(location, 1);
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  }

  async setLoginPassword(location: ProjectLocation, password: string): Promise<void> {
    // The owner role is the login people use; the platform's own login keeps its derived password.
    await setRolePassword(this.admin(this.requireServer(location)), ownerRole(location.ref), password);
  }

  async wireTarget(location: ProjectLocation, password: string): Promise<WireTarget> {
    // As the owner with the project's database password: what a direct connection would be.
    const { host, port, database, user } = this.connectionInfo(location);
    return { host, port, database, user, password, release: () => undefined };
  }

  connectionInfo(location: ProjectLocation): ConnectionInfo {
    const url = new URL(this.requireServer(location));
    return {
      host: url.hostname,
      port: url.port ? Number(url.port) : 5432,
      database: databaseName(location.ref),
      user: ownerRole(location.ref),
    };
  }

  async close(): Promise<void> {
    const pools = [...this.projects.values()].map(({ pool }) => pool.close());
    this.projects.clear();
    pools.push(...[...this.adminPools.values()].map((pool) => pool.end()));
    this.adminPools.clear();
    await Promise.all(pools);
  }
}
