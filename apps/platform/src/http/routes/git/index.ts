import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import * as git from '../../../control/git/index.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** A push event's body: GitHub's are far smaller; a larger one is refused (413) and the poll finds the push. */
const GIT_WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** Git repositories and project connections (host-neutral), their push webhooks, and the spec's GitHub-shaped integration calls. */
export function gitRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('gitRepositories', ({ actor, params }) => git.listGitRepositories(ctx, actor, params.slug));
  define('gitRepositoryCreate', ({ actor, params, body, reply }) => (reply.code(201), git.addGitRepository(ctx, actor, params.slug, body)));
  define('gitRepositoryDelete', async ({ actor, params }) => (await git.removeGitRepository(ctx, actor, params.slug, params.id), { message: 'Repository removed' }));
  define('gitRepositoryWebhookSecret', ({ actor, params }) => git.revealWebhookSecret(ctx, actor, params.slug, params.id));
  define('gitRepositoryWebhookSecretRotate', ({ actor, params }) => git.rotateWebhookSecret(ctx, actor, params.slug, params.id));
  // The Git host's push webhook, in a scope of its own: its signature covers the body's exact bytes, so they are kept as they came.
  void app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: GIT_WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    endpointRegistrar(hooks, verifier)('gitRepositoryWebhook', async ({ params, body, request, reply }) => {
      const { status, ...result } = await git.receiveGitWebhook(ctx, params.id, request.headers, body);
      reply.code(status);
      return result;
    });
  });

  define('projectGitConnection', ({ actor, params }) => git.getGitConnection(ctx, actor, params.ref));
  define('projectGitConnectionCreate', ({ actor, params, body, reply }) => (reply.code(201), git.connectGitRepository(ctx, actor, params.ref, body)));
  define('projectGitConnectionDelete', async ({ actor, params }) => (await git.disconnectGitRepository(ctx, actor, params.ref), { message: 'Git connection removed' }));
  define('projectGitFiles', ({ actor, params }) => git.readProjectGitFiles(ctx, actor, params.ref));

  define('integrations', ({ actor, params }) => git.listIntegrations(ctx, actor, params.slug));
  define('integrationRepos', ({ actor, params, query }) => git.listIntegrationRepos(ctx, actor, params.integrationId, query));
  define('integrationBranch', ({ actor, params }) => git.checkIntegrationBranch(ctx, actor, params));
  define('integrationConnectionCreate', ({ actor, body, reply }) => (reply.code(201), git.createIntegrationConnection(ctx, actor, body)));
  define('integrationConnectionDelete', async ({ actor, params }) => (await git.deleteIntegrationConnection(ctx, actor, params.connectionId), { message: 'Connection deleted' }));
}
