/**
 * Database management (pg-meta) for the studio: who may look at or change a project's database, on
 * which open Database, and how Postgres' errors reach the user. The catalog SQL itself is in
 * @plinth/pg-meta; this module only adds access, transactions, audit and error mapping.
 */
import { PlinthError } from '@plinth/errors';
import { Action, can, Resource } from '@plinth/permissions';
import * as pgMeta from '@plinth/pg-meta';
// The REST API's schema cache must see DDL made here at once (schema-cache.ts only depends on engines).
import { DatabaseError } from '../engines/database-error.ts';
import { PRIVILEGED_EXTENSIONS } from '../engines/privileged-extensions.ts';
import type { Database, Engine, Queryable } from '../engines/types.ts';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { forgetProjectSchema } from './project-caches.ts';
import { accessProject, locationOf, type ProjectRow } from './project-rows.ts';
import { queueDiskQuotaCheck } from './read-only-mode.ts';
import { cancelScript, registerScript } from './sql-cancel.ts';

interface OpenProject {
  db: Database;
  project: ProjectRow;
  organizationSlug: string;
}

/** Access (another organisation's project reads as not found), permission, then an active database. */
async function openProject(ctx: ControlContext, actor: Actor, ref: string, action: Action, resource: Resource): Promise<OpenProject & { canWrite: boolean }> {
  const { project, role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, action, resource);
  if (project.status !== 'ACTIVE_HEALTHY') {
    throw new PlinthError('project_not_active', `The project is ${project.status}; its database can be managed once it is ACTIVE_HEALTHY.`);
  }
  const db = await ctx.engine.project(locationOf(project));
  return { db, project, organizationSlug: organization.slug, canWrite: can(role, Action.TENANT_SQL_ADMIN_WRITE, resource) };
}

/**
 * The studio's writes run read-write even in read-only mode (a database over its disk quota,
 * read-only-mode.ts), so the owner can free space; a no-op otherwise. First in its transaction, as
 * Postgres requires. A lone VACUUM (FULL) needs nothing: it runs in a read-only session too.
 */
const READ_WRITE = 'set transaction read write';

/** Connection lost or server shutting down: the engine's fault, not the user's SQL. */
const UNAVAILABLE = /^(08|57P)/;

/**
 * A Postgres error from the user's DDL or SQL becomes a 400 carrying Postgres' own message, so the
 * studio can say "Error adding policy: {message}", plus its SQLSTATE and position for the editor.
 */
export function toCatalogueError(err: unknown): unknown {
  if (!(err instanceof DatabaseError)) return err;
  if (UNAVAILABLE.test(err.code)) return new PlinthError('engine_unavailable', err.message, { code: err.code });
  const details: Record<string, string | number> = { code: err.code };
  if (err.position !== undefined && Number.isInteger(Number(err.position))) details.position = Number(err.position);
  for (const key of ['detail', 'hint', 'where'] as const) if (err[key] !== undefined) details[key] = err[key];
  return new PlinthError('database_error', err.message, details);
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toCatalogueError(err);
  }
}

/** Reads the catalog (TENANT_SQL_ADMIN_READ on `resource`). */
export async function readCatalog<T>(ctx: ControlContext, actor: Actor, ref: string, resource: Resource, read: (db: Queryable) => Promise<T>): Promise<T> {
  const { db } = await openProject(ctx, actor, ref, Action.TENANT_SQL_ADMIN_READ, resource);
  return mapped(() => read(db));
}

export interface CatalogChange<T> {
  resource: Resource;
  /** Audit action, e.g. `pg_meta.table.create`. */
  action: string;
  /** Listed before `target` so TypeScript infers T from it. */
  run: (tx: Queryable) => Promise<T>;
  /** What the audit entry names, e.g. `public.todos`. */
  target: (result: T) => string;
  /**
   * Runs on a preview branch too (the Management API's migrations, which is how a branch's schema
   * changes besides its Git branch). Every other change is a dashboard schema change, refused there.
   */
  allowedOnBranch?: boolean;
}

/**
 * Dashboard schema changes are disabled on preview branches (spec document 1, the branching
 * dialog's warning): a branch's schema comes from its Git branch's migrations. The SQL editor still
 * runs on a branch (data fixes, reads, trying a statement before writing the migration).
 */
export function assertSchemaChangesAllowed(project: Pick<ProjectRow, 'parent_project_ref'>): void {
  if (project.parent_project_ref) throw new PlinthError('branch_schema_locked');
}

/**
 * Changes the catalog (TENANT_SQL_ADMIN_WRITE): every change runs in one transaction, so a
 * multi-statement edit (a policy rename plus new expressions) commits whole or not at all.
 */
