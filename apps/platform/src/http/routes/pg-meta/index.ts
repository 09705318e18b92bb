import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** Database management for the studio: /api/platform/pg-meta/:ref/... */
export function pgMetaRoutes(_app: FastifyInstance, _ctx: ControlContext, _verifier: SessionVerifier): void {}
