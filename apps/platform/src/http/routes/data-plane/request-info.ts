import type { FastifyRequest } from 'fastify';

/** The database role a data-plane request ran as, for its edge log line (set once authenticated). */
export const requestRoles = new WeakMap<FastifyRequest, string>();
