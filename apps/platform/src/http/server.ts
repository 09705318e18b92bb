import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { buildOpenApiDocument } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { verifyPersonalAccessToken } from '../control/access-tokens.ts';
import { isOAuthAccessToken, verifyOAuthAccessToken } from '../control/oauth-tokens.ts';
import { confineToOrganization } from './oauth-confinement.ts';
import type { ControlContext } from '../control/context.ts';
import { activityFor } from '../control/inactivity.ts';
import { installErrorHandling, sendPlinthError } from './plugins/errors.ts';
import { managementVerifier, type SessionVerifier } from './plugins/session.ts';
import { accountRoutes } from './routes/account/index.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { contentRoutes } from './routes/content/index.ts';
import { dataPlaneRoutes } from './routes/data-plane/index.ts';
import { jobRoutes } from './routes/jobs/index.ts';
import { organizationRoutes } from './routes/organizations/index.ts';
import { orgIntegrationRoutes } from './routes/org-integrations/index.ts';
import { gitRoutes } from './routes/git/index.ts';
import { pgMetaRoutes } from './routes/pg-meta/index.ts';
import { branchManagementRoutes } from './routes/branches/index.ts';
import { projectRoutes } from './routes/projects/index.ts';
import { authAdminRoutes } from './routes/project-auth/index.ts';
import { databaseManagementRoutes, databaseSettingsRoutes } from './routes/project-database/index.ts';
import { realtimeAdminRoutes } from './routes/project-realtime/index.ts';
import { logAdminRoutes } from './routes/project-logs/index.ts';
import { reportRoutes } from './routes/project-reports/index.ts';
import { cronRoutes } from './routes/project-cron/index.ts';
import { backupManagementRoutes, backupRoutes } from './routes/project-backups/index.ts';
import { billingRoutes } from './routes/billing/index.ts';
import { usageRoutes } from './routes/usage/index.ts';
import { infrastructureManagementRoutes, infrastructureRoutes } from './routes/project-infrastructure/index.ts';
import { webhooksRoutes } from './routes/project-hooks/index.ts';
import { wrapperRoutes } from './routes/project-wrappers/index.ts';
import { functionAdminRoutes } from './routes/project-functions/index.ts';
import { signingKeyRoutes } from './routes/signing-keys/index.ts';
import { storageRoutes } from './routes/storage/index.ts';
import { managementRoutes } from './routes/v1/index.ts';
import { oauthAppRoutes, oauthMetadataRoutes, oauthProtocolRoutes } from './routes/oauth/index.ts';
import { dashboardSsoRoutes } from './routes/dashboard-sso/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import type { NodeHealth } from '../control/node-health.ts';

export interface ServerDependencies {
  control: ControlContext;
  /** Mounts the platform's own GoTrue-compatible auth at /auth/v1. */
  registerAuth(app: FastifyInstance): Promise<void>;
  sessions: SessionVerifier;
  /** Live and ready, for load balancers (routes/health). */
  health: NodeHealth;
}

/** Platform API bodies are small JSON documents; uploads go through the data plane, not here. */
const API_BODY_LIMIT = 1024 * 1024;

const API_PREFIXES = ['/api', '/api/platform'];
const isApiPath = (url: string) => /^\/(api|auth|p)(\/|$|\?)/.test(url);

