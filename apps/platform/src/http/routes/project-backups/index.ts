import type { FastifyInstance } from 'fastify';
import * as backups from '../../../control/backups/index.ts';
import * as pitr from '../../../control/backups/pitr.ts';
import type { ControlContext } from '../../../control/context.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { ManagementVerifier, SessionVerifier } from '../../plugins/session.ts';

/** Database > Backups: the list, back up now, download (a gzip stream), restore here or into a new project, point-in-time recovery. */
export function backupRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('backupList', ({ actor, params }) => backups.listBackups(ctx, actor, params.ref));
  define('backupCreate', ({ actor, params, reply }) => (reply.code(201), backups.backUpNow(ctx, actor, params.ref)));
  define('backupDownload', async ({ actor, params, reply }) => {
    const { filename, size, body } = await backups.downloadBackup(ctx, actor, params.ref, params.id);
    return reply.type('application/gzip').header('content-length', size).header('content-disposition', `attachment; filename="${filename}"`).send(body);
  });
  define('backupRestore', ({ actor, params, body }) => backups.restoreBackup(ctx, actor, params.ref, body.id));
  define('backupPitrEnable', ({ actor, params }) => pitr.enablePitr(ctx, actor, params.ref));
  define('backupPitrDisable', ({ actor, params }) => pitr.disablePitr(ctx, actor, params.ref));
  define('backupPitrRestore', ({ actor, params, body }) => pitr.restoreToTime(ctx, actor, params.ref, body.recovery_time_target_unix));
  define('backupRestoreToNewProject', ({ actor, params, body, reply }) => (reply.code(201), backups.restoreToNewProject(ctx, actor, params.ref, params.id, body)));
}

/** The Management API's backups (/api/v1, Supabase's paths): the list, restore and point-in-time restore. */
export function backupManagementRoutes(app: FastifyInstance, ctx: ControlContext, verifier: ManagementVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('v1BackupList', ({ actor, params }) => backups.listBackups(ctx, actor, params.ref));
  define('v1BackupRestore', ({ actor, params, body }) => backups.restoreBackup(ctx, actor, params.ref, body.id));
  define('v1BackupRestorePitr', ({ actor, params, body }) => pitr.restoreToTime(ctx, actor, params.ref, body.recovery_time_target_unix));
}
