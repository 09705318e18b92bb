/** /storage/v1/bucket: list, get, create, update, empty, delete, as the caller (RLS on storage.buckets). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { StorageError } from '../../../../data-plane/storage/errors.ts';
import { parseWith, type StorageKit } from './context.ts';

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** supabase-js sends a number of bytes or a string such as '50MB'. */
const fileSizeLimit = z.union([
  z.number().int().min(0),
  z.string().trim().transform((text, check) => {
    const match = /^(\d+)\s*(b|kb|mb|gb)?$/i.exec(text);
    if (!match) {
      check.addIssue({ code: 'custom', message: `Invalid file size limit: ${text}` });
      return z.NEVER;
    }
    return Number(match[1]) * SIZE_UNITS[(match[2] ?? 'b').toLowerCase()];
  }),
]).nullable().optional();

const settings = {
  public: z.boolean().optional(),
  file_size_limit: fileSizeLimit,
  allowed_mime_types: z.array(z.string().trim().min(1).max(255)).max(200).nullable().optional(),
};
const createBody = z.object({ id: z.string().optional(), name: z.string().optional(), ...settings });
const updateBody = z.object(settings);


export function bucketRoutes(app: FastifyInstance, kit: StorageKit): void {
  app.get('/bucket', async (request) => {
    const query = request.query as { search?: string; limit?: string; offset?: string };
    const storage = await kit.storageOf(request);
    return storage.listBuckets(await kit.callerOf(request), {
      search: query.search, limit: query.limit ? Number(query.limit) || undefined : undefined, offset: query.offset ? Number(query.offset) || 0 : undefined,
    });
  });

  app.get('/bucket/:id', async (request) => {
    const storage = await kit.storageOf(request);
    return storage.getBucket(await kit.callerOf(request), (request.params as { id: string }).id);
  });

  app.post('/bucket', async (request) => {
    const storage = await kit.storageOf(request);
    const caller = await kit.callerOf(request);
    const body = parseWith(createBody, await kit.json(request));
    const id = body.id ?? body.name;
    if (!id) throw new StorageError('InvalidBucketName', 'A bucket needs a name');
    return storage.createBucket(caller, { ...body, id, name: body.name ?? id });
  });

  app.put('/bucket/:id', async (request) => {
    const storage = await kit.storageOf(request);
    const caller = await kit.callerOf(request);
    await storage.updateBucket(caller, (request.params as { id: string }).id, parseWith(updateBody, await kit.json(request)));
    return { message: 'Successfully updated' };
  });

  app.post('/bucket/:id/empty', async (request) => {
    const storage = await kit.storageOf(request);
    await storage.emptyBucket(await kit.callerOf(request), (request.params as { id: string }).id);
    return { message: 'Successfully emptied' };
  });

  app.delete('/bucket/:id', async (request) => {
    const storage = await kit.storageOf(request);
    await storage.deleteBucket(await kit.callerOf(request), (request.params as { id: string }).id);
    return { message: 'Successfully deleted' };
  });
}
