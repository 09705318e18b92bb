/**
 * One project's storage, as storage-api serves it: bucket and object rows in the project's own
 * `storage` schema (read and written as the caller, so RLS decides), bytes in the object store.
 * Every write follows one order so that a failure leaves neither a half file nor an orphan row:
 * check what can be checked before any byte moves (limits, then RLS in a rolled-back dry run),
 * stream the bytes to a new version's key, write the row, and only after it commits remove the
 * bytes it replaced; when the row is refused, the new bytes are removed instead.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Database } from '../../engines/types.ts';
import { asCaller, ownerOf, SERVICE_CALLER, type StorageCaller } from './as-caller.ts';
import * as buckets from './buckets.ts';
import { StorageError, toStorageError } from './errors.ts';
import { assertMimeType, uploadLimit } from './limits.ts';
import { listFolder, listKeys, type ListedItem, type ListOptions, type ListV2Options, type ListV2Page } from './listing.ts';
import { assertSafeKey, type ByteRange, type ObjectStore, type StoredObject } from './object-stores/index.ts';
import * as rows from './object-rows.ts';
import * as signing from './signed-urls.ts';
import { ensureStorageSchema } from './storage-schema.ts';

export interface StorageProject {
  ref: string;
  db: Database;
  jwtSecret: string;
  store: ObjectStore;
  /** The project's global upload limit in bytes (overrides each bucket's own). */
  uploadLimit: number;
  /** The plan's storage quota in bytes; null: none. */
  storageQuota: number | null;
}

export interface Upload {
  bucketId: string;
  name: string;
  body: Readable;
  contentType: string;
  /** The declared length, when the request gave one: refused before a byte is read if too large. */
  contentLength: number | null;
  cacheControl: string;
  upsert: boolean;
  userMetadata: Record<string, unknown> | null;
}

export interface Download {
  row: rows.ObjectRow;
  object: StoredObject;
  body: Readable;
  range: ByteRange | null;
}

/** How a read is allowed: as the caller (RLS), because the bucket is public, or by a signed token. */
export type ReadAccess = { kind: 'caller'; caller: StorageCaller } | { kind: 'public' } | { kind: 'signed'; token: string };

const MAX_NAME_BYTES = 1024;
const EMPTY_BATCH = 1000;
const ROLLBACK = Symbol('dry run');

export function assertObjectName(name: string): void {
  if (name === '' || Buffer.byteLength(name) > MAX_NAME_BYTES) throw new StorageError('InvalidKey', `Invalid key: ${JSON.stringify(name.slice(0, 200))}`);
  try {
    assertSafeKey(name);
  } catch {
    throw new StorageError('InvalidKey', `Invalid key: ${JSON.stringify(name.slice(0, 200))}`);
  }
}

function keyOf(project: StorageProject, bucketId: string, name: string, version: string): string {
  return `${project.ref}/${bucketId}/${name}/${version}`;
}

export class ProjectStorage {
  constructor(private readonly project: StorageProject) {}

  private async as<T>(caller: StorageCaller, fn: Parameters<typeof asCaller<T>>[2]): Promise<T> {
    await ensureStorageSchema(this.project.db);
    try {
      return await asCaller(this.project.db, caller, fn);
    } catch (error) {
      throw error === ROLLBACK ? error : toStorageError(error);
    }
  }

  // ---- buckets ----

  listBuckets(caller: StorageCaller, options?: { search?: string; limit?: number; offset?: number }) {
    return this.as(caller, (tx) => buckets.listBuckets(tx, options));
  }

  getBucket(caller: StorageCaller, id: string) {
    return this.as(caller, (tx) => buckets.findBucket(tx, id));
  }

  async createBucket(caller: StorageCaller, bucket: { id: string; name?: string } & buckets.BucketSettings): Promise<{ name: string }> {
    buckets.assertBucketId(bucket.id);
    if (bucket.name !== undefined && bucket.name !== bucket.id) throw new StorageError('InvalidBucketName', 'A bucket\'s name is its id');
    await this.as(caller, (tx) => buckets.insertBucket(tx, { ...bucket, name: bucket.id, owner: ownerOf(caller) }));
    return { name: bucket.id };
  }

  updateBucket(caller: StorageCaller, id: string, settings: buckets.BucketSettings) {
    return this.as(caller, (tx) => buckets.updateBucket(tx, id, settings));
  }

  /** Deletes the bucket's objects (those the caller may delete) a batch at a time, rows then bytes. */
  async emptyBucket(caller: StorageCaller, id: string): Promise<void> {
    await this.getBucket(caller, id);
    for (;;) {
      const removed = await this.as(caller, (tx) => rows.deleteObjectBatch(tx, id, EMPTY_BATCH));
      await this.removeBytes(removed);
      if (removed.length < EMPTY_BATCH) return;
    }
  }

  async deleteBucket(caller: StorageCaller, id: string): Promise<void> {
    await this.as(caller, (tx) => buckets.deleteBucket(tx, id));
    await this.project.store.deletePrefix(`${this.project.ref}/${id}`);
  }

  // ---- objects ----

