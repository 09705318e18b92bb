import { zip, type Zippable } from 'fflate';
import { toast } from 'sonner';
import { downloadObject } from '../../data/storage-objects/object-download.ts';
import { listAllFiles } from '../../data/storage-objects/objects-list-all.ts';
import type { ActionEnv } from './action-env.ts';
import { DOWNLOAD_BATCH_SIZE, FULL_LISTING_PAGE_SIZE, SELECTION_ZIP_NAME } from './constants.ts';
import { isHiddenName, itemPath, type StorageItem } from './items.ts';
import { nameOf } from './paths.ts';

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has started reading the URL; free it once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function zipEntries(entries: Zippable): Promise<Uint8Array> {
  return new Promise((resolve, reject) => zip(entries, { level: 6 }, (error, data) => (error ? reject(error) : resolve(data))));
}

/** Fetches `paths` ten at a time and zips them under the names `entryName` gives. */
async function zipPaths(env: ActionEnv, paths: string[], entryName: (path: string) => string): Promise<Blob> {
  const entries: Zippable = {};
  for (let i = 0; i < paths.length; i += DOWNLOAD_BATCH_SIZE) {
    const batch = paths.slice(i, i + DOWNLOAD_BATCH_SIZE);
    const blobs = await Promise.all(batch.map((path) => downloadObject(env.projectRef, env.bucket.id, path)));
    for (const [index, blob] of blobs.entries()) entries[entryName(batch[index])] = new Uint8Array(await blob.arrayBuffer());
  }
  const bytes = await zipEntries(entries);
  return new Blob([bytes as BlobPart], { type: 'application/zip' });
}

export async function downloadFile(env: ActionEnv, item: StorageItem): Promise<void> {
  try {
    saveBlob(await downloadObject(env.projectRef, env.bucket.id, itemPath(item)), item.name);
  } catch {
    toast.error(`Failed to download ${item.name}`);
  }
}

/** Spec §9: a folder downloads as one zip named after it, entries relative to it. */
export async function downloadFolder(env: ActionEnv, folder: StorageItem): Promise<void> {
  const root = itemPath(folder);
  const toastId = toast.loading(`Downloading ${folder.name}...`);
  try {
    const files = await listAllFiles(env.projectRef, env.bucket.id, root, FULL_LISTING_PAGE_SIZE);
    const paths = files.map((file) => file.path).filter((path) => !isHiddenName(nameOf(path)));
    const blob = await zipPaths(env, paths, (path) => path.slice(root.length + 1));
    saveBlob(blob, `${folder.name}.zip`);
    toast.success('Successfully downloaded folder', { id: toastId });
  } catch {
    toast.error(`Failed to download files from "${folder.name}"`, { id: toastId });
  }
}

/** A selection of one file downloads as it is; more are zipped as "files.zip". */
export async function downloadSelection(env: ActionEnv, items: StorageItem[]): Promise<void> {
  if (items.length === 1) return downloadFile(env, items[0]);
  const toastId = toast.loading(`Downloading ${items.length} files...`);
  try {
    const counts = new Map<string, number>();
    for (const item of items) counts.set(item.name, (counts.get(item.name) ?? 0) + 1);
    // Files of the same name from different folders keep their paths, so none overwrites another.
    const byPath = new Map(items.map((item) => [itemPath(item), item]));
    const blob = await zipPaths(env, [...byPath.keys()], (path) => ((counts.get(nameOf(path)) ?? 0) > 1 ? path : nameOf(path)));
    saveBlob(blob, `${SELECTION_ZIP_NAME}.zip`);
    toast.success(`Successfully downloaded ${items.length} files`, { id: toastId });
  } catch (error) {
    toast.error(`Failed to download files: ${error instanceof Error ? error.message : String(error)}`, { id: toastId });
  }
}
