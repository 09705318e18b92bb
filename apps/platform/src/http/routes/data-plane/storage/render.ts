/**
 * /storage/v1/render/image/{authenticated,public,sign}/...: an image resized or converted on the
 * way out (supabase-js `download`, `getPublicUrl` and `createSignedUrl` with `transform`). The
 * options come from the query string, or from the token of a signed URL.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RenderedImage } from '../../../../data-plane/storage/image-render.ts';
import { StorageError } from '../../../../data-plane/storage/errors.ts';
import { objectPathOf, type StorageKit } from './context.ts';

async function sendImage(kit: StorageKit, request: FastifyRequest, reply: FastifyReply, image: RenderedImage) {
  // Bytes sent are egress, as a download's are: refused once a capped organisation has used its
  // plan's (spend-cap.ts); after the render, so the caller's access is checked first.
  try {
    await kit.assertEgressAllowed(request);
  } catch (error) {
    image.body.destroy();
    throw error;
  }
  const { download } = request.query as { download?: string };
  const lastModified = image.row.metadata?.lastModified ?? image.row.updated_at;
  reply.headers({
    'content-type': image.contentType,
    'content-length': String(image.size),
    etag: image.etag,
    'last-modified': new Date(lastModified).toUTCString(),
    'x-transformations': image.transformations,
    ...(image.expiresAt ? { expires: image.expiresAt.toUTCString() } : { 'cache-control': image.row.metadata?.cacheControl ?? 'no-cache' }),
    ...(image.negotiated && { vary: 'Accept' }),
    ...(download !== undefined && {
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(download || image.row.name.split('/').pop() || 'download')}`,
    }),
  });
  return reply.send(image.body);
}

export function renderRoutes(app: FastifyInstance, kit: StorageKit): void {
  app.get('/render/image/authenticated/:bucket/*', async (request, reply) => {
    const images = await kit.imagesOf(request);
    const { bucketId, name } = objectPathOf(request);
    const access = { kind: 'caller' as const, caller: await kit.callerOf(request) };
    return sendImage(kit, request, reply, await images.render(access, bucketId, name, request.query as Record<string, unknown>, request.headers.accept));
  });

  app.get('/render/image/public/:bucket/*', async (request, reply) => {
    const images = await kit.imagesOf(request);
    const { bucketId, name } = objectPathOf(request);
    return sendImage(kit, request, reply, await images.render({ kind: 'public' }, bucketId, name, request.query as Record<string, unknown>, request.headers.accept));
  });

  app.get('/render/image/sign/:bucket/*', async (request, reply) => {
    const images = await kit.imagesOf(request);
    const { bucketId, name } = objectPathOf(request);
    const token = (request.query as { token?: string }).token;
    if (!token) throw new StorageError('InvalidSignature', 'querystring must have required property \'token\'');
    return sendImage(kit, request, reply, await images.renderSigned(token, bucketId, name, request.headers.accept));
  });
}