  /**
   * Everything that can refuse an upload before its bytes move: the key, the bucket, the size it
   * declares, its type, the quota and RLS (a rolled-back dry run of the row as the caller).
   * Resumable uploads call it when they are created. Returns the size limit the bytes must keep to.
   */
  async assertCanUpload(caller: StorageCaller, upload: Omit<Upload, 'body'>): Promise<number> {
    assertObjectName(upload.name);
    const bucket = await this.getBucket(SERVICE_CALLER, upload.bucketId);
    const limit = uploadLimit(bucket.file_size_limit, this.project.uploadLimit);
    if (upload.contentLength !== null && upload.contentLength > limit) throw new StorageError('EntityTooLarge');
    assertMimeType(upload.contentType, bucket.allowed_mime_types);
    await this.assertQuota(upload.contentLength ?? 0);
    await this.assertRowAllowed(caller, upload);
    return limit;
  }

  /** RLS: a rolled-back dry run of the object's row as the caller. */
  private async assertRowAllowed(caller: StorageCaller, upload: Pick<Upload, 'bucketId' | 'name' | 'contentType' | 'cacheControl' | 'upsert' | 'userMetadata'>): Promise<void> {
    const draft = { bucketId: upload.bucketId, name: upload.name, owner: ownerOf(caller), version: randomUUID(), metadata: placeholderMetadata(upload), userMetadata: upload.userMetadata };
    await this.dryRun(caller, (tx) => rows.putObjectRow(tx, draft, upload.upsert));
  }

  async upload(caller: StorageCaller, upload: Upload): Promise<rows.ObjectRow> {
    const limit = await this.assertCanUpload(caller, upload);
    const owner = ownerOf(caller);
    const version = randomUUID();
    const draft = (metadata: rows.ObjectMetadata): rows.NewObject => ({
      bucketId: upload.bucketId, name: upload.name, owner, version, metadata, userMetadata: upload.userMetadata,
    });

    const key = keyOf(this.project, upload.bucketId, upload.name, version);
    let written;
    try {
      written = await this.project.store.put(key, upload.body, { contentType: upload.contentType, cacheControl: upload.cacheControl, maxBytes: limit });
    } catch (error) {
      throw toStorageError(error);
    }
    // A body of no declared size (a multipart form, a chunked request) meets the quota once its size is known.
    if (upload.contentLength === null) {
      try {
        await this.assertQuota(written.size);
      } catch (error) {
        await this.project.store.delete([key]);
        throw error;
      }
    }
    const metadata: rows.ObjectMetadata = {
      eTag: written.etag, size: written.size, mimetype: upload.contentType, cacheControl: upload.cacheControl,
      lastModified: written.lastModified.toISOString(), contentLength: written.size, httpStatusCode: 200,
    };
    let stored: { row: rows.ObjectRow; replaced: string | null };
    try {
      stored = await this.as(caller, (tx) => rows.putObjectRow(tx, draft(metadata), upload.upsert));
    } catch (error) {
      await this.project.store.delete([key]);
      throw error;
    }
    // After the commit: the replaced bytes are nobody's now.
    if (stored.replaced && stored.replaced !== version) await this.project.store.delete([keyOf(this.project, upload.bucketId, upload.name, stored.replaced)]);
    return stored.row;
  }

  async download(access: ReadAccess, bucketId: string, name: string, range: ByteRange | null): Promise<Download> {
    const row = await this.readableRow(access, bucketId, name);
    if (!row.version) throw new StorageError('NoSuchKey');
    const stored = await this.project.store.get(keyOf(this.project, bucketId, name, row.version), range ?? undefined);
    if (!stored) throw new StorageError('NoSuchKey');
    return { row, object: stored.object, body: stored.body, range };
  }

  info(access: ReadAccess, bucketId: string, name: string): Promise<rows.ObjectRow> {
    return this.readableRow(access, bucketId, name);
  }

  /** The bucket must exist; what the caller may see of it is for storage.objects' policies alone. */
  async list(caller: StorageCaller, bucketId: string, options: ListOptions): Promise<ListedItem[]> {
    await this.getBucket(SERVICE_CALLER, bucketId);
    return this.as(caller, (tx) => listFolder(tx, bucketId, options));
  }

  async listV2(caller: StorageCaller, bucketId: string, options: ListV2Options): Promise<ListV2Page> {
    await this.getBucket(SERVICE_CALLER, bucketId);
    return this.as(caller, (tx) => listKeys(tx, bucketId, options));
  }

  /** Moves an object within or across buckets: new bytes' key first, the row, then the old key goes. */
  async move(caller: StorageCaller, from: { bucketId: string; name: string }, to: { bucketId: string; name: string }): Promise<void> {
    assertObjectName(from.name);
    assertObjectName(to.name);
    let copied: string | null = null;
    let previous: string | null = null;
    try {
      await this.as(caller, async (tx) => {
        const source = await rows.findObject(tx, from.bucketId, from.name);
        if (to.bucketId !== from.bucketId) await buckets.findBucket(tx, to.bucketId);
        await rows.moveObjectRow(tx, from, to);
        if (source.version) {
          previous = keyOf(this.project, from.bucketId, from.name, source.version);
          copied = keyOf(this.project, to.bucketId, to.name, source.version);
          await this.project.store.copy(previous, copied);
        }
      });
    } catch (error) {
      if (copied) await this.project.store.delete([copied]);
      throw error;
    }
    if (previous) await this.project.store.delete([previous]);
  }

