/**
 * Where a project's stored files live: bytes only, by key. What a file is (its bucket, owner,
 * content type, metadata) is a row in the project's `storage.objects`, as in Supabase's storage-api;
 * the store keeps the bytes, streamed both ways, so no whole file is ever held in memory. Keys are
 * `{ref}/{bucket}/{name}`, so one S3 bucket (or one directory) holds every project.
 */
import { createHash, type Hash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { PlinthError } from '@plinth/errors';

export interface StoredObject {
  size: number;
  lastModified: Date;
}

/** What a write reports: also the MD5 of the bytes, quoted as an ETag (kept in the object's row). */
export interface WrittenObject extends StoredObject {
  etag: string;
}

/** Inclusive byte positions, as an HTTP Range gives them; `end` missing means to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface PutOptions {
  contentType: string;
  cacheControl?: string;
  /** The write fails with ObjectTooLargeError the moment the body passes this many bytes. */
  maxBytes?: number;
}

/** A body that passed its `maxBytes` while streaming; nothing of it is kept. */
export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The body is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

/**
 * One pass over a body on its way to a store: counts its bytes (failing past `maxBytes`) and, when
 * asked, hashes them. One Transform for both: each extra stage costs measurably at disk speed.
 */
export function measuring(maxBytes = Infinity, withMd5 = false): Transform & { bytes: number; md5: Hash | null } {
  const stage = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      stage.bytes += chunk.length;
      if (stage.bytes > maxBytes) return done(new ObjectTooLargeError(maxBytes));
      stage.md5?.update(chunk);
      done(null, chunk);
    },
  }) as Transform & { bytes: number; md5: Hash | null };
  stage.bytes = 0;
  stage.md5 = withMd5 ? createHash('md5') : null;
  return stage;
}

export interface ObjectStore {
  /** Streams `body` to `key`. Nothing is visible at `key` until the whole body is stored; a failed write leaves nothing. */
  put(key: string, body: Readable, options: PutOptions): Promise<WrittenObject>;
  /** The bytes at `key` (all, or `range`), or null when there are none. */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; object: StoredObject } | null>;
  head(key: string): Promise<StoredObject | null>;
  copy(from: string, to: string): Promise<void>;
  /** Removes the keys; a key with nothing stored is no error. */
  delete(keys: string[]): Promise<void>;
  /** Removes everything whose key starts with `prefix` (a project's or a bucket's files). */
  deletePrefix(prefix: string): Promise<void>;
}

const SEGMENT_MAX_BYTES = 255;

/**
 * Keys come from bucket ids and object names that people choose. Every segment must be a plain
 * name: no empty, `.` or `..` segment, no backslash, NUL or control character, so no key can reach
 * outside its project's prefix on any store.
 */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  const isBad = (segment: string) =>
    segment === '' || segment === '.' || segment === '..' || /[\\\u0000-\u001f\u007f]/.test(segment) || Buffer.byteLength(segment) > SEGMENT_MAX_BYTES;
  if (segments.some(isBad)) throw new PlinthError('validation_failed', `Invalid key: ${JSON.stringify(key)}`);
}
