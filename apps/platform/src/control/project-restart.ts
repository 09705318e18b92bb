/**
 * Restarting a project's services (Settings > General, `POST /projects/{ref}/restart`): its database
 * restarts (Engine.restartProject: the local cluster stops and starts, the embedded worker closes and
 * reopens, a Postgres server's sessions on the project's database end), its edge-function workers
 * stop (the next invocation starts fresh ones), and what nodes cached about it is dropped (the REST
 * schema cache, the gateway's resolution, the pooler's row). The request answers once the database
 * answers again. Other platform nodes hear of it on the cluster bus and drop their own pools and
 * workers for the project.
 */
import type { Project } from '@plinth/api-contract';
import { errorMessage, PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { functionServiceFor } from '../data-plane/functions/service.ts';
import { invalidateSchemaCache } from '../data-plane/rest/schema-cache.ts';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject, locationOf, presentProject, projectRowByRef } from './project-rows.ts';
import { forgetProjectRow } from './project-caches.ts';

/** Bus channel: a project was restarted on the sending node; the others drop what they hold of it. */
export const PROJECT_RESTARTED = 'project_restarted';

/** Restarts in progress on this node, by ref: a second request while one runs waits for the same one. */
const inProgress = new WeakMap<ControlContext, Map<string, Promise<void>>>();

export async function restartProject(ctx: ControlContext, actor: Actor, ref: string): Promise<Project> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.INFRA_EXECUTE, Resource.PAUSE);
  if (project.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_not_active', 'Only a running project can be restarted.');
  await recordAudit(ctx.db, actor, { action: 'project.restart', organizationSlug: project.organization_slug, projectRef: ref, target: project.name });
  let running = inProgress.get(ctx);
  if (!running) inProgress.set(ctx, (running = new Map()));
  let restart = running.get(ref);
  if (!restart) {
    restart = restartServices(ctx, ref).finally(() => running.delete(ref));
    running.set(ref, restart);
  }
  await restart;
  return presentProject(ctx, project);
}

async function restartServices(ctx: ControlContext, ref: string): Promise<void> {
  const row = await projectRowByRef(ctx.db, ref);
  if (!row) throw new PlinthError('project_not_found');
  const location = locationOf(row);
  // Its function workers hold connections and state of the old database: they end first.
  await functionServiceFor(ctx).runtime.forget(ref);
  try {
    await ctx.engine.restartProject(location);
    if (!(await ctx.engine.isLive(location))) throw new Error('the database does not answer');
  } catch (error) {
    ctx.log.error(`restarting project ${ref} failed: ${errorMessage(error)}`);
    throw new PlinthError('engine_unavailable', `The project's database did not come back after the restart (${errorMessage(error)}). Try again in a moment.`);
  } finally {
    await dropCaches(ctx, ref);
  }
  await ctx.bus.publish(PROJECT_RESTARTED, { ref }).catch((error: unknown) =>
    ctx.log.error(`could not tell other nodes that ${ref} restarted: ${errorMessage(error)}`));
  ctx.log.info(`project ${ref} restarted`);
}

/** What this node cached about the project's database: read afresh on the next request. */
async function dropCaches(ctx: ControlContext, ref: string): Promise<void> {
  await forgetProjectRow(ctx, ref);
  const row = await projectRowByRef(ctx.db, ref).catch(() => undefined);
  if (!row) return;
  const db = await ctx.engine.project(locationOf(row)).catch(() => null);
  if (db) invalidateSchemaCache(db);
}

/**
 * Every node listens for restarts made elsewhere and lets go of the project's pools and function
 * workers, whose sessions the restart ended; they reopen on the next request. Returns the unsubscribe.
 */
export function followProjectRestarts(ctx: ControlContext): () => void {
  return ctx.bus.subscribe(PROJECT_RESTARTED, (payload, origin) => {
    const ref = (payload as { ref?: unknown } | null)?.ref;
    if (origin === ctx.bus.nodeId || typeof ref !== 'string') return;
    void (async () => {
      const row = await projectRowByRef(ctx.db, ref);
      if (!row) return;
      await functionServiceFor(ctx).runtime.forget(ref);
      await ctx.engine.closeProject(locationOf(row));
      await dropCaches(ctx, ref);
    })().catch((error: unknown) => ctx.log.error(`dropping ${ref} after its restart on another node failed: ${errorMessage(error)}`));
  });
}
