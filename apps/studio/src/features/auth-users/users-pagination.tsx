import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { AuthUsersQuery } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/input.tsx';
import { PAGE_SIZES, pageRange, withChange } from './users-query-state.ts';

interface UsersPaginationProps {
  query: AuthUsersQuery;
  onQueryChange: (query: AuthUsersQuery) => void;
  total: number;
  shown: number;
}

/** "Showing 1 to 50 of 1,234 users", the page size, and previous / next. */
export function UsersPagination({ query, onQueryChange, total, shown }: UsersPaginationProps) {
  const range = pageRange(query.page, query.per_page, total, shown);
  const count = new Intl.NumberFormat();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-6 py-2.5 text-sm text-fg-muted" data-testid="users-pagination">
      <p aria-live="polite" data-testid="users-total">
        {total === 0
          ? 'No users'
          : `Showing ${count.format(range.from)} to ${count.format(range.to)} of ${count.format(total)} ${total === 1 ? 'user' : 'users'}`}
      </p>
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-2 whitespace-nowrap text-xs">
          Rows per page
          <span className="inline-block w-20">
            <Select className="h-7 text-xs" value={query.per_page} onChange={(event) => onQueryChange(withChange(query, { per_page: Number(event.target.value) }))}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </span>
        </label>
        <span className="whitespace-nowrap text-xs">
          Page {query.page} of {range.pageCount}
        </span>
        <Button
          size="sm"
          variant="outline"
          aria-label="Previous page"
          icon={<ChevronLeft className="size-3.5" />}
          disabled={!range.hasPrevious}
          onClick={() => onQueryChange({ ...query, page: query.page - 1 })}
        />
        <Button
          size="sm"
          variant="outline"
          aria-label="Next page"
          icon={<ChevronRight className="size-3.5" />}
          disabled={!range.hasNext}
          onClick={() => onQueryChange({ ...query, page: query.page + 1 })}
        />
      </div>
    </div>
  );
}
