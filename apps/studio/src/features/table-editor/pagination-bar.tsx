import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { RowCount } from '../../data/table-rows/rows-query.ts';

export const PAGE_SIZES = [100, 500, 1000] as const;

interface PaginationBarProps {
  page: number;
  pageSize: number;
  rowsOnPage: number;
  count: RowCount | undefined;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

const buttonClass = 'rounded p-1 text-fg-muted hover:bg-surface-3 hover:text-fg disabled:opacity-40 disabled:hover:bg-transparent';

/** Page X of Y, the page size, and the number of rows (estimated above the counting cap). */
export function PaginationBar({ page, pageSize, rowsOnPage, count, onPageChange, onPageSizeChange }: PaginationBarProps) {
  const pages = count ? Math.max(1, Math.ceil(count.count / pageSize)) : undefined;
  const hasNext = pages !== undefined ? page + 1 < pages : rowsOnPage === pageSize;
  return (
    <div className="flex h-10 shrink-0 items-center gap-3 border-t border-line px-3 text-xs text-fg-muted" data-testid="rows-pagination">
      <button type="button" aria-label="Previous page" className={buttonClass} disabled={page === 0} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft className="size-4" />
      </button>
      <span>
        Page {page + 1}
        {pages !== undefined && ` of ${pages.toLocaleString()}`}
      </span>
      <button type="button" aria-label="Next page" className={buttonClass} disabled={!hasNext} onClick={() => onPageChange(page + 1)}>
        <ChevronRight className="size-4" />
      </button>
      <select aria-label="Rows per page" value={pageSize} onChange={(e) => onPageSizeChange(Number(e.target.value))} className="h-7 rounded-md border border-line-strong bg-surface-2 px-1.5 text-xs text-fg">
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size} rows
          </option>
        ))}
      </select>
      <span className="ml-auto" data-testid="row-count">
        {count === undefined ? 'Counting rows…' : `${count.isEstimate ? '~' : ''}${count.count.toLocaleString()} ${count.count === 1 ? 'record' : 'records'}`}
      </span>
    </div>
  );
}
