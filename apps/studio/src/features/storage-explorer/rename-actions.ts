import { toast } from 'sonner';
import { errorMessage } from '../../lib/api.ts';
import { listAllFiles } from '../../data/storage-objects/objects-list-all.ts';
import { moveObject } from '../../data/storage-objects/object-move.ts';
import { inBatches, knownNames, refreshBucket, type ActionEnv } from './action-env.ts';
import { FOLDER_MOVE_BATCH_SIZE, FULL_LISTING_PAGE_SIZE } from './constants.ts';
import type { Editing } from './explorer-state.ts';
import { itemKey, itemPath, temporaryItem, type StorageItem } from './items.ts';
import { checkNewFolderName, checkRename } from './names.ts';
import { joinPath } from './paths.ts';
import { createFolder } from './upload-actions.tsx';

/** Shows the row under its new name (fresh timestamps, no metadata, no id) while the rename runs. */
function showRenamed(env: ActionEnv, item: StorageItem, name: string) {
  env.dispatch({ type: 'setEditing', editing: null });
  env.dispatch({ type: 'override', key: itemKey(item), item: temporaryItem(name, item.type, 'READY', item.prefix, item.columnIndex) });
}

async function finish(env: ActionEnv, item: StorageItem) {
  await refreshBucket(env);
  env.dispatch({ type: 'override', key: itemKey(item), item: null });
}

export async function renameFile(env: ActionEnv, item: StorageItem, name: string): Promise<void> {
  showRenamed(env, item, name);
  try {
    await moveObject(env.projectRef, env.bucket.id, itemPath(item), joinPath(item.prefix, name));
    if (env.stateRef.current.preview && itemKey(env.stateRef.current.preview) === itemKey(item)) env.dispatch({ type: 'closePreview' });
    toast.success(`Successfully renamed "${item.name}" to "${name}"`);
  } catch (error) {
    toast.error(`Failed to rename file: ${errorMessage(error)}`);
  }
  await finish(env, item);
}

/** Spec: a folder is renamed by moving every object under it (listed in pages of 10,000), two at a time. */
export async function renameFolder(env: ActionEnv, item: StorageItem, name: string): Promise<void> {
  showRenamed(env, item, name);
  const from = itemPath(item);
  const to = joinPath(item.prefix, name);
  try {
    const files = await listAllFiles(env.projectRef, env.bucket.id, from, FULL_LISTING_PAGE_SIZE);
    const results = await inBatches(files, FOLDER_MOVE_BATCH_SIZE, (file) =>
      moveObject(env.projectRef, env.bucket.id, file.path, to + file.path.slice(from.length)),
    );
    const failed = results.filter((result) => result.status === 'rejected').length;
    if (failed > 0 && failed === results.length) toast.error(`Failed to rename folder to ${name}`);
    else if (failed > 0) toast.error(`Renamed folder to ${name} with some errors`);
    else toast.success(`Successfully renamed "${item.name}" to "${name}"`);
    // An open column showing the old folder now shows the renamed one.
    const opened = env.stateRef.current.openedFolders;
    if (failed < results.length && opened[item.columnIndex] === item.name && joinPath(...opened.slice(0, item.columnIndex)) === item.prefix) {
      env.dispatch({ type: 'setOpenedFolders', folders: [...opened.slice(0, item.columnIndex), name, ...opened.slice(item.columnIndex + 1)] });
    }
  } catch (error) {
    toast.error(`Failed to rename folder to ${name}`, { description: errorMessage(error) });
  }
  await finish(env, item);
}

/**
 * Enter or blur on an EDITING row (spec §4): a new folder is created, a file or folder renamed; an
 * empty name drops a new folder, an empty or unchanged rename cancels, and an invalid name keeps the
 * row editing with a notice.
 */
export async function submitEdit(env: ActionEnv, editing: Editing, value: string): Promise<void> {
  if (editing.kind === 'new-folder') {
    const check = checkNewFolderName(value, knownNames(env, editing.prefix));
    if (check.kind === 'ok') return createFolder(env, check.name, editing.prefix, editing.columnIndex);
    if (check.kind === 'invalid') {
      toast.error(check.message, { duration: check.durationMs });
      return;
    }
    env.dispatch({ type: 'setEditing', editing: null });
    return;
  }
  const { item } = editing;
  const siblings = [...knownNames(env, item.prefix)].filter((other) => other !== item.name);
  const check = checkRename(value, item.name, item.type === 'FOLDER', siblings);
  if (check.kind === 'invalid') {
    toast.error(check.message, { duration: check.durationMs });
    return;
  }
  if (check.kind !== 'ok') {
    env.dispatch({ type: 'setEditing', editing: null });
    return;
  }
  return item.type === 'FOLDER' ? renameFolder(env, item, check.name) : renameFile(env, item, check.name);
}
