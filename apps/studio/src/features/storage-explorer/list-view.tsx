import { ColumnShell } from './column-shell.tsx';
import { ColumnPlaceholder, SelectAllHeader } from './column-states.tsx';
import { useExplorer } from './explorer-context.tsx';
import { ItemRow } from './item-row.tsx';
import { formatBytes, itemKey } from './items.ts';
import { useFolderItems } from './use-folder-items.ts';
import { VirtualRows } from './virtual-rows.tsx';

/** Spec §2 "List view": the current folder as a table with a size total in the footer. */
export function ListView() {
  const { state } = useExplorer();
  const columnIndex = state.openedFolders.length;
  const column = useFolderItems(columnIndex);
  const previewKey = state.preview ? itemKey(state.preview) : null;
  const totalSize = column.items.reduce((sum, item) => sum + (item.type === 'FILE' ? (item.metadata?.size ?? 0) : 0), 0);

  return (
    <ColumnShell columnIndex={columnIndex} prefix={column.prefix} items={column.items} testId="explorer-list" className="h-full min-w-0 flex-1">
      <div role="row" className="flex h-9 shrink-0 items-center gap-2 border-b border-line px-3 text-xs font-medium text-fg-muted">
        <span className="w-4 shrink-0" />
        <span role="columnheader" className="flex-1">Name</span>
        <span role="columnheader" className="w-24 shrink-0">Size</span>
        <span role="columnheader" className="w-36 shrink-0">Type</span>
        <span role="columnheader" className="w-40 shrink-0">Created at</span>
        <span role="columnheader" className="w-40 shrink-0">Last modified at</span>
        <span className="w-5 shrink-0" />
      </div>
      <SelectAllHeader items={column.items} prefix={column.prefix} />
      {column.items.length === 0 ? (
        <ColumnPlaceholder isLoading={column.isLoading} search={column.search} />
      ) : (
        <VirtualRows
          items={column.items}
          hasMoreItems={column.hasMoreItems}
          isLoadingMoreItems={column.isLoadingMoreItems}
          loadMore={column.loadMore}
          renderRow={(item) => <ItemRow item={item} columnItems={column.items} variant="list" isOpen={previewKey !== null && itemKey(item) === previewKey} />}
        />
      )}
      <div className="shrink-0 border-t border-line px-3 py-2 text-xs text-fg-muted" data-testid="explorer-list-footer">
        {formatBytes(totalSize)} for {column.items.length} items
      </div>
    </ColumnShell>
  );
}
