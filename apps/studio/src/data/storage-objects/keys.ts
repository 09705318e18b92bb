import { storageKeys } from '../storage/keys.ts';

export interface FolderListOptions {
  search: string;
  sortBy: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';
  order: 'asc' | 'desc';
}

export const storageObjectKeys = {
  /** One folder's pages; under storageKeys.objects, so a change to the bucket refetches every open folder. */
  folder: (ref: string, bucketId: string, path: string, options: FolderListOptions) =>
    [...storageKeys.objects(ref, bucketId), 'folder', path, options] as const,
  /**
   * Preview URLs live outside storageKeys.objects: an upload elsewhere in the bucket should not
   * re-sign the URL of the file being previewed.
   */
  preview: (ref: string, bucketId: string, fileId: string, path: string) => ['projects', ref, 'buckets', bucketId, 'previews', fileId, path] as const,
};

export function bucketPath(ref: string, bucketId: string): string {
  return `/storage/${encodeURIComponent(ref)}/buckets/${encodeURIComponent(bucketId)}`;
}
