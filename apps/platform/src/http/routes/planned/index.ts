import type { FastifyInstance } from 'fastify';
import { PlinthError } from '@plinth/errors';

/**
 * Calls the spec names whose features Plinth has not built yet. They answer with a clear
 * `not_implemented` error instead of a bare 404, so the studio and scripts can tell "not yet" from
 * "wrong URL". Each entry moves to a real route when its feature lands.
 */
const PLANNED: [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, feature: string][] = [
  ['GET', '/integrations/:slug', 'Integrations'],
  ['GET', '/integrations/github/repos/:integrationId', 'GitHub integrations'],
  ['GET', '/integrations/github/branches/:integrationId/:owner/:repo/:branch', 'GitHub integrations'],
  ['POST', '/integrations/github/connections', 'GitHub integrations'],
  ['DELETE', '/integrations/github/connections/:connectionId', 'GitHub integrations'],
  ['POST', '/v1/projects/:ref/branches', 'Database branching'],
];

export function plannedRoutes(app: FastifyInstance): void {
  for (const [method, url, feature] of PLANNED) {
    app.route({
      method,
      url,
      handler: async () => {
        throw new PlinthError('not_implemented', `${feature} ${feature.endsWith('s') ? 'are' : 'is'} not available yet in Plinth.`);
      },
    });
  }
}
