import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';

/** The data plane of every project, mounted at /p/:ref (rest, auth, storage, functions, realtime). */
export async function dataPlaneRoutes(_app: FastifyInstance, _ctx: ControlContext): Promise<void> {}
