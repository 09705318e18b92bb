/**
 * An S3-compatible service (PLINTH_S3_*): one bucket for every project, keys prefixed by the
 * project's ref. Uploads stream as multipart uploads (lib-storage: 8 MB parts, two in flight), which
 * S3 makes visible only when completed and which are aborted on failure, so nothing half-written
 * is ever seen.
 */
import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, measuring, type ByteRange, type ObjectStore, type PutOptions, type StoredObject, type WrittenObject } from './types.ts';

export interface S3StoreConfig {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key), which most self-hosted S3 servers need. */
  forcePathStyle: boolean;
}

const PART_BYTES = 8 * 1024 * 1024;
const DELETE_BATCH = 1000;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');
}

export class S3Store implements ObjectStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StoreConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // No CRC32 of every part on top of SigV4's own hash: measured as a large share of upload CPU.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<WrittenObject> {
    assertSafeKey(key);
    const counted = measuring(options.maxBytes);
    // The upload reads `counted`; pipeline() makes a failing body (or one past its limit) fail it.
    pipeline(body, counted).catch(() => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: options.contentType, CacheControl: options.cacheControl },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    const done = await upload.done();
    const head = await this.head(key);
    if (!head) throw new Error(`S3 reported ${key} stored, but it is not there`);
    return { ...head, etag: done.ETag ?? '""' };
  }

  async get(key: string, range?: ByteRange): Promise<{ body: Readable; object: StoredObject } | null> {
    assertSafeKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
      }));
      // The whole object's size: from Content-Range on a ranged read.
      const total = result.ContentRange ? Number(result.ContentRange.split('/')[1]) : (result.ContentLength ?? 0);
      return { body: result.Body as Readable, object: { size: total, lastModified: result.LastModified ?? new Date(0) } };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: result.ContentLength ?? 0, lastModified: result.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    assertSafeKey(from);
    assertSafeKey(to);
    const source = `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: source }));
  }

  async delete(keys: string[]): Promise<void> {
    keys.forEach(assertSafeKey);
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafeKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken: token }));
      const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : []));
      if (keys.length > 0) await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}
