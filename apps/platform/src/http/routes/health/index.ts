import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import type { NodeHealth } from '../../../control/node-health.ts';

/**
 * Health for people and load balancers, no sign-in: `/api/health` (what it always answered),
 * `/api/health/live` (the process answers: restart it when this fails) and `/api/health/ready`
 * (send it requests: 200, or 503 while its platform database or job queue is down or it is stopping).
 */
export function healthRoutes(app: FastifyInstance, control: ControlContext, health: NodeHealth): void {
  app.get('/api/health', async () => ({ status: 'ok', engine: control.engine.name }));
  app.get('/api/health/live', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/api/health/ready', async (_request, reply) => {
    const { ready, checks } = await health.readiness();
    reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
    return { status: ready ? 'ready' : 'unavailable', ...checks };
  });
}
