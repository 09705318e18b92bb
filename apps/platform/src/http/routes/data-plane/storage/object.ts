/**
 * /storage/v1/object/...: upload and update, download (as the caller, public, or signed), info,
 * HEAD and delete. Downloads stream from the object store, honour one `Range`, and answer 304 when
 * the client's copy is current (If-None-Match / If-Modified-Since).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseRange } from '../../../../data-plane/storage/byte-range.ts';
import { isNotModified } from '../../../../data-plane/storage/conditional.ts';
import { StorageError } from '../../../../data-plane/storage/errors.ts';
import type { ObjectRow } from '../../../../data-plane/storage/object-rows.ts';
import type { ProjectStorage, ReadAccess } from '../../../../data-plane/storage/service.ts';
import { objectPathOf, type StorageKit } from './context.ts';
import { uploadBodyOf } from './upload-body.ts';

type AccessOf = (request: FastifyRequest, kit: StorageKit) => Promise<ReadAccess>;

const asCaller: AccessOf = async (request, kit) => ({ kind: 'caller', caller: await kit.callerOf(request) });
const asPublic: AccessOf = async () => ({ kind: 'public' });
const bySignature: AccessOf = async (request) => {
  const token = (request.query as { token?: string }).token;
  if (!token) throw new StorageError('InvalidSignature', 'querystring must have required property \'token\'');
  return { kind: 'signed', token };
};

function objectHeaders(row: ObjectRow): Record<string, string> {
  const metadata = row.metadata;
  return {
    'content-type': metadata?.mimetype ?? 'application/octet-stream',
    'cache-control': metadata?.cacheControl ?? 'no-cache',
    etag: metadata?.eTag ?? '""',
    'last-modified': new Date(metadata?.lastModified ?? row.updated_at).toUTCString(),
    'accept-ranges': 'bytes',
  };
}

/** `?download` saves under the object's own name, `?download=name` under that name. */
function dispositionOf(request: FastifyRequest, name: string): Record<string, string> {
  const download = (request.query as { download?: string }).download;
  if (download === undefined) return {};
  const filename = download || name.split('/').pop() || 'download';
  return { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(filename)}` };
}

async function sendObject(kit: StorageKit, storage: ProjectStorage, access: ReadAccess, request: FastifyRequest, reply: FastifyReply) {
  const { bucketId, name } = objectPathOf(request);
  const row = await storage.info(access, bucketId, name);
  // After the access check: a client's cached copy that is still current costs no download.
  const lastModified = new Date(row.metadata?.lastModified ?? row.updated_at);
  if (isNotModified(request.headers, row.metadata?.eTag ?? null, lastModified)) {
    const { etag, 'cache-control': cacheControl, 'last-modified': modified } = objectHeaders(row);
    return reply.status(304).headers({ etag, 'cache-control': cacheControl, 'last-modified': modified }).send();
  }
  // Bytes sent are egress: refused once a capped organisation has used its plan's (spend-cap.ts).
  await kit.assertEgressAllowed(request);
  const size = row.metadata?.size ?? 0;
  const range = parseRange(request.headers.range, size);
  if (range.kind === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  const download = await storage.download(access, bucketId, name, range.kind === 'range' ? range.range : null);
  reply.headers({ ...objectHeaders(download.row), ...dispositionOf(request, name) });
  if (range.kind === 'range') {
    const { start, end } = range.range;
    reply.status(206).header('content-range', `bytes ${start}-${end}/${download.object.size}`).header('content-length', String(end - start + 1));
  } else {
    reply.header('content-length', String(download.object.size));
  }
  return reply.send(download.body);
}

async function sendHead(storage: ProjectStorage, access: ReadAccess, request: FastifyRequest, reply: FastifyReply) {
  const { bucketId, name } = objectPathOf(request);
  const row = await storage.info(access, bucketId, name);
  return reply.headers({ ...objectHeaders(row), 'content-length': String(row.metadata?.size ?? 0) }).send();
}

/** storage-api's info: the row's file facts, camel-cased by supabase-js. */
function presentInfo(row: ObjectRow) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.metadata?.lastModified ?? row.updated_at,
    created_at: row.created_at,
  };
}

export function objectRoutes(app: FastifyInstance, kit: StorageKit): void {
  const readers: [prefix: string, access: AccessOf][] = [
    ['/object/authenticated', asCaller],
    ['/object/public', asPublic],
    ['/object/sign', bySignature],
  ];
  for (const [prefix, access] of readers) {
    app.head(`${prefix}/:bucket/*`, async (request, reply) => sendHead(await kit.storageOf(request), await access(request, kit), request, reply));
    app.get(`${prefix}/:bucket/*`, async (request, reply) => sendObject(kit, await kit.storageOf(request), await access(request, kit), request, reply));
  }
  for (const [prefix, access] of [['/object/info', asCaller], ['/object/info/authenticated', asCaller], ['/object/info/public', asPublic]] as const) {
    app.get(`${prefix}/:bucket/*`, async (request) => {
      const { bucketId, name } = objectPathOf(request);
      return presentInfo(await (await kit.storageOf(request)).info(await access(request, kit), bucketId, name));
    });
  }
  app.head('/object/:bucket/*', async (request, reply) => sendHead(await kit.storageOf(request), await asCaller(request, kit), request, reply));
  app.get('/object/:bucket/*', async (request, reply) => sendObject(kit, await kit.storageOf(request), await asCaller(request, kit), request, reply));

  // POST creates (x-upsert: true replaces); PUT replaces, as storage-api's update.
  for (const [method, upsert] of [['POST', false], ['PUT', true]] as const) {
    app.route({
      method,
      url: '/object/:bucket/*',
      handler: async (request) => {
        const storage = await kit.storageOf(request);
        const caller = await kit.callerOf(request);
        const target = objectPathOf(request);
        const row = await storage.upload(caller, await uploadBodyOf(request, target, upsert));
        return { Id: row.id, Key: `${target.bucketId}/${target.name}` };
      },
    });
  }

  app.delete('/object/:bucket', async (request) => {
    const storage = await kit.storageOf(request);
    const caller = await kit.callerOf(request);
    const { prefixes } = await kit.json<{ prefixes?: unknown }>(request);
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || !prefixes.every((p) => typeof p === 'string')) {
      throw new StorageError('InvalidRequest', 'body must have required property \'prefixes\' (1 to 1000 paths)');
    }
    const removed = await storage.remove(caller, (request.params as { bucket: string }).bucket, prefixes as string[]);
    return removed.map((row) => ({ ...row, metadata: row.metadata }));
  });

  app.delete('/object/:bucket/*', async (request) => {
    const storage = await kit.storageOf(request);
    const { bucketId, name } = objectPathOf(request);
    const removed = await storage.remove(await kit.callerOf(request), bucketId, [name]);
    if (removed.length === 0) throw new StorageError('NoSuchKey');
    return { message: 'Successfully deleted' };
  });
}
