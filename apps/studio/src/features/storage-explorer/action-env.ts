import type { Dispatch, RefObject } from 'react';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Bucket, StorageListItem } from '@plinth/api-contract';
import { storageKeys } from '../../data/storage/keys.ts';
import { listObjects } from '../../data/storage-objects/objects-list-query.ts';
import { uploadObject, type UploadTarget } from '../../data/storage-objects/object-upload.ts';
import { EMPTY_FOLDER_PLACEHOLDER, UPLOAD_CACHE_CONTROL } from './constants.ts';
import type { ExplorerAction, ExplorerState } from './explorer-state.ts';
import { joinPath } from './paths.ts';

/** What every explorer action needs: where it acts, how it updates the view, the current state. */
export interface ActionEnv {
  projectRef: string;
  bucket: Bucket;
  dispatch: Dispatch<ExplorerAction>;
  queryClient: QueryClient;
  uploadTarget: UploadTarget | null;
  /** The state at the time of reading; async flows read it after their awaits. */
  stateRef: RefObject<ExplorerState>;
}

/** Every listed folder of the bucket is refetched: a change may show in any open column. */
export function refreshBucket(env: ActionEnv): Promise<void> {
  return env.queryClient.invalidateQueries({ queryKey: storageKeys.objects(env.projectRef, env.bucket.id) });
}

/**
 * The names the explorer knows in a folder: every cached listing of it (any search or sort) and the
 * rows still in flight there, whose uploads may finish before the listing is refetched.
 */
export function knownNames(env: ActionEnv, prefix: string): Set<string> {
  const entries = env.queryClient.getQueriesData<InfiniteData<StorageListItem[]>>({
    queryKey: [...storageKeys.objects(env.projectRef, env.bucket.id), 'folder', prefix],
  });
  const names = new Set<string>();
  for (const [, data] of entries) for (const page of data?.pages ?? []) for (const item of page) names.add(item.name);
  const pending = env.stateRef.current.temporary[prefix];
  for (const item of [...(pending?.start ?? []), ...(pending?.end ?? [])]) names.add(item.name);
  return names;
}

export function requireUploadTarget(env: ActionEnv): UploadTarget {
  if (!env.uploadTarget) throw new Error('The project API settings are not loaded yet');
  return env.uploadTarget;
}

/** Spec: a folder exists while it holds an object, so a new or emptied folder gets the placeholder file. */
export function uploadPlaceholder(env: ActionEnv, folder: string): Promise<void> {
  return uploadObject(requireUploadTarget(env), {
    path: joinPath(folder, EMPTY_FOLDER_PLACEHOLDER),
    body: new Blob([]),
    contentType: 'application/octet-stream',
    cacheControl: UPLOAD_CACHE_CONTROL,
    upsert: true,
  });
}

/** Spec §4 "Folder delete": when a folder (not the root) is left empty, its placeholder is re-created. */
export async function keepFolderIfEmpty(env: ActionEnv, folder: string): Promise<void> {
  if (!folder) return;
  const rest = await listObjects(env.projectRef, env.bucket.id, { path: folder, limit: 1, offset: 0 });
  if (rest.length === 0) await uploadPlaceholder(env, folder);
}

/** Runs `task` over `items`, `size` at a time; every outcome is kept (one failure does not stop the rest). */
export async function inBatches<T, R>(items: T[], size: number, task: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.allSettled(items.slice(i, i + size).map(task))));
  return results;
}
