/**
 * Resumable uploads (TUS 1.0) at /storage/v1/upload/resumable, as Supabase offers them, served by
 * the maintained @tus/server. Its parts wait in the platform's object store (resumable-store.ts;
 * not @tus/s3-store, which needs ListParts, which the S3 server the tests run, s3rver, lacks), so an
 * upload's chunks may reach any node of a fleet.
 * The upload is checked when it is created (the key, bucket limits, type, quota and RLS, through
 * ProjectStorage.assertCanUpload) and, once complete, goes into the project's storage like any other
 * upload, as whoever sent the last chunk (their token, so RLS decides again); the staged parts are
 * then removed. Every request must carry a valid token of the upload's own project, and only the
 * user who created an upload (or the service role) may continue or cancel it.
 * Two requests never write one upload at once, on any node: @tus/server's lock lives in the platform
 * database and a waiting request asks the holder to let go over the cluster bus (resumable-lock.ts).
 * Metadata (as Supabase's clients send it): bucketName, objectName, contentType, cacheControl, metadata.
 */
import { Server } from '@tus/server';
import type { Upload as TusUpload } from '@tus/utils';
import { MAX_UPLOAD_SIZE_BYTES } from '@plinth/plans';
import type { ClusterBus } from '../../control/cluster-bus.ts';
import type { Queryable } from '../../engines/types.ts';
import type { StorageCaller } from './as-caller.ts';
import { StorageError, toStorageError } from './errors.ts';
import type { ObjectStore } from './object-stores/index.ts';
import { DatabaseLocker } from './resumable-lock.ts';
import { newUploadSuffix, ObjectStoreTusStore } from './resumable-store.ts';
import type { ProjectStorage, Upload } from './service.ts';

export const RESUMABLE_PATH = '/upload/resumable';

export interface ResumableOptions {
  /** Read per request: the URL the platform is reached at. */
  publicUrl(): string;
  /** Where parts wait until the upload completes: shared by every node. */
  objects: ObjectStore;
  storageFor(ref: string): Promise<ProjectStorage>;
  /** The request's caller, verified with the project's secret (a bad token throws a StorageError). */
  callerFor(ref: string, headers: Headers): Promise<StorageCaller>;
  /** The platform database, where each upload's lock is held (shared by every node). */
  db: Queryable;
  /** Reaches the node whose request holds an upload's lock, to ask it to let go. */
  bus: ClusterBus;
  log?: (message: string) => void;
}

export interface ResumableServer {
  tus: Server;
  /** Removes expired uploads' parts and locks their holders left behind (any node may: idempotent). */
  sweep(): Promise<void>;
  /** Stops answering other nodes' requests to let go (the bus subscription). */
  close(): void;
}

/** Unfinished uploads are forgotten after a day, as Supabase's are. */
const EXPIRE_MS = 24 * 3600 * 1000;

/** Upload ids carry their project: `{ref}_{32 hex}` (the hex begins with the day, resumable-store.ts). */
function refOfId(id: string): string | null {
  return /^([a-z]{20})_[0-9a-f]{32}$/.exec(id)?.[1] ?? null;
}

function refOfRequest(req: Request): string {
  const ref = /\/p\/([a-z]{20})\/storage\/v1\//.exec(new URL(req.url).pathname)?.[1];
  if (!ref) throw new StorageError('InvalidRequest', 'Resumable uploads are served under /p/{ref}/storage/v1');
  return ref;
}

/** What @tus/server sends when a hook throws. */
function tusError(error: unknown): { status_code: number; body: string } {
  const failure = toStorageError(error);
  return { status_code: failure.status, body: JSON.stringify(failure.toBody()) };
}

function uploadOf(meta: NonNullable<TusUpload['metadata']>, size: number | undefined): Omit<Upload, 'body'> {
  if (!meta.bucketName || !meta.objectName) throw new StorageError('InvalidRequest', 'Upload-Metadata must name bucketName and objectName');
  let userMetadata: Record<string, unknown> | null = null;
  if (meta.metadata) {
    try {
      userMetadata = JSON.parse(meta.metadata) as Record<string, unknown>;
    } catch {
      throw new StorageError('InvalidRequest', 'The object metadata must be a JSON object');
    }
  }
  return {
    bucketId: meta.bucketName,
    name: meta.objectName,
    contentType: meta.contentType || 'application/octet-stream',
    contentLength: size ?? null,
    cacheControl: meta.cacheControl ? (/^\d+$/.test(meta.cacheControl) ? `max-age=${meta.cacheControl}` : meta.cacheControl) : 'no-cache',
    upsert: meta.upsert === 'true',
    userMetadata,
  };
}

export function createResumableServer(options: ResumableOptions): ResumableServer {
  const datastore = new ObjectStoreTusStore(options.objects, EXPIRE_MS);
  const locker = new DatabaseLocker({ db: options.db, bus: options.bus, log: options.log });
  const subOf = (caller: StorageCaller) => (typeof caller.claims.sub === 'string' ? caller.claims.sub : '');
  const tus = new Server({
    path: RESUMABLE_PATH,
    datastore,
    locker,
    maxSize: MAX_UPLOAD_SIZE_BYTES,
    namingFunction: (req) => `${refOfRequest(req)}_${newUploadSuffix()}`,
    generateUrl: (req, { id }) => `${options.publicUrl()}/p/${refOfRequest(req)}/storage/v1${RESUMABLE_PATH}/${id}`,
    onIncomingRequest: async (req, id) => {
      try {
        const ref = refOfRequest(req);
        if (refOfId(id) !== ref) throw new StorageError('NoSuchUpload');
        const caller = await options.callerFor(ref, req.headers);
        if (req.method === 'POST') return;
        const upload = await datastore.getUpload(id).catch(() => null);
        if (!upload) throw new StorageError('NoSuchUpload');
        if (caller.role !== 'service_role' && upload.metadata?.owner !== subOf(caller)) throw new StorageError('NoSuchUpload');
      } catch (error) {
        throw tusError(error);
      }
    },
    onUploadCreate: async (req, upload) => {
      try {
        const ref = refOfRequest(req);
        const caller = await options.callerFor(ref, req.headers);
        const upsert = req.headers.get('x-upsert') === 'true';
        const metadata = { ...upload.metadata, upsert: String(upsert), owner: subOf(caller) };
        await (await options.storageFor(ref)).assertCanUpload(caller, uploadOf(metadata, upload.size));
        return { metadata };
      } catch (error) {
        throw tusError(error);
      }
    },
    onUploadFinish: async (req, upload) => {
      try {
        const ref = refOfRequest(req);
        const caller = await options.callerFor(ref, req.headers);
        const body = await datastore.read(upload.id);
        const row = await (await options.storageFor(ref)).upload(caller, { ...uploadOf(upload.metadata ?? {}, upload.size), body });
        await datastore.remove(upload.id).catch(() => undefined);
        return { headers: { 'x-object-id': row.id } };
      } catch (error) {
        await datastore.remove(upload.id).catch(() => undefined);
        throw tusError(error);
      }
    },
  });
  return {
    tus,
    async sweep() {
      await tus.cleanUpExpiredUploads();
      await locker.removeLapsed();
    },
    close: () => locker.close(),
  };
}
