import { useMemo, useRef, type Dispatch } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Bucket, ProjectSettings } from '@plinth/api-contract';
import type { UploadTarget } from '../../data/storage-objects/object-upload.ts';
import { refreshBucket, type ActionEnv } from './action-env.ts';
import { downloadFile, downloadFolder, downloadSelection } from './download-actions.ts';
import type { Editing, ExplorerAction, ExplorerState } from './explorer-state.ts';
import type { StorageItem } from './items.ts';
import { deleteItems, moveItems } from './move-delete-actions.ts';
import { submitEdit } from './rename-actions.ts';
import { uploadFiles, type UploadEntry } from './upload-actions.tsx';
import { copyFileUrl, copyFolderPath } from './url-actions.ts';

export interface ExplorerActions {
  upload: (entries: UploadEntry[], prefix: string, columnIndex: number) => Promise<void>;
  submitEdit: (editing: Editing, value: string) => Promise<void>;
  move: (items: StorageItem[], target: string) => Promise<void>;
  remove: (items: StorageItem[]) => Promise<void>;
  download: (item: StorageItem) => Promise<void>;
  downloadSelection: (items: StorageItem[]) => Promise<void>;
  /** expiresIn is ignored for public buckets. */
  copyUrl: (item: StorageItem, expiresIn: number | null) => Promise<void>;
  copyFolderPath: (item: StorageItem) => Promise<void>;
  refresh: () => Promise<void>;
}

interface Options {
  projectRef: string;
  bucket: Bucket;
  state: ExplorerState;
  dispatch: Dispatch<ExplorerAction>;
  uploadTarget: UploadTarget | null;
  customDomain: ProjectSettings['customDomain'] | undefined;
}

/** The explorer's operations, bound to this bucket; they read the latest state after their awaits. */
export function useExplorerActions({ projectRef, bucket, state, dispatch, uploadTarget, customDomain }: Options): ExplorerActions {
  const queryClient = useQueryClient();
  const stateRef = useRef(state);
  stateRef.current = state;

  return useMemo(() => {
    const env: ActionEnv = { projectRef, bucket, dispatch, queryClient, uploadTarget, stateRef };
    return {
      upload: (entries, prefix, columnIndex) => uploadFiles(env, entries, prefix, columnIndex),
      submitEdit: (editing, value) => submitEdit(env, editing, value),
      move: (items, target) => moveItems(env, items, target),
      remove: (items) => deleteItems(env, items),
      download: (item) => (item.type === 'FOLDER' ? downloadFolder(env, item) : downloadFile(env, item)),
      downloadSelection: (items) => downloadSelection(env, items),
      copyUrl: (item, expiresIn) => copyFileUrl(env, item, expiresIn, customDomain),
      copyFolderPath,
      refresh: () => refreshBucket(env),
    };
  }, [projectRef, bucket, dispatch, queryClient, uploadTarget, customDomain]);
}
