import type { FastifyInstance } from 'fastify';
import { PlinthError } from '@plinth/errors';
import type { ControlContext } from '../../../control/context.ts';
import * as projects from '../../../control/projects.ts';
import * as apiSettings from '../../../control/api-settings.ts';
import * as upgrades from '../../../control/upgrades.ts';
import { projectStorageConfig } from '../../../control/storage-config.ts';
import { previewProjectTransfer, transferProject } from '../../../control/project-transfer.ts';
import { restartProject } from '../../../control/project-restart.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** Projects and their lifecycle: all signed-in routes. */
export function projectRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('projects', ({ actor }) => projects.listProjects(ctx, actor));
  define('projectCreate', ({ actor, body }) => projects.createProject(ctx, actor, body));
  define('project', ({ actor, params }) => projects.getProject(ctx, actor, params.ref));
  define('projectUpdate', ({ actor, params, body }) => projects.renameProject(ctx, actor, params.ref, body.name));
  define('projectDelete', async ({ actor, params, body }) => {
    await projects.deleteProject(ctx, actor, params.ref, body.confirm_ref);
    return { message: 'Project deleted' };
  });
  define('projectStatus', ({ actor, params }) => projects.projectStatus(ctx, actor, params.ref));
  define('projectLive', async ({ actor, params }) => ({ live: await projects.isProjectLive(ctx, actor, params.ref) }));
  define('projectPause', ({ actor, params }) => projects.pauseProject(ctx, actor, params.ref));
  define('projectRestore', ({ actor, params }) => projects.restoreProject(ctx, actor, params.ref));
  define('projectRestart', ({ actor, params }) => restartProject(ctx, actor, params.ref));
  define('projectTransferPreview', ({ actor, params, body }) => previewProjectTransfer(ctx, actor, params.ref, body.target_organization_slug));
  define('projectTransfer', ({ actor, params, body }) => transferProject(ctx, actor, params.ref, body.target_organization_slug));
  define('projectUpgradeStatus', ({ actor, params }) => upgrades.upgradeStatus(ctx, actor, params.ref));
  define('jwtSecretUpdateStatus', ({ actor, params }) => apiSettings.jwtSecretUpdateStatus(ctx, actor, params.ref));
  define('jwtSecretUpdate', ({ actor, params, body }) => apiSettings.updateJwtSecret(ctx, actor, params.ref, body.jwt_secret));
  define('projectRestDocument', ({ actor, params }) => apiSettings.projectRestDocument(ctx, actor, params.ref));
  define('postgrestConfig', ({ actor, params }) => apiSettings.postgrestConfig(ctx, actor, params.ref));
  define('postgrestConfigUpdate', ({ actor, params, body }) => apiSettings.updatePostgrestConfig(ctx, actor, params.ref, body));
  // The spec reads a 400 naming "custom hostname configuration" as "no hostname configured".
  define('customHostname', async ({ actor, params }) => {
    await projects.getProject(ctx, actor, params.ref);
    throw new PlinthError('custom_hostname_not_configured');
  });
  define('projectSettings', ({ actor, params }) => projects.projectSettings(ctx, actor, params.ref));
  define('storageConfig', ({ actor, params }) => projectStorageConfig(ctx, actor, params.ref));
}
