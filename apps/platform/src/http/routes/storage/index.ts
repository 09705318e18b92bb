import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import * as storage from '../../../control/storage.ts';
import { updateStorageConfig } from '../../../control/storage-config.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** The studio's storage area: buckets, the explorer's object calls and the upload limit. All signed-in routes. */
export function storageRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('storageBuckets', ({ actor, params }) => storage.listBuckets(ctx, actor, params.ref));
  define('storageBucketCreate', ({ actor, params, body }) => storage.createBucket(ctx, actor, params.ref, body));
  define('storageBucketUpdate', ({ actor, params, body }) => storage.updateBucket(ctx, actor, params.ref, params.id, body));
  define('storageBucketEmpty', ({ actor, params }) => storage.emptyBucket(ctx, actor, params.ref, params.id));
  define('storageBucketDelete', ({ actor, params }) => storage.deleteBucket(ctx, actor, params.ref, params.id));
  define('storageObjectsList', ({ actor, params, body }) => storage.listObjects(ctx, actor, params.ref, params.id, body));
  define('storageObjectSign', ({ actor, params, body }) => storage.signObject(ctx, actor, params.ref, params.id, body));
  define('storageObjectPublicUrl', ({ actor, params, body }) => storage.publicObjectUrl(ctx, actor, params.ref, params.id, body.path));
  define('storageObjectDownload', async ({ actor, params, body, reply }) => {
    const download = await storage.downloadObject(ctx, actor, params.ref, params.id, body.path);
    return reply.type(download.contentType).header('content-length', String(download.size)).send(download.body);
  });
  define('storageObjectsMove', ({ actor, params, body }) => storage.moveObject(ctx, actor, params.ref, params.id, body));
  define('storageObjectsDelete', ({ actor, params, body }) => storage.deleteObjects(ctx, actor, params.ref, params.id, body.paths));
  define('storageConfigUpdate', ({ actor, params, body }) => updateStorageConfig(ctx, actor, params.ref, body.fileSizeLimit));
}
