import type { StorageListItem } from '@plinth/api-contract';
import { listObjects } from './objects-list-query.ts';

export interface ListedFile {
  /** The object's full path in the bucket. */
  path: string;
  item: StorageListItem;
}

/**
 * Every file under a folder, depth first, each folder listed in pages of `pageSize` (spec §9:
 * 10,000). Folder renames, deletes and downloads work from this list.
 */
export async function listAllFiles(ref: string, bucketId: string, folder: string, pageSize: number, signal?: AbortSignal): Promise<ListedFile[]> {
  const files: ListedFile[] = [];
  const pending = [folder];
  while (pending.length > 0) {
    const current = pending.pop() as string;
    for (let offset = 0; ; offset += pageSize) {
      const page = await listObjects(ref, bucketId, { path: current, limit: pageSize, offset }, signal);
      for (const item of page) {
        const path = current ? `${current}/${item.name}` : item.name;
        if (item.id === null) pending.push(path);
        else files.push({ path, item });
      }
      if (page.length < pageSize) break;
    }
  }
  return files;
}
