import { cn } from '../../lib/cn.ts';
import { ColumnShell } from './column-shell.tsx';
import { ColumnPlaceholder, SelectAllHeader } from './column-states.tsx';
import { useExplorer } from './explorer-context.tsx';
import { ItemRow } from './item-row.tsx';
import { itemKey, type StorageItem } from './items.ts';
import { useFolderItems } from './use-folder-items.ts';
import { VirtualRows } from './virtual-rows.tsx';

/** One column of the columns view: the folder opened at `columnIndex` (0 is the bucket's root). */
export function ExplorerColumn({ columnIndex, isLast }: { columnIndex: number; isLast: boolean }) {
  const { state } = useExplorer();
  const column = useFolderItems(columnIndex);
  const openName = state.openedFolders[columnIndex];
  const previewKey = state.preview ? itemKey(state.preview) : null;

  const isOpen = (item: StorageItem) =>
    item.type === 'FOLDER' ? item.name === openName && item.status !== 'EDITING' : previewKey !== null && itemKey(item) === previewKey;

  return (
    <ColumnShell
      columnIndex={columnIndex}
      prefix={column.prefix}
      items={column.items}
      testId="explorer-column"
      className={cn('h-full w-64 shrink-0 border-r border-line', isLast && 'min-w-64 flex-1')}
    >
      <SelectAllHeader items={column.items} prefix={column.prefix} />
      {column.items.length === 0 ? (
        <ColumnPlaceholder isLoading={column.isLoading} search={column.search} />
      ) : (
        <VirtualRows
          items={column.items}
          hasMoreItems={column.hasMoreItems}
          isLoadingMoreItems={column.isLoadingMoreItems}
          loadMore={column.loadMore}
          renderRow={(item) => <ItemRow item={item} columnItems={column.items} variant="column" isOpen={isOpen(item)} />}
        />
      )}
    </ColumnShell>
  );
}
