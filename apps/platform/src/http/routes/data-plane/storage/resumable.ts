/** /storage/v1/upload/resumable: TUS, handed to @tus/server (see data-plane/storage/resumable-uploads.ts). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ControlContext } from '../../../../control/context.ts';
import { projectDirectoryFor } from '../../../../data-plane/gateway/index.ts';
import { writeStorageLog } from '../../../../data-plane/logs/index.ts';
import { projectStorageFor, StorageError } from '../../../../data-plane/storage/index.ts';
import { createResumableServer, RESUMABLE_PATH } from '../../../../data-plane/storage/resumable-uploads.ts';

const SWEEP_INTERVAL_MS = 3600 * 1000;

export function resumableRoutes(app: FastifyInstance, ctx: ControlContext): void {
  const directory = projectDirectoryFor(ctx);
  const { tus, sweep: sweepExpired, close } = createResumableServer({
    publicUrl: () => ctx.config.publicUrl,
    objects: ctx.objects,
    storageFor: (ref) => projectStorageFor(ctx, ref),
    async callerFor(ref, headers) {
      const project = directory.cached(ref) ?? (await directory.resolve(ref));
      try {
        return await project.tokens.caller({ apikey: headers.get('apikey') ?? undefined, authorization: headers.get('authorization') ?? undefined });
      } catch (error) {
        throw new StorageError('InvalidJWT', error instanceof Error ? error.message : undefined);
      }
    },
    db: ctx.db,
    bus: ctx.bus,
    log: (message) => ctx.log.error(message),
  });
  // Parts of uploads abandoned for a day are removed from the object store (by any node: it is idempotent).
  const sweep = setInterval(() => {
    sweepExpired().catch((error: unknown) => ctx.log.error(`removing expired resumable uploads failed: ${String(error)}`));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    close();
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // @tus/server answers on the raw response (CORS included); the body was left unread for it.
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
    const { ref } = request.params as { ref: string };
    writeStorageLog(ctx.logs, {
      projectRef: ref, method: request.method, path: request.url.split('?')[0].slice(`/p/${ref}/storage/v1`.length),
      status: reply.raw.statusCode, durationMs: reply.elapsedTime, role: null, error: null,
      // TUS answers are headers only: the bytes travel in the requests.
      bytesSent: 0,
    });
  };
  const methods = ['POST', 'PATCH', 'HEAD', 'GET', 'DELETE', 'OPTIONS'];
  app.route({ method: methods, url: RESUMABLE_PATH, handler });
  app.route({ method: methods, url: `${RESUMABLE_PATH}/*`, handler });
}
