import { useCallback, useState } from 'react';

export type ExplorerView = 'COLUMNS' | 'LIST';
export type SortBy = 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';
export type SortOrder = 'asc' | 'desc';

/** Spec §3 "Explorer preferences". */
export interface ExplorerPreferences {
  view: ExplorerView;
  sortBy: SortBy;
  sortByOrder: SortOrder;
}

export const DEFAULT_PREFERENCES: ExplorerPreferences = { view: 'COLUMNS', sortBy: 'name', sortByOrder: 'asc' };

export const SORT_OPTIONS: { value: SortBy; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'created_at', label: 'Time created' },
  { value: 'updated_at', label: 'Time modified' },
  { value: 'last_accessed_at', label: 'Time last accessed' },
];

export function preferencesKey(ref: string): string {
  return `storage-explorer-${ref}`;
}

/** Stored values are checked field by field: a hand-edited or older entry falls back per field. */
export function parsePreferences(raw: string | null): ExplorerPreferences | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof ExplorerPreferences, unknown>>;
    return {
      view: value.view === 'LIST' || value.view === 'COLUMNS' ? value.view : DEFAULT_PREFERENCES.view,
      sortBy: SORT_OPTIONS.some((option) => option.value === value.sortBy) ? (value.sortBy as SortBy) : DEFAULT_PREFERENCES.sortBy,
      sortByOrder: value.sortByOrder === 'desc' || value.sortByOrder === 'asc' ? value.sortByOrder : DEFAULT_PREFERENCES.sortByOrder,
    };
  } catch {
    return null;
  }
}

function write(ref: string, preferences: ExplorerPreferences): void {
  try {
    localStorage.setItem(preferencesKey(ref), JSON.stringify(preferences));
  } catch {
    // Storage refused (private window): the choice lasts for this page.
  }
}

function read(ref: string): ExplorerPreferences {
  let stored: ExplorerPreferences | null = null;
  try {
    stored = parsePreferences(localStorage.getItem(preferencesKey(ref)));
  } catch {
    // No storage at all: defaults.
  }
  // Spec §9: defaults are written if none exist.
  if (!stored) write(ref, DEFAULT_PREFERENCES);
  return stored ?? DEFAULT_PREFERENCES;
}

/** View, sort and order of the explorer, kept per project in local storage. */
export function useExplorerPreferences(ref: string): [ExplorerPreferences, (change: Partial<ExplorerPreferences>) => void] {
  const [preferences, setPreferences] = useState(() => read(ref));
  const update = useCallback(
    (change: Partial<ExplorerPreferences>) =>
      setPreferences((current) => {
        const next = { ...current, ...change };
        write(ref, next);
        return next;
      }),
    [ref],
  );
  return [preferences, update];
}
