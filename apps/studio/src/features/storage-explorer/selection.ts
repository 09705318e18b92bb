import { itemKey, type StorageItem } from './items.ts';

/** Selection is de-duplicated by id (by path for rows without one). */
export function dedupeItems(items: StorageItem[]): StorageItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = itemKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Only files that finished uploading (and are not corrupted) can be selected. */
export function isSelectable(item: StorageItem): boolean {
  return item.type === 'FILE' && item.id !== null && item.status === 'READY' && !item.isCorrupted;
}

export function isSelected(selected: StorageItem[], item: StorageItem): boolean {
  const key = itemKey(item);
  return selected.some((other) => itemKey(other) === key);
}

export function toggleItem(selected: StorageItem[], item: StorageItem): StorageItem[] {
  return isSelected(selected, item) ? selected.filter((other) => itemKey(other) !== itemKey(item)) : [...selected, item];
}

/**
 * Spec §4: a shift-click extends the selection from the last selected item across the column to the
 * clicked one; when the clicked item was already selected, that range is removed instead.
 */
export function selectRange(selected: StorageItem[], columnItems: StorageItem[], clicked: StorageItem): StorageItem[] {
  const files = columnItems.filter(isSelectable);
  const clickedIndex = files.findIndex((item) => itemKey(item) === itemKey(clicked));
  if (clickedIndex === -1) return selected;
  const last = [...selected].reverse().find((item) => files.some((file) => itemKey(file) === itemKey(item)));
  const lastIndex = last ? files.findIndex((item) => itemKey(item) === itemKey(last)) : clickedIndex;
  const range = files.slice(Math.min(lastIndex, clickedIndex), Math.max(lastIndex, clickedIndex) + 1);
  if (isSelected(selected, clicked)) {
    const removed = new Set(range.map(itemKey));
    return selected.filter((item) => !removed.has(itemKey(item)));
  }
  return dedupeItems([...selected, ...range]);
}
