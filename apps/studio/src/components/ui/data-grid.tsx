import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cn } from '../../lib/cn.ts';

export interface DataGridColumn {
  key: string;
  header: ReactNode;
  width: number;
  minWidth?: number;
  /** Stays in place while scrolling sideways (selection checkboxes). Frozen columns come first. */
  isFrozen?: boolean;
  isResizable?: boolean;
}

export interface CellPosition {
  row: number;
  column: number;
}

interface DataGridProps {
  columns: DataGridColumn[];
  rowCount: number;
  renderCell: (row: number, column: number) => ReactNode;
  rowHeight?: number;
  /** The cell with keyboard focus; arrow keys move it, Enter activates it. */
  activeCell?: CellPosition | null;
  onActiveCellChange?: (cell: CellPosition) => void;
  onCellActivate?: (cell: CellPosition) => void;
  isRowSelected?: (row: number) => boolean;
  label: string;
  testId?: string;
  className?: string;
}

const HEADER_HEIGHT = 34;

/**
 * A virtualised grid: only the rows in view (plus a few) are in the DOM, so ten thousand rows or a
 * million-row page scroll as smoothly as ten. Sticky header, resizable columns, keyboard movement.
 */
export function DataGrid({
  columns,
  rowCount,
  renderCell,
  rowHeight = 32,
  activeCell,
  onActiveCellChange,
  onCellActivate,
  isRowSelected,
  label,
  testId,
  className,
}: DataGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [widths, setWidths] = useState<Record<string, number>>({});
  const columnsKey = columns.map((c) => c.key).join('\0');
  // New columns (another table, another result) start from their own widths.
  useEffect(() => setWidths({}), [columnsKey]);

  const layout = useMemo(() => {
    let left = 0;
    return columns.map((column) => {
      const width = widths[column.key] ?? column.width;
      const entry = { column, width, left };
      left += width;
      return entry;
    });
  }, [columns, widths]);
  const totalWidth = layout.reduce((sum, entry) => sum + entry.width, 0);

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });

  const activeRow = activeCell?.row;
  useEffect(() => {
    if (activeRow !== undefined && activeRow < rowCount) virtualizer.scrollToIndex(activeRow, { align: 'auto' });
  }, [activeRow, rowCount, virtualizer]);

  function startResize(event: PointerEvent, key: string, startWidth: number, minWidth: number) {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const move = (e: globalThis.PointerEvent) => setWidths((w) => ({ ...w, [key]: Math.max(minWidth, startWidth + e.clientX - startX) }));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (!activeCell || !onActiveCellChange || event.target !== scrollRef.current) return;
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      onActiveCellChange({
        row: Math.min(rowCount - 1, Math.max(0, activeCell.row + move[0])),
        column: Math.min(columns.length - 1, Math.max(0, activeCell.column + move[1])),
      });
    } else if (event.key === 'Enter' && onCellActivate) {
      event.preventDefault();
      onCellActivate(activeCell);
    }
  }

  const frozenStyle = (isFrozen: boolean | undefined, left: number) => (isFrozen ? { position: 'sticky' as const, left, zIndex: 1 } : undefined);

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={label}
      aria-rowcount={rowCount + 1}
      aria-colcount={columns.length}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid={testId}
      className={cn('relative h-full overflow-auto bg-surface text-sm focus:outline-none', className)}
    >
      <div style={{ width: totalWidth, minWidth: '100%' }}>
        <div role="row" aria-rowindex={1} className="sticky top-0 z-10 flex border-b border-line-strong bg-surface-2" style={{ height: HEADER_HEIGHT }}>
          {layout.map(({ column, width, left }) => (
            <div
              key={column.key}
              role="columnheader"
              className={cn('relative flex shrink-0 items-center border-r border-line px-2 text-xs font-medium text-fg-muted', column.isFrozen && 'bg-surface-2')}
              style={{ width, ...frozenStyle(column.isFrozen, left) }}
            >
              <div className="min-w-0 flex-1 truncate">{column.header}</div>
              {column.isResizable !== false && !column.isFrozen && (
                <span
                  role="separator"
                  aria-orientation="vertical"
                  aria-label="Resize column"
                  onPointerDown={(e) => startResize(e, column.key, width, column.minWidth ?? 60)}
                  className="absolute -right-1 top-0 z-10 h-full w-2 cursor-col-resize hover:bg-brand/40"
                />
              )}
            </div>
          ))}
        </div>
        <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const isSelected = isRowSelected?.(item.index) ?? false;
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={isSelected || undefined}
                className={cn('absolute left-0 flex border-b border-line', isSelected ? 'bg-brand/10' : 'bg-surface hover:bg-surface-2')}
                style={{ height: rowHeight, width: totalWidth, minWidth: '100%', transform: `translateY(${item.start}px)` }}
              >
                {layout.map(({ column, width, left }, columnIndex) => {
                  const isActive = activeCell?.row === item.index && activeCell.column === columnIndex;
                  return (
                    <div
                      key={column.key}
                      role="gridcell"
                      aria-colindex={columnIndex + 1}
                      onClick={() => onActiveCellChange?.({ row: item.index, column: columnIndex })}
                      onDoubleClick={() => onCellActivate?.({ row: item.index, column: columnIndex })}
                      className={cn(
                        'flex shrink-0 items-center overflow-hidden border-r border-line px-2',
                        column.isFrozen && (isSelected ? 'bg-surface-2' : 'bg-surface'),
                        isActive && 'outline outline-2 -outline-offset-2 outline-brand/70',
                      )}
                      style={{ width, ...frozenStyle(column.isFrozen, left) }}
                    >
                      {renderCell(item.index, columnIndex)}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
