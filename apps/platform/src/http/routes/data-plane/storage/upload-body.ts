/**
 * An upload's bytes and settings from either form supabase-js sends: multipart (`cacheControl`,
 * `metadata` fields, then the file) or a raw body with `cache-control`, `content-type`, `x-upsert`
 * and `x-metadata` (base64 JSON) headers. Neither is buffered: the file streams on.
 */
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { StorageError } from '../../../../data-plane/storage/errors.ts';
import type { Upload } from '../../../../data-plane/storage/service.ts';

const DEFAULT_CACHE_CONTROL = 'no-cache';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** '3600' (the multipart field) or 'max-age=3600' (the header) as a Cache-Control value. */
function cacheControlOf(value: string | undefined): string {
  if (!value) return DEFAULT_CACHE_CONTROL;
  return /^\d+$/.test(value.trim()) ? `max-age=${value.trim()}` : value;
}

function metadataOf(json: string | undefined, encoding: 'base64' | 'plain'): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(encoding === 'base64' ? Buffer.from(json, 'base64').toString('utf8') : json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch {
    throw new StorageError('InvalidRequest', 'The object metadata must be a JSON object');
  }
}

export async function uploadBodyOf(request: FastifyRequest, target: { bucketId: string; name: string }, upsert: boolean): Promise<Upload> {
  const isUpsert = upsert || header(request, 'x-upsert') === 'true';
  if (request.isMultipart()) {
    const part = await request.file();
    if (!part) throw new StorageError('InvalidRequest', 'The form holds no file');
    const field = (name: string) => {
      const value = part.fields[name];
      const one = Array.isArray(value) ? value[0] : value;
      return one && one.type === 'field' ? String(one.value) : undefined;
    };
    return {
      ...target,
      body: part.file,
      contentType: part.mimetype || 'application/octet-stream',
      contentLength: null,
      cacheControl: cacheControlOf(field('cacheControl') ?? header(request, 'cache-control')),
      upsert: isUpsert,
      userMetadata: metadataOf(field('metadata'), 'plain'),
    };
  }
  const length = header(request, 'content-length');
  return {
    ...target,
    // An empty file has no body for Fastify to hand over.
    body: (request.body as Readable | undefined) ?? Readable.from([]),
    contentType: header(request, 'content-type') || 'application/octet-stream',
    contentLength: length && /^\d+$/.test(length) ? Number(length) : null,
    cacheControl: cacheControlOf(header(request, 'cache-control')),
    upsert: isUpsert,
    userMetadata: metadataOf(header(request, 'x-metadata'), 'base64'),
  };
}
