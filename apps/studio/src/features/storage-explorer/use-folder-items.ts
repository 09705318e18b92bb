import { useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api.ts';
import { useObjectsListQuery } from '../../data/storage-objects/objects-list-query.ts';
import { EXPLORER_PAGE_SIZE } from './constants.ts';
import { useExplorer } from './explorer-context.tsx';
import { columnPrefix, mergeColumnItems } from './explorer-state.ts';
import { isHiddenName, itemKey, temporaryItem, toStorageItem, type StorageItem } from './items.ts';

/**
 * Spec §3 "Explorer column": the rows of column `columnIndex` (listed, temporary, the EDITING row),
 * whether more pages exist, and a failure reported once as a toast.
 */
export function useFolderItems(columnIndex: number) {
  const { projectRef, bucket, state, listOptions } = useExplorer();
  const prefix = columnPrefix(state.openedFolders, columnIndex);
  const name = columnIndex === 0 ? bucket.name : state.openedFolders[columnIndex - 1];
  const options = listOptions(prefix);
  const query = useObjectsListQuery(projectRef, bucket.id, prefix, options, EXPLORER_PAGE_SIZE);

  const listed = useMemo(() => {
    const now = Date.now();
    return (query.data?.pages ?? []).flat().filter((row) => !isHiddenName(row.name)).map((row) => toStorageItem(row, prefix, columnIndex, now));
  }, [query.data, prefix, columnIndex]);

  const items = useMemo(() => {
    const rows = mergeColumnItems(listed, state.temporary[prefix], state.overrides);
    const editing = state.editing;
    if (editing?.kind === 'new-folder' && editing.prefix === prefix) {
      return [temporaryItem('Untitled folder', 'FOLDER', 'EDITING', prefix, columnIndex), ...rows];
    }
    if (editing?.kind === 'rename' && editing.item.prefix === prefix) {
      const key = itemKey(editing.item);
      return rows.map((row): StorageItem => (itemKey(row) === key ? { ...row, status: 'EDITING' } : row));
    }
    return rows;
  }, [listed, state.temporary, state.overrides, state.editing, prefix, columnIndex]);

  useEffect(() => {
    const error = query.error;
    // Spec §8: silent when the request was aborted (the column closed, the search changed).
    if (!error || (error instanceof DOMException && error.name === 'AbortError')) return;
    toast.error(`Failed to retrieve folder contents from "${name}": ${errorMessage(error)}`);
  }, [query.error, name]);

  return {
    prefix,
    name,
    items,
    search: options.search,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    hasMoreItems: query.hasNextPage,
    isLoadingMoreItems: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
