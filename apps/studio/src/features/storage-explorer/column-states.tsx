import { SearchX, Upload } from 'lucide-react';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useExplorer } from './explorer-context.tsx';
import type { StorageItem } from './items.ts';
import { isSelectable } from './selection.ts';

/** Spec §2 "Columns view": the column's select-all header, shown while a selection exists. */
export function SelectAllHeader({ items, prefix }: { items: StorageItem[]; prefix: string }) {
  const { state, dispatch } = useExplorer();
  if (state.selected.length === 0) return null;
  const files = items.filter(isSelectable);
  const inColumn = state.selected.filter((item) => item.prefix === prefix);
  const isAllSelected = files.length > 0 && inColumn.length === files.length;
  const others = state.selected.filter((item) => item.prefix !== prefix);
  return (
    <label className="flex h-9 shrink-0 items-center gap-2 border-b border-line px-3 text-xs text-fg-muted">
      <input
        type="checkbox"
        className="size-3.5 accent-brand"
        disabled={files.length === 0}
        checked={isAllSelected}
        onChange={() => dispatch({ type: 'setSelected', items: isAllSelected ? others : [...others, ...files] })}
      />
      {files.length === 0 ? 'No files available for selection' : `Select all ${files.length} files`}
    </label>
  );
}

/** What a column shows instead of rows: loading, an empty folder, or a search that found nothing. */
export function ColumnPlaceholder({ isLoading, search }: { isLoading: boolean; search: string }) {
  if (isLoading) return <SkeletonRows rows={4} className="p-3 [&>div]:h-6" />;
  if (search) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-10 text-center" data-testid="explorer-search-empty">
        <SearchX className="size-5 text-fg-subtle" aria-hidden />
        <p className="text-sm text-fg">No results found in this folder</p>
        <p className="text-xs text-fg-muted">Your search for "{search}" did not return any results</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-10 text-center" data-testid="explorer-column-empty">
      <Upload className="size-5 text-fg-subtle" aria-hidden />
      <p className="text-sm text-fg">Drop your files here</p>
      <p className="text-xs text-fg-muted">Or upload them via the "Upload file" button above</p>
    </div>
  );
}
