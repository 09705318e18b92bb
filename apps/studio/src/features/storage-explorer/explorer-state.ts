import { itemKey, type StorageItem } from './items.ts';
import { joinPath } from './paths.ts';

/** A row being named: a new folder at the top of a column, or an existing item. */
export type Editing = { kind: 'new-folder'; prefix: string; columnIndex: number } | { kind: 'rename'; item: StorageItem };

export interface TemporaryRows {
  start: StorageItem[];
  end: StorageItem[];
}

const NO_ROWS: TemporaryRows = { start: [], end: [] };

export type ExplorerDialog =
  | { kind: 'move'; items: StorageItem[] }
  | { kind: 'delete'; items: StorageItem[] }
  | { kind: 'expiry'; item: StorageItem };

export interface ExplorerState {
  /** Names of the open folders; the columns are the root plus one per open folder. */
  openedFolders: string[];
  preview: StorageItem | null;
  selected: StorageItem[];
  editing: Editing | null;
  /** Rows the server does not list yet, by folder: folders being created first, uploads in flight last. */
  temporary: Record<string, TemporaryRows>;
  /** Listed rows shown differently while a change to them runs (a rename), by item key. */
  overrides: Record<string, StorageItem>;
  search: string;
  dialog: ExplorerDialog | null;
}

export const INITIAL_STATE: ExplorerState = {
  openedFolders: [],
  preview: null,
  selected: [],
  editing: null,
  temporary: {},
  overrides: {},
  search: '',
  dialog: null,
};

export type ExplorerAction =
  | { type: 'openFolder'; item: StorageItem }
  | { type: 'setOpenedFolders'; folders: string[] }
  | { type: 'previewFile'; item: StorageItem }
  | { type: 'closePreview' }
  | { type: 'setSelected'; items: StorageItem[] }
  | { type: 'setEditing'; editing: Editing | null }
  | { type: 'addTemporary'; prefix: string; items: StorageItem[]; at: 'start' | 'end' }
  | { type: 'removeTemporary'; prefix: string; names: string[] }
  | { type: 'override'; key: string; item: StorageItem | null }
  | { type: 'setSearch'; search: string }
  | { type: 'openDialog'; dialog: ExplorerDialog }
  | { type: 'closeDialog' };

/** The folder shown by column `index`. */
export function columnPrefix(openedFolders: string[], index: number): string {
  return joinPath(...openedFolders.slice(0, index));
}

export function currentPrefix(state: Pick<ExplorerState, 'openedFolders'>): string {
  return columnPrefix(state.openedFolders, state.openedFolders.length);
}

export function explorerReducer(state: ExplorerState, action: ExplorerAction): ExplorerState {
  switch (action.type) {
    case 'openFolder':
      // Spec §4: selecting a folder pops deeper columns and opens it; the preview closes.
      return { ...state, openedFolders: [...state.openedFolders.slice(0, action.item.columnIndex), action.item.name], preview: null };
    case 'setOpenedFolders':
      return { ...state, openedFolders: action.folders, preview: null, editing: null };
    case 'previewFile':
      // Selecting a file closes deeper columns and opens the preview.
      return { ...state, openedFolders: state.openedFolders.slice(0, action.item.columnIndex), preview: action.item };
    case 'closePreview':
      return { ...state, preview: null };
    case 'setSelected':
      return { ...state, selected: action.items };
    case 'setEditing':
      return { ...state, editing: action.editing };
    case 'addTemporary': {
      const current = state.temporary[action.prefix] ?? NO_ROWS;
      const next = { ...current, [action.at]: action.at === 'start' ? [...action.items, ...current.start] : [...current.end, ...action.items] };
      return { ...state, temporary: { ...state.temporary, [action.prefix]: next } };
    }
    case 'removeTemporary': {
      const names = new Set(action.names);
      const current = state.temporary[action.prefix] ?? NO_ROWS;
      const keep = (items: StorageItem[]) => items.filter((item) => !names.has(item.name));
      return { ...state, temporary: { ...state.temporary, [action.prefix]: { start: keep(current.start), end: keep(current.end) } } };
    }
    case 'override': {
      const overrides = { ...state.overrides };
      if (action.item) overrides[action.key] = action.item;
      else delete overrides[action.key];
      return { ...state, overrides };
    }
    case 'setSearch':
      return { ...state, search: action.search };
    case 'openDialog':
      return { ...state, dialog: action.dialog };
    case 'closeDialog':
      return { ...state, dialog: null };
  }
}

/**
 * A column's rows: the temporary rows of its folder that the server does not list yet, then the
 * listed rows that are not hidden. A temporary row whose name now appears in the listing is dropped
 * (spec §4: temporary rows are removed later, keeping rows with an id).
 */
export function mergeColumnItems(listed: StorageItem[], temporary: TemporaryRows | undefined, overrides: Record<string, StorageItem>): StorageItem[] {
  const listedNames = new Set(listed.map((item) => `${item.type}:${item.name}`));
  const pending = (items: StorageItem[] = []) => items.filter((item) => !listedNames.has(`${item.type}:${item.name}`));
  const shown = listed.map((item) => overrides[itemKey(item)] ?? item);
  return [...pending(temporary?.start), ...shown, ...pending(temporary?.end)];
}
