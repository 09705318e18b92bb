/**
 * /p/:ref/storage/v1: storage-api compatible, for `supabase.storage`. Bodies are never parsed up
 * front: an upload streams from the request to the object store, and the small JSON bodies of the
 * other calls are read by the route that needs one. Every error leaves in storage-api's shape, and
 * every request leaves a storage_logs entry.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ControlContext } from '../../../../control/context.ts';
import { writeStorageLog } from '../../../../data-plane/logs/index.ts';
import { StorageError, toStorageError } from '../../../../data-plane/storage/errors.ts';
import { requestRoles } from '../request-info.ts';
import { responseBytes } from '../response-size.ts';
import { bucketRoutes } from './bucket.ts';
import { sendError, storageKit } from './context.ts';
import { objectOpsRoutes } from './object-ops.ts';
import { objectRoutes } from './object.ts';
import { renderRoutes } from './render.ts';
import { resumableRoutes } from './resumable.ts';

export async function storageRoutes(app: FastifyInstance, ctx: ControlContext): Promise<void> {
  const failures = new WeakMap<FastifyRequest, StorageError>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  // No limits here: the upload's own limit (bucket, project, plan) is enforced while it streams.
  await app.register(multipart, { limits: { fileSize: Infinity, files: 1, fields: 10, fieldSize: 1024 * 1024 } });

  app.setErrorHandler((error, request, reply) => {
    const failure = toStorageError(error);
    if (failure.status >= 500) request.log.error({ err: error }, 'storage request failed');
    failures.set(request, failure);
    return sendError(reply, failure);
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, new StorageError('InvalidRequest', `Route ${request.method}:${request.url.split('?')[0]} not found`)));
  app.addHook('onResponse', (request, reply, done) => {
    const { ref } = request.params as { ref?: string };
    if (ref && /^[a-z]{20}$/.test(ref)) {
      const failure = failures.get(request);
      const path = request.url.split('?')[0].slice(`/p/${ref}/storage/v1`.length) || '/';
      writeStorageLog(ctx.logs, {
        projectRef: ref, method: request.method, path, status: failure ? failure.status : reply.statusCode, durationMs: reply.elapsedTime,
        bytesSent: responseBytes(request, reply),
        role: requestRoles.get(request) ?? null, error: failure ? { code: failure.code, message: failure.message } : null,
      });
    }
    done();
  });

  const kit = storageKit(ctx);
  bucketRoutes(app, kit);
  objectOpsRoutes(app, kit);
  objectRoutes(app, kit);
  renderRoutes(app, kit);
  resumableRoutes(app, ctx);
}
