import { useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Loader2 } from 'lucide-react';
import { LAST_ROW_HEIGHT, ROW_HEIGHT } from './constants.ts';
import { itemKey, type StorageItem } from './items.ts';

interface VirtualRowsProps {
  items: StorageItem[];
  renderRow: (item: StorageItem) => ReactNode;
  hasMoreItems: boolean;
  isLoadingMoreItems: boolean;
  loadMore: () => void;
}

/**
 * A column's rows, virtualized: rows are 37 px and the last one 85 px, so the final row clears the
 * bottom edge (spec §9). Scrolling to the end loads the next page when the last one was full.
 */
export function VirtualRows({ items, renderRow, hasMoreItems, isLoadingMoreItems, loadMore }: VirtualRowsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (index === items.length - 1 ? LAST_ROW_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => itemKey(items[index]),
    overscan: 15,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    // The last row's size changes when rows are added; sizes are estimates, so re-measure.
    virtualizer.measure();
  }, [items.length, virtualizer]);

  useEffect(() => {
    if (hasMoreItems && !isLoadingMoreItems && lastIndex >= items.length - 1) loadMore();
  }, [hasMoreItems, isLoadingMoreItems, lastIndex, items.length, loadMore]);

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" role="rowgroup">
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => (
          <div key={row.key} className="absolute left-0 top-0 w-full" style={{ height: row.size, transform: `translateY(${row.start}px)` }}>
            {renderRow(items[row.index])}
          </div>
        ))}
      </div>
      {isLoadingMoreItems && (
        <div className="flex items-center justify-center gap-2 py-2 text-xs text-fg-subtle">
          <Loader2 className="size-3.5 animate-spin" aria-hidden /> Loading more...
        </div>
      )}
    </div>
  );
}
