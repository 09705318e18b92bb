/**
 * The studio's storage calls (spec document 2 §7): buckets and the explorer's object calls, for
 * members. The member's role decides (storage admin read or write); the project's storage then runs
 * them with the service role, as Supabase Studio's service key does. Bucket changes are audited.
 */
import type { Readable } from 'node:stream';
import type { BodyOf, Bucket, ResponseOf, StorageListItem } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { projectStorageFor, SERVICE_CALLER, StorageError, type ProjectStorage } from '../data-plane/storage/index.ts';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';

type Need = 'read' | 'write';

/** A storage-api failure as the platform API's error, its message kept for the studio's toasts. */
function asPlinthError(error: unknown): unknown {
  if (!(error instanceof StorageError)) return error;
  if (error.status === 404) return new PlinthError('storage_not_found', error.message);
  if (error.status === 409) return new PlinthError('storage_conflict', error.message);
  if (error.status === 403) return new PlinthError('storage_access_denied', error.message);
  if (error.status >= 500) return new PlinthError(error.status === 503 ? 'project_unavailable' : 'internal');
  return new PlinthError('storage_invalid_request', error.message);
}

async function withStorage<T>(ctx: ControlContext, actor: Actor, ref: string, need: Need, act: (storage: ProjectStorage) => Promise<T>, auditAction?: string, target?: string): Promise<T> {
  const { role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, need === 'write' ? Action.STORAGE_ADMIN_WRITE : Action.STORAGE_ADMIN_READ, Resource.STORAGE);
  let result: T;
  try {
    result = await act(await projectStorageFor(ctx, ref));
  } catch (error) {
    throw asPlinthError(error);
  }
  if (auditAction) await recordAudit(ctx.db, actor, { action: auditAction, organizationSlug: organization.slug, projectRef: ref, target });
  return result;
}

export function listBuckets(ctx: ControlContext, actor: Actor, ref: string): Promise<Bucket[]> {
  return withStorage(ctx, actor, ref, 'read', (storage) => storage.listBuckets(SERVICE_CALLER));
}

export function createBucket(ctx: ControlContext, actor: Actor, ref: string, body: BodyOf<'storageBucketCreate'>): Promise<{ name: string }> {
  return withStorage(ctx, actor, ref, 'write', (storage) => storage.createBucket(SERVICE_CALLER, { ...body, name: undefined }), 'storage.bucket.create', body.id);
}

export async function updateBucket(ctx: ControlContext, actor: Actor, ref: string, id: string, body: BodyOf<'storageBucketUpdate'>): Promise<{ message: string }> {
  await withStorage(ctx, actor, ref, 'write', (storage) => storage.updateBucket(SERVICE_CALLER, id, body), 'storage.bucket.update', id);
  return { message: 'Successfully updated' };
}

export async function emptyBucket(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<{ message: string }> {
  await withStorage(ctx, actor, ref, 'write', (storage) => storage.emptyBucket(SERVICE_CALLER, id), 'storage.bucket.empty', id);
  return { message: 'Successfully emptied' };
}

export async function deleteBucket(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<{ message: string }> {
  await withStorage(ctx, actor, ref, 'write', (storage) => storage.deleteBucket(SERVICE_CALLER, id), 'storage.bucket.delete', id);
  return { message: 'Successfully deleted' };
}

export function listObjects(ctx: ControlContext, actor: Actor, ref: string, bucketId: string, body: BodyOf<'storageObjectsList'>): Promise<StorageListItem[]> {
  const { limit, offset, search, sortBy } = body.options;
  const prefix = body.path.replace(/^\/+|\/+$/g, '');
  return withStorage(ctx, actor, ref, 'read', (storage) => storage.list(SERVICE_CALLER, bucketId, { prefix, limit, offset, search, sortBy }));
}

const objectUrl = (ctx: ControlContext, ref: string, path: string) => `${ctx.config.publicUrl}/p/${ref}/storage/v1${path}`;
const encodePath = (bucketId: string, name: string) => [bucketId, ...name.split('/')].map(encodeURIComponent).join('/');

export async function signObject(ctx: ControlContext, actor: Actor, ref: string, bucketId: string, body: BodyOf<'storageObjectSign'>): Promise<ResponseOf<'storageObjectSign'>> {
  const token = await withStorage(ctx, actor, ref, 'read', (storage) => storage.signDownload(SERVICE_CALLER, bucketId, body.path, body.expiresIn));
  return { signedUrl: objectUrl(ctx, ref, `/object/sign/${encodePath(bucketId, body.path)}?token=${token}`) };
}

export async function publicObjectUrl(ctx: ControlContext, actor: Actor, ref: string, bucketId: string, path: string): Promise<ResponseOf<'storageObjectPublicUrl'>> {
  await withStorage(ctx, actor, ref, 'read', (storage) => storage.getBucket(SERVICE_CALLER, bucketId));
  return { publicUrl: objectUrl(ctx, ref, `/object/public/${encodePath(bucketId, path)}`) };
}

export async function downloadObject(ctx: ControlContext, actor: Actor, ref: string, bucketId: string, path: string): Promise<{ body: Readable; contentType: string; size: number }> {
  const download = await withStorage(ctx, actor, ref, 'read', (storage) => storage.download({ kind: 'caller', caller: SERVICE_CALLER }, bucketId, path, null));
  return { body: download.body, contentType: download.row.metadata?.mimetype ?? 'application/octet-stream', size: download.object.size };
}

export async function moveObject(ctx: ControlContext, actor: Actor, ref: string, bucketId: string, body: BodyOf<'storageObjectsMove'>): Promise<{ message: string }> {
  const to = body.to.replace(/^\/+/, '');
  await withStorage(ctx, actor, ref, 'write', (storage) => storage.move(SERVICE_CALLER, { bucketId, name: body.from }, { bucketId, name: to }));
  return { message: 'Successfully moved' };
}

export async function deleteObjects(ctx: ControlContext, actor: Actor, ref: string, bucketId: string, paths: string[]): Promise<{ name: string }[]> {
  const removed = await withStorage(ctx, actor, ref, 'write', (storage) => storage.remove(SERVICE_CALLER, bucketId, paths));
  return removed.map((row) => ({ name: row.name }));
}
