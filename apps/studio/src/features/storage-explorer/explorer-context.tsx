import { createContext, useContext, type Dispatch } from 'react';
import type { Bucket } from '@plinth/api-contract';
import type { FolderListOptions } from '../../data/storage-objects/keys.ts';
import type { UploadTarget } from '../../data/storage-objects/object-upload.ts';
import type { ExplorerAction, ExplorerState } from './explorer-state.ts';
import type { ExplorerPreferences } from './preferences.ts';
import type { ExplorerActions } from './use-explorer-actions.ts';

export interface ExplorerContextValue {
  projectRef: string;
  bucket: Bucket;
  state: ExplorerState;
  dispatch: Dispatch<ExplorerAction>;
  preferences: ExplorerPreferences;
  setPreferences: (change: Partial<ExplorerPreferences>) => void;
  /** Storage admin write: uploads, folders, renames, moves, downloads and deletes. */
  canWrite: boolean;
  /** The data plane uploads go to; null until the project's API settings are known. */
  uploadTarget: UploadTarget | null;
  /** The listing options of a folder: the search applies to the current (deepest) folder only. */
  listOptions: (prefix: string) => FolderListOptions;
  actions: ExplorerActions;
}

export const ExplorerContext = createContext<ExplorerContextValue | null>(null);

export function useExplorer(): ExplorerContextValue {
  const value = useContext(ExplorerContext);
  if (!value) throw new Error('useExplorer is used outside StorageExplorer');
  return value;
}
