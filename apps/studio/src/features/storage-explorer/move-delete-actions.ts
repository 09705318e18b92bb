import { toast } from 'sonner';
import { errorMessage } from '../../lib/api.ts';
import { listAllFiles } from '../../data/storage-objects/objects-list-all.ts';
import { moveObject } from '../../data/storage-objects/object-move.ts';
import { deleteObjectsInBatches } from '../../data/storage-objects/objects-delete.ts';
import { inBatches, keepFolderIfEmpty, refreshBucket, type ActionEnv } from './action-env.ts';
import { DELETE_PARALLEL_CALLS, DELETE_PATHS_PER_CALL, FOLDER_MOVE_BATCH_SIZE, FULL_LISTING_PAGE_SIZE } from './constants.ts';
import { itemKey, itemPath, type StorageItem } from './items.ts';
import { joinPath, normaliseMoveTarget } from './paths.ts';

/** After files left or vanished: selection and preview drop them, and the listings are refetched. */
async function settle(env: ActionEnv, gone: StorageItem[]) {
  const keys = new Set(gone.map(itemKey));
  const { selected, preview } = env.stateRef.current;
  env.dispatch({ type: 'setSelected', items: selected.filter((item) => !keys.has(itemKey(item))) });
  if (preview && keys.has(itemKey(preview))) env.dispatch({ type: 'closePreview' });
  await refreshBucket(env);
}

/** Spec §5 "Move": files move into `rawTarget` ('/' stripped, blank for the bucket's root). */
export async function moveItems(env: ActionEnv, items: StorageItem[], rawTarget: string): Promise<void> {
  const target = normaliseMoveTarget(rawTarget);
  const results = await inBatches(items, FOLDER_MOVE_BATCH_SIZE, (item) =>
    moveObject(env.projectRef, env.bucket.id, itemPath(item), joinPath(target, item.name)),
  );
  const moved = items.filter((_, index) => results[index].status === 'fulfilled');
  items.forEach((item, index) => {
    if (results[index].status === 'rejected') toast.error(`Failed to move ${itemPath(item)} to the new folder`);
  });
  if (moved.length === 0) toast.error('Failed to move files');
  else toast.success(`Successfully moved ${moved.length} to ${target || 'the root of your bucket'}`);
  // A folder emptied by the move keeps existing, as it would after a delete.
  await Promise.allSettled([...new Set(moved.map((item) => item.prefix))].map((prefix) => keepFolderIfEmpty(env, prefix)));
  await settle(env, moved);
}

/**
 * Deletes files, and folders with everything under them (spec §4 "Folder delete"): paths go two per
 * call, two calls at a time; a parent folder left empty gets its placeholder back.
 */
export async function deleteItems(env: ActionEnv, items: StorageItem[]): Promise<void> {
  const folders = items.filter((item) => item.type === 'FOLDER');
  const files = items.filter((item) => item.type === 'FILE');
  try {
    const folderPaths = await Promise.all(
      folders.map(async (folder) => (await listAllFiles(env.projectRef, env.bucket.id, itemPath(folder), FULL_LISTING_PAGE_SIZE)).map((file) => file.path)),
    );
    const paths = [...files.map(itemPath), ...folderPaths.flat()];
    const outcome = await deleteObjectsInBatches(env.projectRef, env.bucket.id, paths, DELETE_PATHS_PER_CALL, DELETE_PARALLEL_CALLS);
    if (outcome.failed.length > 0) {
      toast.error(`Failed to delete ${outcome.failed.flatMap((f) => f.paths).length} file(s): ${errorMessage(outcome.failed[0].error)}`);
    } else if (folders.length === 1 && files.length === 0) {
      toast.success(`Successfully deleted ${folders[0].name}`);
    } else {
      toast.success(`Successfully deleted ${paths.length} file(s)`);
    }
    await Promise.allSettled([...new Set(items.map((item) => item.prefix))].map((prefix) => keepFolderIfEmpty(env, prefix)));
  } catch (error) {
    toast.error(`Failed to delete files: ${errorMessage(error)}`);
  }
  // Columns of deleted folders close.
  const opened = env.stateRef.current.openedFolders;
  const closedAt = folders
    .filter((folder) => opened[folder.columnIndex] === folder.name && joinPath(...opened.slice(0, folder.columnIndex)) === folder.prefix)
    .map((folder) => folder.columnIndex);
  if (closedAt.length > 0) env.dispatch({ type: 'setOpenedFolders', folders: opened.slice(0, Math.min(...closedAt)) });
  await settle(env, items);
}