export async function changeCatalog<T>(ctx: ControlContext, actor: Actor, ref: string, change: CatalogChange<T>): Promise<T> {
  const { db, organizationSlug, project } = await openProject(ctx, actor, ref, Action.TENANT_SQL_ADMIN_WRITE, change.resource);
  if (!change.allowedOnBranch) assertSchemaChangesAllowed(project);
  const result = await mapped(() =>
    db.transaction(async (tx) => {
      await tx.query(READ_WRITE);
      return change.run(tx);
    }),
  );
  await forgetProjectSchema(ctx, ref, db);
  await recordAudit(ctx.db, actor, { action: change.action, organizationSlug, projectRef: ref, target: change.target(result) });
  return result;
}

/** Scripts made only of these cannot have changed the schema the REST API caches. */
const QUERY_ONLY = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE', 'SHOW', 'EXPLAIN']);

/** Thrown to roll a read-only script back after it succeeded, carrying its results out. */
class ReadOnlyDone {
  constructor(readonly results: pgMeta.StatementResult[]) {}
}

/** The server never keeps more rows of one statement than this, whatever the caller asks. */
export const QUERY_MAX_ROWS = 100_000;

export interface SqlOptions {
  queryId?: string;
  statementTimeoutMs?: number;
  maxRows?: number;
}

function interruptedError(reason: 'timeout' | 'cancel'): PlinthError {
  return new PlinthError('database_error', reason === 'timeout' ? 'canceling statement due to statement timeout' : 'canceling statement due to user request', {
    code: '57014',
  });
}

function timeoutCapMs(ctx: ControlContext, canWrite: boolean): number {
  return canWrite ? ctx.config.sqlTimeoutCapMs.readWrite : ctx.config.sqlTimeoutCapMs.readOnly;
}

/** The script's time-out: what the caller asked, at most the cap for what they may do (config.ts). */
function statementTimeoutMs(ctx: ControlContext, canWrite: boolean, asked: number | undefined): number {
  const cap = timeoutCapMs(ctx, canWrite);
  if (asked === undefined) return cap;
  if (asked > cap) {
    const message = `statement_timeout_ms: the time-out can be at most ${cap / 1000} seconds for ${canWrite ? 'members who can write SQL' : 'Read-only members'} on this project.`;
    throw new PlinthError('validation_failed', message, { issues: [{ path: 'statement_timeout_ms', message }], max_statement_timeout_ms: cap });
  }
  return asked;
}

/** GET /query/limits: what the editor may ask for, so it never offers more. */
export async function sqlLimits(ctx: ControlContext, actor: Actor, ref: string): Promise<{ max_statement_timeout_ms: number }> {
  const { role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.TENANT_SQL_ADMIN_READ, Resource.SQL);
  return { max_statement_timeout_ms: timeoutCapMs(ctx, can(role, Action.TENANT_SQL_ADMIN_WRITE, Resource.SQL)) };
}

/** Runs a script in a READ ONLY transaction that is always rolled back, so not even a session setting survives. */
async function runReadOnly(db: Database, sql: string, maxRows: number): Promise<pgMeta.StatementResult[]> {
  try {
    await db.transaction(async (tx) => {
      throw new ReadOnlyDone(await pgMeta.runScriptResults(tx, sql, { readOnly: true, maxRows }));
    });
  } catch (err) {
    if (err instanceof ReadOnlyDone) return err.results;
    throw err;
  }
  return [];
}

/** Runs a script as written: one transaction (a lone VACUUM or CREATE INDEX CONCURRENTLY on its own). */
async function runReadWrite(db: Database, sql: string, statements: pgMeta.Statement[], maxRows: number): Promise<pgMeta.StatementResult[]> {
  if (statements.length === 1 && pgMeta.needsOwnTransaction(statements[0])) return pgMeta.runScriptResults(db, sql);
  return db.transaction(async (tx) => {
    await tx.query(READ_WRITE);
    const result = await pgMeta.runScriptResults(tx, sql, { maxRows });
    // The connection is shared (PGlite: one per project; Postgres: a pool): a `SET ROLE` or other
    // session setting in the script must not outlive this request.
    await tx.query('reset session authorization');
    await tx.query('reset all');
    return result;
  });
}

/** Postgres' "cannot execute ... in a read-only transaction". */
const READ_ONLY_TRANSACTION = '25006';

