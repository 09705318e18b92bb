/**
 * Database > Wrappers: postgres_fdw's foreign servers and tables. Enabling is the Extensions page's
 * own path (enableExtension: the engine creates postgres_fdw as the superuser and grants the owner
 * USAGE on it); everything after runs as the project owner through pg-meta, in one transaction per
 * change, audited by name. Passwords reach only the user mapping: never the audit, a response or
 * a log line of the platform's (statement logs mask literals).
 */
import type { WrappersStatus } from '@plinth/api-contract';
import * as pgMeta from '@plinth/pg-meta';
import { Action, Resource } from '@plinth/permissions';
import { authorize } from './access.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';
import { changeCatalog, enableExtension, listExtensions, readCatalog } from './database-management.ts';

const FDW = 'postgres_fdw';
const R = Resource.TABLES;

export async function wrappersStatus(ctx: ControlContext, actor: Actor, ref: string): Promise<WrappersStatus> {
  const fdw = (await listExtensions(ctx, actor, ref, FDW)).find((e) => e.name === FDW);
  const enabled = !!fdw?.installed_version;
  const { servers, foreign_tables } = await readCatalog(ctx, actor, ref, R, async (db) => ({
    servers: (await pgMeta.listForeignServers(db)).filter((s) => s.wrapper === FDW),
    foreign_tables: await pgMeta.listWrapperForeignTables(db),
  }));
  return { available: enabled || !!fdw?.is_loadable, enabled, servers, foreign_tables };
}

export async function enableWrappers(ctx: ControlContext, actor: Actor, ref: string): Promise<WrappersStatus> {
  // Checked first: an already enabled project must still refuse a member who may not write.
  const { role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.TENANT_SQL_ADMIN_WRITE, R);
  const status = await wrappersStatus(ctx, actor, ref);
  if (!status.enabled) await enableExtension(ctx, actor, ref, { name: FDW, schema: 'extensions' });
  return wrappersStatus(ctx, actor, ref);
}

export function createForeignServer(ctx: ControlContext, actor: Actor, ref: string, body: pgMeta.ForeignServerCreate): Promise<pgMeta.ForeignServer> {
  return changeCatalog(ctx, actor, ref, {
    resource: R, action: 'wrappers.server.create', run: (tx) => pgMeta.createForeignServer(tx, body), target: (s) => s.name,
  });
}

export function dropForeignServer(ctx: ControlContext, actor: Actor, ref: string, name: string, options: { cascade?: boolean }): Promise<pgMeta.ForeignServer> {
  return changeCatalog(ctx, actor, ref, {
    resource: R, action: 'wrappers.server.delete', run: (tx) => pgMeta.dropForeignServer(tx, name, options), target: (s) => s.name,
  });
}

export function importForeignSchema(ctx: ControlContext, actor: Actor, ref: string, server: string, body: pgMeta.ForeignSchemaImport): Promise<pgMeta.WrapperForeignTable[]> {
  return changeCatalog(ctx, actor, ref, {
    resource: R, action: 'wrappers.schema.import', run: (tx) => pgMeta.importForeignSchema(tx, server, body),
    target: () => `${server}:${body.remote_schema} -> ${body.local_schema}`,
  });
}
