/** /storage/v1/object/{list,move,copy,sign,upload/sign}: the calls that name objects in a JSON body. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { StorageError } from '../../../../data-plane/storage/errors.ts';
import { objectPathOf, parseWith, type StorageKit } from './context.ts';
import { uploadBodyOf } from './upload-body.ts';

const listBody = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.number().int().min(1).max(10_000).default(100),
  offset: z.number().int().min(0).default(0),
  search: z.string().max(1024).default(''),
  sortBy: z.object({
    column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']).default('name'),
    order: z.string().transform((o) => (o.toLowerCase() === 'desc' ? 'desc' as const : 'asc' as const)).default('asc'),
  }).default({ column: 'name', order: 'asc' }),
});
const listV2Body = z.object({
  prefix: z.string().max(1024).default(''),
  cursor: z.string().max(1024).optional(),
  limit: z.number().int().min(1).max(1000).default(1000),
  with_delimiter: z.boolean().default(false),
});
const transferBody = z.object({
  bucketId: z.string().min(1),
  sourceKey: z.string().min(1),
  destinationKey: z.string().min(1),
  destinationBucket: z.string().min(1).optional(),
});
const expiresIn = z.number().int().min(1);
const signManyBody = z.object({ expiresIn, paths: z.array(z.string()).min(1).max(1000) });
/** supabase-js sends `transform` when the signed URL is for a transformed image. */
const signOneBody = z.object({ expiresIn, transform: z.record(z.string(), z.unknown()).optional() });

/**
 * storage-api's signed URL: relative to /storage/v1, which supabase-js prefixes, and with the path
 * as it is (supabase-js encodes the whole URL itself; encoding here too would double it).
 */
const signedUrlOf = (bucketId: string, name: string, token: string) => `/object/sign/${bucketId}/${name}?token=${token}`;

export function objectOpsRoutes(app: FastifyInstance, kit: StorageKit): void {
  app.post('/object/list/:bucket', async (request) => {
    const storage = await kit.storageOf(request);
    const caller = await kit.callerOf(request);
    const body = parseWith(listBody, await kit.json(request));
    return storage.list(caller, (request.params as { bucket: string }).bucket, { ...body, prefix: body.prefix.replace(/^\/+|\/+$/g, '') });
  });

  app.post('/object/list-v2/:bucket', async (request) => {
    const storage = await kit.storageOf(request);
    const caller = await kit.callerOf(request);
    const body = parseWith(listV2Body, await kit.json(request));
    return storage.listV2(caller, (request.params as { bucket: string }).bucket, {
      prefix: body.prefix.replace(/^\/+/, ''), cursor: body.cursor ?? null, limit: body.limit, withDelimiter: body.with_delimiter,
    });
  });

  app.post('/object/move', async (request) => {
    const storage = await kit.storageOf(request);
    const caller = await kit.callerOf(request);
    const body = parseWith(transferBody, await kit.json(request));
    await storage.move(caller, { bucketId: body.bucketId, name: body.sourceKey }, { bucketId: body.destinationBucket ?? body.bucketId, name: body.destinationKey });
    return { message: 'Successfully moved' };
  });

  app.post('/object/copy', async (request) => {
    const storage = await kit.storageOf(request);
    const caller = await kit.callerOf(request);
    const body = parseWith(transferBody, await kit.json(request));
    const bucketId = body.destinationBucket ?? body.bucketId;
    const row = await storage.copy(caller, { bucketId: body.bucketId, name: body.sourceKey }, { bucketId, name: body.destinationKey });
    return { Id: row.id, Key: `${bucketId}/${body.destinationKey}` };
  });

  app.post('/object/sign/:bucket/*', async (request) => {
    const storage = await kit.storageOf(request);
    const caller = await kit.callerOf(request);
    const { bucketId, name } = objectPathOf(request);
    const body = parseWith(signOneBody, await kit.json(request));
    if (body.transform && Object.keys(body.transform).length > 0) {
      return { signedURL: await (await kit.imagesOf(request)).signedUrl(caller, bucketId, name, body.expiresIn, body.transform) };
    }
    const token = await storage.signDownload(caller, bucketId, name, body.expiresIn);
    return { signedURL: signedUrlOf(bucketId, name, token) };
  });

  app.post('/object/sign/:bucket', async (request) => {
    const storage = await kit.storageOf(request);
    const caller = await kit.callerOf(request);
    const bucketId = (request.params as { bucket: string }).bucket;
    const body = parseWith(signManyBody, await kit.json(request));
    return Promise.all(body.paths.map(async (path) => {
      try {
        const token = await storage.signDownload(caller, bucketId, path, body.expiresIn);
        return { error: null, path, signedURL: signedUrlOf(bucketId, path, token) };
      } catch (error) {
        if (!(error instanceof StorageError) || error.status >= 500) throw error;
        return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      }
    }));
  });

  app.post('/object/upload/sign/:bucket/*', async (request) => {
    const storage = await kit.storageOf(request);
    const caller = await kit.callerOf(request);
    const { bucketId, name } = objectPathOf(request);
    const token = await storage.signUpload(caller, bucketId, name, request.headers['x-upsert'] === 'true');
    return { url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token };
  });

  app.put('/object/upload/sign/:bucket/*', async (request) => {
    const storage = await kit.storageOf(request);
    const target = objectPathOf(request);
    const token = (request.query as { token?: string }).token;
    if (!token) throw new StorageError('InvalidSignature', 'querystring must have required property \'token\'');
    const row = await storage.uploadSigned(token, await uploadBodyOf(request, target, false));
    return { Id: row.id, Key: `${target.bucketId}/${target.name}` };
  });
}