/**
 * POST /query. Scripts that only read (every statement, by the lexer; a Read-only member's always)
 * run on the engine's read snapshot in a READ ONLY transaction that is always rolled back, so a long
 * read does not hold up the project's data plane; a read that turns out to write (a function that
 * inserts) runs again on the project's database for members who may write. Other scripts run there
 * as written. Row-returning statements are read through a cursor, at most QUERY_MAX_ROWS rows each.
 * Every run has a time-out, at most the cap for the member's role; a time-out or a cancel interrupts
 * the engine (PGlite has no statement_timeout of its own). What the engine cannot run (embedded: COPY
 * ... PROGRAM, server files) is refused before anything runs.
 */
export async function runSql(ctx: ControlContext, actor: Actor, ref: string, sql: string, options: SqlOptions = {}): Promise<pgMeta.StatementResult[]> {
  const { db, project, organizationSlug, canWrite } = await openProject(ctx, actor, ref, Action.TENANT_SQL_ADMIN_READ, Resource.SQL);
  const timeoutMs = statementTimeoutMs(ctx, canWrite, options.statementTimeoutMs);
  const maxRows = Math.min(options.maxRows ?? QUERY_MAX_ROWS, QUERY_MAX_ROWS);
  const statements = pgMeta.splitStatements(sql);
  for (const statement of statements) ctx.engine.assertRunnable(statement.text);
  const location = locationOf(project);
  const interrupt = new AbortController();
  let interruptedBy: 'timeout' | 'cancel' | null = null;
  const stop = (reason: 'timeout' | 'cancel') => {
    if (interruptedBy) return;
    interruptedBy = reason;
    interrupt.abort(reason);
  };
  const onPrimary = () => void ctx.engine.interrupt(location).catch(() => undefined);
  const timer = setTimeout(() => stop('timeout'), timeoutMs);
  const unregister = options.queryId ? registerScript(ctx, options.queryId, { ref, userId: actor.userId, stop: () => stop('cancel') }) : null;
  try {
    const results = await mapped(async () => {
      if (!canWrite || statements.every((s) => pgMeta.isReadOnlyStatement(s.text))) {
        try {
          return await ctx.engine.readSnapshot(location, (snapshot) => runReadOnly(snapshot, sql, maxRows), interrupt.signal);
        } catch (err) {
          if (!canWrite || interruptedBy || !(err instanceof DatabaseError && err.code === READ_ONLY_TRANSACTION)) throw err;
        }
      }
      interrupt.signal.throwIfAborted(); // cancelled while the read ran: nothing more runs
      interrupt.signal.addEventListener('abort', onPrimary, { once: true });
      return runReadWrite(db, sql, statements, maxRows);
    }).catch((err: unknown) => {
      throw interruptedBy ? interruptedError(interruptedBy) : err;
    });
    if (canWrite) {
      if (!statements.every((s) => QUERY_ONLY.has(pgMeta.leadingWords(s.text, 1)[0]))) await forgetProjectSchema(ctx, ref, db);
      await recordAudit(ctx.db, actor, { action: 'pg_meta.query', organizationSlug, projectRef: ref, target: `${statements.length} statement(s)` });
      // The run may have freed space: the project need not wait for the next minute's check.
      if (project.read_only_since) await queueDiskQuotaCheck(ctx, { ref });
    }
    return results;
  } finally {
    clearTimeout(timer);
    interrupt.signal.removeEventListener('abort', onPrimary);
    unregister?.();
  }
}

/** Stops a script the caller started, on whichever node runs it; false when it already finished (or is someone else's). */
export async function cancelSql(ctx: ControlContext, actor: Actor, ref: string, queryId: string): Promise<boolean> {
  await accessProject(ctx, actor, ref);
  return cancelScript(ctx, { ref, userId: actor.userId, queryId });
}

/**
 * Which extensions really load, per engine build and server: probed once (CREATE EXTENSION inside a
 * savepoint, rolled back) and remembered for the life of the process.
 */
const loadableByEngine = new Map<string, Map<string, boolean>>();

/** What decides which extensions load: the engine, and its server (postgres) or PostgreSQL version (local clusters). */
function extensionsKey(ctx: ControlContext, project: ProjectRow): string {
  return `${ctx.engine.name}:${project.db_server ?? project.postgres_version ?? ''}`;
}

export async function listExtensions(ctx: ControlContext, actor: Actor, ref: string, search?: string): Promise<pgMeta.Extension[]> {
  const { db, project } = await openProject(ctx, actor, ref, Action.TENANT_SQL_ADMIN_READ, Resource.TABLES);
  return mapped(async () => {
    const loadable = await loadableExtensions(db, extensionsKey(ctx, project), ctx.engine, project);
    return pgMeta.listExtensions(db, { search, loadable });
  });
}

/**
 * The names that load; undefined when the engine creates every available one (nothing to probe).
 * With `project`, also the privileged ones the engine creates on the owner's behalf.
 */