export async function buildServer(deps: ServerDependencies): Promise<FastifyInstance> {
  const { config } = deps.control;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tokens and keys must never reach the logs.
      redact: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie'],
    },
    bodyLimit: API_BODY_LIMIT,
    trustProxy: process.env.PLINTH_TRUST_PROXY === 'true',
    frameworkErrors: sendPlinthError,
  });
  installErrorHandling(app);
  // A stopping node closes each connection after its answer (those in flight included): keep-alive
  // clients reconnect through the load balancer to another node, and the stop need not wait for them.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (deps.health.isShuttingDown) reply.header('connection', 'close');
    return payload;
  });
  // The studio and platform API's successful calls about a project are uses of it (inactivity pausing).
  app.addHook('onResponse', (request, reply, done) => {
    const { ref } = (request.params ?? {}) as { ref?: string };
    if (ref && reply.statusCode < 400 && request.url.startsWith('/api/') && /^[a-z]{20}$/.test(ref)) activityFor(deps.control).note(ref);
    done();
  });

  await app.register(async (scope) => deps.registerAuth(scope), { prefix: '/auth/v1' });

  // The spec shows some calls with and some without the /platform segment; both answer from one handler.
  for (const prefix of API_PREFIXES) {
    await app.register(
      async (api) => {
        organizationRoutes(api, deps.control, deps.sessions);
        oauthAppRoutes(api, deps.control, deps.sessions);
        dashboardSsoRoutes(api, deps.control, deps.sessions);
        orgIntegrationRoutes(api, deps.control, deps.sessions);
        gitRoutes(api, deps.control, deps.sessions);
        projectRoutes(api, deps.control, deps.sessions);
        accountRoutes(api, deps.control, deps.sessions);
        pgMetaRoutes(api, deps.control, deps.sessions);
        contentRoutes(api, deps.control, deps.sessions);
        storageRoutes(api, deps.control, deps.sessions);
        signingKeyRoutes(api, deps.control, deps.sessions);
        authAdminRoutes(api, deps.control, deps.sessions);
        realtimeAdminRoutes(api, deps.control, deps.sessions);
        databaseSettingsRoutes(api, deps.control, deps.sessions);
        logAdminRoutes(api, deps.control, deps.sessions);
        reportRoutes(api, deps.control, deps.sessions);
        cronRoutes(api, deps.control, deps.sessions);
        backupRoutes(api, deps.control, deps.sessions);
        billingRoutes(api, deps.control, deps.sessions);
        usageRoutes(api, deps.control, deps.sessions);
        infrastructureRoutes(api, deps.control, deps.sessions);
        webhooksRoutes(api, deps.control, deps.sessions);
        wrapperRoutes(api, deps.control, deps.sessions);
        functionAdminRoutes(api, deps.control, deps.sessions);
        adminRoutes(api, deps.control, deps.sessions);
        jobRoutes(api, deps.control, deps.sessions);
      },
      { prefix },
    );
  }
  // The Management API: the only mount that accepts personal access tokens (besides sessions).
  // Personal tokens and OAuth apps' tokens (one organisation each, confined before every handler).
  const management = {
    ...managementVerifier(deps.sessions, (token) => (isOAuthAccessToken(token) ? verifyOAuthAccessToken(deps.control, token) : verifyPersonalAccessToken(deps.control, token))),
    confineToOrganization: (request: FastifyRequest, slug: string) => confineToOrganization(deps.control, request, slug),
  };
  await app.register(
    async (v1) => {
      managementRoutes(v1, deps.control, management);
      // The OAuth 2.0 protocol endpoints (authorize, token, revoke) for third-party apps.
      await oauthProtocolRoutes(v1, deps.control);
      databaseManagementRoutes(v1, deps.control, management);
      backupManagementRoutes(v1, deps.control, management);
      infrastructureManagementRoutes(v1, deps.control, management);
      branchManagementRoutes(v1, deps.control, management);
      // The operator's calls, for scripts (npm run admin): a token limited to scopes needs 'admin'.
      const operator = { ...management, defaultScope: 'admin' as const };
      adminRoutes(v1, deps.control, operator);
      jobRoutes(v1, deps.control, operator);
    },
    { prefix: '/api/v1' },
  );
  await app.register(async (scope) => dataPlaneRoutes(scope, deps.control), { prefix: '/p/:ref' });
  app.get('/api/openapi.json', async () => buildOpenApiDocument(config.publicUrl));
  app.get('/api/v1/openapi.json', async () => buildOpenApiDocument(config.publicUrl, { managementOnly: true }));
  healthRoutes(app, deps.control, deps.health);
  oauthMetadataRoutes(app, deps.control);

  const hasStudio = existsSync(path.join(config.studioDir, 'index.html'));
  if (hasStudio) {
    await app.register(fastifyStatic, {
      root: config.studioDir,
      // Serve what is on disk at request time, so a rebuilt studio needs no restart.
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
        // Built assets carry a content hash in their name; index.html must always be revalidated.
        const isAsset = filePath.startsWith(path.join(config.studioDir, 'assets') + path.sep);
        reply.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    } as Parameters<typeof fastifyStatic>[1]);
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      const error = new PlinthError('route_not_found', `There is no endpoint ${request.method} ${request.url.split('?')[0]}.`);
      return reply.status(error.status).send(error.toBody());
    }
    // A missing built file is a 404, not the app page (a browser would get HTML for a script).
    const isFile = /^\/assets\/|\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0]);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isFile) {
      return reply.status(404).send(new PlinthError('route_not_found').toBody());
    }
    if (!hasStudio) {
      return reply.status(503).type('text/plain').send('The studio is not built yet. Run `npm run build:studio` (npm start does it for you).');
    }
    // The studio is a single-page app: every other path is one of its routes.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
