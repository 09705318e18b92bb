/**
 * /p/:ref/customer/v1/privileged/metrics: the project's figures in Prometheus' text format, where
 * Supabase serves its metrics endpoint, with its authentication: HTTP Basic, user `service_role`,
 * password the project's service_role key (or a secret API key). Pro plan and above, as the plan
 * catalogue lists; on Free a verified caller is told the plan does not include it.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PlinthError } from '@plinth/errors';
import { PLAN_FACTS } from '@plinth/plans';
import type { ControlContext } from '../../../control/context.ts';
import { hasServerConnections } from '../../../control/database-report.ts';
import { projectDirectoryFor, type ProjectHandle } from '../../../data-plane/gateway/index.ts';
import { exposition, EXPOSITION_CONTENT_TYPE } from '../../../data-plane/metrics/exposition.ts';
import { projectMetrics } from '../../../data-plane/metrics/project-metrics.ts';
import { realtimeServiceFor } from '../../../data-plane/realtime/index.ts';
import { requestRoles } from './request-info.ts';

const UNAUTHORIZED = 'The metrics endpoint needs HTTP Basic authentication: user service_role, password the project\'s service_role key.';

/** Whether `Authorization: Basic` names service_role with a key of this project that stands for that role. */
async function isServiceRole(project: ProjectHandle, authorization: string | undefined): Promise<boolean> {
  const match = authorization ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization) : null;
  if (!match) return false;
  const credentials = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = credentials.indexOf(':');
  if (colon < 0 || credentials.slice(0, colon) !== 'service_role') return false;
  try {
    return (await project.tokens.verify(credentials.slice(colon + 1))).role === 'service_role';
  } catch {
    return false;
  }
}

function sendError(reply: FastifyReply, error: PlinthError): FastifyReply {
  return reply.status(error.status).send(error.toBody());
}

export async function metricsRoutes(app: FastifyInstance, ctx: ControlContext): Promise<void> {
  const directory = projectDirectoryFor(ctx);
  app.get('/privileged/metrics', async (request, reply) => {
    const { ref } = request.params as { ref: string };
    const project = directory.cached(ref) ?? (await directory.resolve(ref));
    if (!(await isServiceRole(project, request.headers.authorization))) {
      return sendError(reply.header('www-authenticate', 'Basic realm="metrics", charset="UTF-8"'), new PlinthError('not_authenticated', UNAUTHORIZED));
    }
    requestRoles.set(request, 'service_role');
    if (!PLAN_FACTS[project.plan].metricsEndpoint) {
      return sendError(reply, new PlinthError('plan_feature_unavailable', 'The metrics endpoint is not included in the Free plan: it is available on the Pro plan and above.'));
    }
    const families = await projectMetrics({
      ref,
      platformDb: ctx.db,
      projectDb: project.db,
      countConnections: hasServerConnections(ctx),
      realtimeClients: realtimeServiceFor(ctx).quotas.connectionCount(ref),
    });
    return reply.type(EXPOSITION_CONTENT_TYPE).header('cache-control', 'no-store').send(exposition(families));
  });
}