export async function loadableExtensions(db: Database, engineKey: string, engine?: Engine, project?: ProjectRow): Promise<Set<string> | undefined> {
  if (engine?.createsEveryAvailableExtension) return undefined;
  const known = knownFor(engineKey);
  const uninstalled = await pgMeta.uninstalledExtensionNames(db);
  const unknown = uninstalled.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    const loaded = await db.transaction((tx) => pgMeta.probeLoadableExtensions(tx, unknown));
    for (const name of unknown) known.set(name, loaded.has(name));
  }
  const names = new Set([...known].filter(([, ok]) => ok).map(([name]) => name));
  if (engine && project) for (const name of await privilegedLoadable(engine, project, engineKey, uninstalled)) names.add(name);
  return names;
}

function knownFor(key: string): Map<string, boolean> {
  let known = loadableByEngine.get(key);
  if (!known) loadableByEngine.set(key, (known = new Map()));
  return known;
}

/** The allow-listed extensions the engine creates as a superuser here: probed by the engine once per key. */
async function privilegedLoadable(engine: Engine, project: ProjectRow, engineKey: string, uninstalled: string[]): Promise<string[]> {
  const known = knownFor(`${engineKey}:privileged`);
  const asked = uninstalled.filter((name) => PRIVILEGED_EXTENSIONS.has(name));
  if (asked.some((name) => !known.has(name))) {
    const loaded = new Set(await engine.privilegedExtensions(locationOf(project)));
    for (const name of asked) known.set(name, loaded.has(name));
  }
  return asked.filter((name) => known.get(name));
}

/**
 * Database > Extensions' "enable". What the owner can create (trusted extensions, or any on
 * embedded) is created in its own session; an allow-listed privileged one is created by the engine
 * as the superuser and handed over (supautils-like), still audited as the member's change.
 */
export async function enableExtension(ctx: ControlContext, actor: Actor, ref: string, body: pgMeta.ExtensionCreate): Promise<pgMeta.Extension> {
  const { project, db, organizationSlug } = await openProject(ctx, actor, ref, Action.TENANT_SQL_ADMIN_WRITE, Resource.TABLES);
  assertSchemaChangesAllowed(project);
  const key = extensionsKey(ctx, project);
  const loadable = await mapped(() => loadableExtensions(db, key, ctx.engine));
  if (loadable && !loadable.has(body.name) && PRIVILEGED_EXTENSIONS.has(body.name)) {
    const privileged = await mapped(() => loadableExtensions(db, key, ctx.engine, project));
    if (privileged?.has(body.name)) {
      await mapped(() => ctx.engine.createPrivilegedExtension(locationOf(project), body));
      await forgetProjectSchema(ctx, ref, db);
      await recordAudit(ctx.db, actor, { action: 'pg_meta.extension.create', organizationSlug, projectRef: ref, target: body.name });
      return mapped(() => pgMeta.getExtension(db, body.name));
    }
  }
  return changeCatalog(ctx, actor, ref, {
    resource: Resource.TABLES,
    action: 'pg_meta.extension.create',
    run: (tx) => pgMeta.createExtension(tx, body, { loadable }),
    target: (e) => e.name,
  });
}

/** Disabling: the owner drops what it created; the engine drops a privileged one the platform created. */
export async function disableExtension(ctx: ControlContext, actor: Actor, ref: string, name: string, options: { cascade?: boolean }): Promise<pgMeta.Extension> {
  const { project, db, organizationSlug } = await openProject(ctx, actor, ref, Action.TENANT_SQL_ADMIN_WRITE, Resource.TABLES);
  assertSchemaChangesAllowed(project);
  const extension = await mapped(() => pgMeta.getExtension(db, name));
  if (PRIVILEGED_EXTENSIONS.has(name) && extension.installed_version !== null && !(await ownsExtension(db, name))) {
    await mapped(() => ctx.engine.dropPrivilegedExtension(locationOf(project), name, options));
    await forgetProjectSchema(ctx, ref, db);
    await recordAudit(ctx.db, actor, { action: 'pg_meta.extension.delete', organizationSlug, projectRef: ref, target: name });
    return extension;
  }
  return changeCatalog(ctx, actor, ref, {
    resource: Resource.TABLES, action: 'pg_meta.extension.delete', run: (tx) => pgMeta.deleteExtension(tx, name, options), target: (e) => e.name,
  });
}

async function ownsExtension(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query<{ owns: boolean }>(
    "select pg_has_role(current_user, extowner, 'USAGE') as owns from pg_extension where extname = $1", [name]);
  return rows[0]?.owns ?? false;
}