  async copy(caller: StorageCaller, from: { bucketId: string; name: string }, to: { bucketId: string; name: string }): Promise<rows.ObjectRow> {
    assertObjectName(from.name);
    assertObjectName(to.name);
    const version = randomUUID();
    const target = keyOf(this.project, to.bucketId, to.name, version);
    try {
      return await this.as(caller, async (tx) => {
        const source = await rows.findObject(tx, from.bucketId, from.name);
        if (!source.version || !source.metadata) throw new StorageError('NoSuchKey');
        await this.project.store.copy(keyOf(this.project, from.bucketId, from.name, source.version), target);
        const { row } = await rows.putObjectRow(tx, {
          bucketId: to.bucketId, name: to.name, owner: ownerOf(caller), version, metadata: source.metadata, userMetadata: source.user_metadata,
        }, false);
        return row;
      });
    } catch (error) {
      await this.project.store.delete([target]);
      throw error;
    }
  }

  /** Deletes what the caller may delete among `names`; returns the deleted rows. */
  async remove(caller: StorageCaller, bucketId: string, names: string[]): Promise<rows.ObjectRow[]> {
    const removed = await this.as(caller, (tx) => rows.deleteObjectRows(tx, bucketId, names));
    await this.removeBytes(removed);
    return removed;
  }

  // ---- signed URLs ----

  async signDownload(caller: StorageCaller, bucketId: string, name: string, expiresIn: number): Promise<string> {
    await this.readableRow({ kind: 'caller', caller }, bucketId, name);
    return signing.signDownload(this.project.jwtSecret, bucketId, name, expiresIn);
  }

  async signUpload(caller: StorageCaller, bucketId: string, name: string, upsert: boolean): Promise<string> {
    assertObjectName(name);
    await this.getBucket(SERVICE_CALLER, bucketId);
    // The type and size are checked when the bytes arrive; the token only promises the row.
    await this.assertRowAllowed(caller, { bucketId, name, contentType: 'application/octet-stream', cacheControl: 'no-cache', upsert, userMetadata: null });
    return signing.signUpload(this.project.jwtSecret, bucketId, name, { owner: ownerOf(caller), upsert });
  }

  /** An upload with a token from signUpload: RLS was checked when it was signed, so it runs privileged as that user. */
  async uploadSigned(token: string, upload: Upload): Promise<rows.ObjectRow> {
    const grant = await signing.verifyUpload(this.project.jwtSecret, token, upload.bucketId, upload.name);
    const caller: StorageCaller = { ...SERVICE_CALLER, claims: { ...SERVICE_CALLER.claims, ...(grant.owner && { sub: grant.owner }) } };
    return this.upload(caller, { ...upload, upsert: grant.upsert });
  }

  // ---- helpers ----

  private async readableRow(access: ReadAccess, bucketId: string, name: string): Promise<rows.ObjectRow> {
    if (access.kind === 'caller') return this.as(access.caller, (tx) => rows.findObject(tx, bucketId, name));
    if (access.kind === 'signed') await signing.verifyDownload(this.project.jwtSecret, access.token, bucketId, name);
    return this.as(SERVICE_CALLER, async (tx) => {
      const bucket = await buckets.findBucket(tx, bucketId);
      if (access.kind === 'public' && !bucket.public) throw new StorageError('NoSuchBucket');
      return rows.findObject(tx, bucketId, name);
    });
  }

  /** Runs a write as the caller and rolls it back: does RLS allow it? */
  private async dryRun(caller: StorageCaller, fn: Parameters<typeof asCaller<unknown>>[2]): Promise<void> {
    try {
      await this.as(caller, async (tx) => {
        await fn(tx);
        throw ROLLBACK;
      });
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
  }

  private async assertQuota(incoming: number): Promise<void> {
    if (this.project.storageQuota === null) return;
    const used = await this.as(SERVICE_CALLER, (tx) => rows.storedBytes(tx));
    if (used + incoming > this.project.storageQuota) throw new StorageError('QuotaExceeded');
  }

  private async removeBytes(removed: rows.ObjectRow[]): Promise<void> {
    const keys = removed.filter((row) => row.version).map((row) => keyOf(this.project, row.bucket_id, row.name, row.version as string));
    if (keys.length) await this.project.store.delete(keys);
  }
}

/** What the dry run writes: the row's shape, not its values (nothing of it is kept). */
function placeholderMetadata(upload: Pick<Upload, 'contentType' | 'cacheControl'>): rows.ObjectMetadata {
  return { eTag: '""', size: 0, mimetype: upload.contentType, cacheControl: upload.cacheControl, lastModified: new Date().toISOString(), contentLength: 0, httpStatusCode: 200 };
}
