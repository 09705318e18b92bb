/**
 * Database management (pg-meta) for the studio: who may look at or change a project's database, on
 * which open Database, and how Postgres' errors reach the user. The catalog SQL itself is in
 * @plinth/pg-meta; this module only adds access, transactions, audit and error mapping.
 */
import { PlinthError } from '@plinth/errors';
import { Action, can, Resource } from '@plinth/permissions';
import * as pgMeta from '@plinth/pg-meta';
import { DatabaseError } from '../engines/database-error.ts';
import type { Database, Queryable } from '../engines/types.ts';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject, locationOf, type ProjectRow } from './project-rows.ts';

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
}

/**
 * Changes the catalog (TENANT_SQL_ADMIN_WRITE): every change runs in one transaction, so a
 * multi-statement edit (a policy rename plus new expressions) commits whole or not at all.
 */
export async function changeCatalog<T>(ctx: ControlContext, actor: Actor, ref: string, change: CatalogChange<T>): Promise<T> {
  const { db, organizationSlug } = await openProject(ctx, actor, ref, Action.TENANT_SQL_ADMIN_WRITE, change.resource);
  const result = await mapped(() => db.transaction((tx) => change.run(tx)));
  await recordAudit(ctx.db, actor, { action: change.action, organizationSlug, projectRef: ref, target: change.target(result) });
  return result;
}

/** Thrown to roll a read-only script back after it succeeded, carrying its rows out. */
class ReadOnlyDone {
  constructor(readonly rows: pgMeta.Row[]) {}
}

/**
 * POST /query. Members who may write SQL run the script as is (one transaction; a lone VACUUM or
 * CREATE INDEX CONCURRENTLY on its own). Read-only members run it in a READ ONLY transaction that is
 * always rolled back, so not even a session setting survives; a write fails with Postgres' 25006.
 */
export async function runSql(ctx: ControlContext, actor: Actor, ref: string, sql: string): Promise<pgMeta.Row[]> {
  const { db, organizationSlug, canWrite } = await openProject(ctx, actor, ref, Action.TENANT_SQL_ADMIN_READ, Resource.SQL);
  if (!canWrite) {
    return mapped(async () => {
      try {
        await db.transaction(async (tx) => {
          throw new ReadOnlyDone(await pgMeta.runScript(tx, sql, { readOnly: true }));
        });
      } catch (err) {
        if (err instanceof ReadOnlyDone) return err.rows;
        throw err;
      }
      return [];
    });
  }
  const statements = pgMeta.splitStatements(sql);
  const rows = await mapped(async () => {
    if (statements.length === 1 && pgMeta.needsOwnTransaction(statements[0])) return pgMeta.runScript(db, sql);
    return db.transaction(async (tx) => {
      const result = await pgMeta.runScript(tx, sql);
      // The connection is shared (PGlite: one per project; Postgres: a pool): a `SET ROLE` or other
      // session setting in the script must not outlive this request.
      await tx.query('reset session authorization');
      await tx.query('reset all');
      return result;
    });
  });
  await recordAudit(ctx.db, actor, { action: 'pg_meta.query', organizationSlug, projectRef: ref, target: `${statements.length} statement(s)` });
  return rows;
}

/**
 * Which extensions really load, per engine build and server: probed once (CREATE EXTENSION inside a
 * savepoint, rolled back) and remembered for the life of the process.
 */
const loadableByEngine = new Map<string, Map<string, boolean>>();

export async function listExtensions(ctx: ControlContext, actor: Actor, ref: string, search?: string): Promise<pgMeta.Extension[]> {
  const { db, project } = await openProject(ctx, actor, ref, Action.TENANT_SQL_ADMIN_READ, Resource.TABLES);
  return mapped(async () => {
    const loadable = await loadableExtensions(db, `${ctx.engine.name}:${project.db_server ?? ''}`);
    return pgMeta.listExtensions(db, { search, loadable });
  });
}

export async function loadableExtensions(db: Database, engineKey: string): Promise<Set<string>> {
  let known = loadableByEngine.get(engineKey);
  if (!known) loadableByEngine.set(engineKey, (known = new Map()));
  const unknown = (await pgMeta.uninstalledExtensionNames(db)).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    const loaded = await db.transaction((tx) => pgMeta.probeLoadableExtensions(tx, unknown));
    for (const name of unknown) known.set(name, loaded.has(name));
  }
  return new Set([...known].filter(([, ok]) => ok).map(([name]) => name));
}

export async function enableExtension(ctx: ControlContext, actor: Actor, ref: string, body: pgMeta.ExtensionCreate): Promise<pgMeta.Extension> {
  const { project } = await openProject(ctx, actor, ref, Action.TENANT_SQL_ADMIN_WRITE, Resource.TABLES);
  const db = await ctx.engine.project(locationOf(project));
  const loadable = await mapped(() => loadableExtensions(db, `${ctx.engine.name}:${project.db_server ?? ''}`));
  return changeCatalog(ctx, actor, ref, {
    resource: Resource.TABLES,
    action: 'pg_meta.extension.create',
    run: (tx) => pgMeta.createExtension(tx, body, { loadable }),
    target: (e) => e.name,
  });
}
