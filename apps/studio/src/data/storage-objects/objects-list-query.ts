import { useInfiniteQuery } from '@tanstack/react-query';
import type { StorageListItem } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { bucketPath, storageObjectKeys, type FolderListOptions } from './keys.ts';

export interface ListRequest {
  path: string;
  limit: number;
  offset: number;
  search?: string;
  sortBy?: FolderListOptions['sortBy'];
  order?: FolderListOptions['order'];
}

/** POST /storage/{ref}/buckets/{id}/objects/list: one page of a folder, its folders first. */
export function listObjects(ref: string, bucketId: string, request: ListRequest, signal?: AbortSignal) {
  const { path, limit, offset, search = '', sortBy = 'name', order = 'asc' } = request;
  return apiRequest<StorageListItem[]>('POST', `${bucketPath(ref, bucketId)}/objects/list`, {
    body: { path, options: { limit, offset, search, sortBy: { column: sortBy, order } } },
    signal,
  });
}

/** A folder in pages of `pageSize`; a full page means there may be another (spec §9). */
export function useObjectsListQuery(ref: string, bucketId: string, path: string, options: FolderListOptions, pageSize: number) {
  return useInfiniteQuery({
    queryKey: storageObjectKeys.folder(ref, bucketId, path, options),
    queryFn: ({ pageParam, signal }) => listObjects(ref, bucketId, { path, limit: pageSize, offset: pageParam, ...options }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => (lastPage.length === pageSize ? pages.length * pageSize : undefined),
    // A failed folder is reported once by the explorer; retrying three times only delays that.
    retry: false,
  });
}
