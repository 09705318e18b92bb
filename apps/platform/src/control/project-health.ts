import type { ProjectStatus, V1ServiceHealth } from '@plinth/api-contract';
import type { Actor, ControlContext } from './context.ts';
import { isProjectLive, projectStatus } from './projects.ts';

type Service = V1ServiceHealth['name'];

/** Statuses on the way up: the services will answer once it is done, so they are coming up, not unhealthy. */
const STARTING: ReadonlySet<ProjectStatus> = new Set(['COMING_UP', 'RESTORING', 'UPGRADING']);

/**
 * GET /v1/projects/{ref}/health. Auth, the Data API, Realtime and Storage are served by Plinth's own
 * data plane (which is answering this very request) over the project's database, so each is as
 * healthy as that database is now: one liveness probe, cut off after 2 seconds. The pooler also
 * needs this node's pooler to be listening.
 */
export async function v1ProjectHealth(ctx: ControlContext, actor: Actor, ref: string, services: Service[]): Promise<V1ServiceHealth[]> {
  const { status } = await projectStatus(ctx, actor, ref);
  if (STARTING.has(status)) return services.map((name) => ({ name, healthy: false, status: 'COMING_UP' }));
  if (status !== 'ACTIVE_HEALTHY') return services.map((name) => ({ name, healthy: false, status: 'UNHEALTHY', error: `The project is ${status}.` }));
  const live = await isProjectLive(ctx, actor, ref);
  const poolerListening = ctx.poolerPorts.transaction !== null || ctx.poolerPorts.session !== null;
  return [...new Set(services)].map((name) => {
    if (!live) return { name, healthy: false, status: 'UNHEALTHY', error: 'The database did not answer within 2 seconds.' };
    if (name === 'pooler' && !poolerListening) return { name, healthy: false, status: 'UNHEALTHY', error: 'The pooler is not listening on this node.' };
    return { name, healthy: true, status: 'ACTIVE_HEALTHY' };
  });
}
