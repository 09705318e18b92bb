/**
 * What platform nodes cache of a project: the data plane's resolution of its row (gateway: status,
 * JWT secret, signing and API keys, auth and API settings), its edge functions' rows, the pooler's
 * row, and the REST schema cache of its database. After a change, the node that made it drops its
 * copies at once and tells every other node on the cluster bus, which drop theirs as the message
 * arrives (milliseconds); the caches' own short lifetimes (a second; the pooler's three) still bound
 * what a lost message (a bus reconnect) could leave stale.
 */
import { errorMessage } from '@plinth/errors';
import { functionServiceFor } from '../data-plane/functions/service.ts';
import { projectDirectoryFor } from '../data-plane/gateway/index.ts';
import { announcePoolerChange } from '../data-plane/pooler/projects.ts';
import { dropSchemaCache, invalidateSchemaCache } from '../data-plane/rest/schema-cache.ts';
import type { Database } from '../engines/types.ts';
import type { ControlContext } from './context.ts';
import { locationOf, projectRowByRef } from './project-rows.ts';

/** Bus channel: a project's row (or its keys, or a setting the data plane reads) changed. */
export const PROJECT_ROW_CHANGED = 'project_row_changed';
/** Bus channel: the platform changed a project database's schema (DDL, a restore). */
export const PROJECT_SCHEMA_CHANGED = 'project_schema_changed';
/**
 * Bus channel: a project goes offline (a major upgrade's "shut down API services"); every node, the
 * sender's included, lets go of it: cached views, schema caches, function workers, pooler clients
 * (the pooler follows this channel itself) and, on the other nodes, its database pool.
 */
export const PROJECT_OFFLINE = 'project_offline';

function dropRow(ctx: ControlContext, ref: string): void {
  projectDirectoryFor(ctx).invalidate(ref);
  functionServiceFor(ctx).invalidate(ref);
}

/** Call after a change to the project's row, keys or data-plane settings has committed. */
export async function forgetProjectRow(ctx: ControlContext, ref: string): Promise<void> {
  dropRow(ctx, ref);
  await ctx.bus.publish(PROJECT_ROW_CHANGED, { ref }).catch((error: unknown) =>
    ctx.log.error(`could not tell other nodes that project ${ref} changed: ${errorMessage(error)}`));
  await announcePoolerChange(ctx, ref);
}

/** Call after DDL the platform ran on the project's database (`db`, this node's handle). */
export async function forgetProjectSchema(ctx: ControlContext, ref: string, db: Database): Promise<void> {
  invalidateSchemaCache(db);
  await ctx.bus.publish(PROJECT_SCHEMA_CHANGED, { ref }).catch((error: unknown) =>
    ctx.log.error(`could not tell other nodes that the schema of ${ref} changed: ${errorMessage(error)}`));
}

/**
 * Tells every node to take `ref` offline (PROJECT_OFFLINE); resolves once sent. Its status must
 * already refuse new requests (UPGRADING): what a node reads again after letting go refuses them.
 */
export async function takeProjectOffline(ctx: ControlContext, ref: string): Promise<void> {
  await ctx.bus.publish(PROJECT_OFFLINE, { ref });
}

async function letGoOf(ctx: ControlContext, ref: string, isSender: boolean): Promise<void> {
  const db = projectDirectoryFor(ctx).lastDatabase(ref);
  dropRow(ctx, ref);
  if (db) dropSchemaCache(db);
  await functionServiceFor(ctx).runtime.forget(ref);
  // The sender's engine closes the project itself, in step with what it does next (the upgrade).
  if (isSender) return;
  const row = await projectRowByRef(ctx.db, ref);
  if (row) await ctx.engine.closeProject(locationOf(row));
}

/** Every node drops what others announce (its own changes were dropped already). Returns the unsubscribe. */
export function followProjectChanges(ctx: ControlContext): () => void {
  const refOf = (payload: unknown, origin: string): string | null => {
    const ref = (payload as { ref?: unknown } | null)?.ref;
    return origin === ctx.bus.nodeId || typeof ref !== 'string' ? null : ref;
  };
  const stopRows = ctx.bus.subscribe(PROJECT_ROW_CHANGED, (payload, origin) => {
    const ref = refOf(payload, origin);
    if (ref) dropRow(ctx, ref);
  });
  const stopSchemas = ctx.bus.subscribe(PROJECT_SCHEMA_CHANGED, (payload, origin) => {
    const ref = refOf(payload, origin);
    // A node that never served the project's REST API holds no schema of it.
    const db = ref ? projectDirectoryFor(ctx).lastDatabase(ref) : null;
    if (db) invalidateSchemaCache(db);
  });
  const stopOffline = ctx.bus.subscribe(PROJECT_OFFLINE, (payload, origin) => {
    const ref = (payload as { ref?: unknown } | null)?.ref;
    if (typeof ref !== 'string') return;
    letGoOf(ctx, ref, origin === ctx.bus.nodeId).catch((error: unknown) => ctx.log.error(`taking ${ref} offline on this node failed: ${errorMessage(error)}`));
  });
  return () => {
    stopRows();
    stopSchemas();
    stopOffline();
  };
}
