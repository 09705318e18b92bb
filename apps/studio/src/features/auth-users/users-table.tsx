import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown, UserPlus, Users } from 'lucide-react';
import type { AuthUser, AuthUsersQuery } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { UserRow, USER_COLUMNS } from './user-row.tsx';
import { ariaSort, DEFAULT_USERS_QUERY, isNarrowed, toggleSort, type UserSort } from './users-query-state.ts';

export const USER_ROW_HEIGHT = 44;

interface UsersTableProps {
  query: AuthUsersQuery;
  onQueryChange: (query: AuthUsersQuery) => void;
  users: AuthUser[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  selectedId: string | undefined;
  onSelect: (user: AuthUser) => void;
  canWrite: boolean;
  onAdd: () => void;
}

function SortHeader({ query, sort, label, onQueryChange }: { query: AuthUsersQuery; sort: UserSort; label: string; onQueryChange: (query: AuthUsersQuery) => void }) {
  const direction = ariaSort(query, sort);
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <div role="columnheader" aria-sort={direction} className="flex items-center">
      <button
        type="button"
        onClick={() => onQueryChange(toggleSort(query, sort))}
        className={cn('inline-flex items-center gap-1 uppercase tracking-wide hover:text-fg', direction !== 'none' && 'text-fg')}
      >
        {label}
        <Icon className="size-3" aria-hidden />
      </button>
    </div>
  );
}

function HeaderRow({ query, onQueryChange }: Pick<UsersTableProps, 'query' | 'onQueryChange'>) {
  const plain = (label: string) => (
    <div role="columnheader" className="uppercase tracking-wide">
      {label}
    </div>
  );
  return (
    <div role="row" className={cn(USER_COLUMNS, 'h-9 border-b border-line bg-surface-2/60 text-xs font-medium text-fg-subtle')}>
      <SortHeader query={query} sort="email" label="Email" onQueryChange={onQueryChange} />
      {plain('Phone')}
      {plain('Providers')}
      {plain('Status')}
      <SortHeader query={query} sort="created_at" label="Created at" onQueryChange={onQueryChange} />
      <SortHeader query={query} sort="last_sign_in_at" label="Last signed in" onQueryChange={onQueryChange} />
      {plain('User UID')}
    </div>
  );
}

/** One page of users in a virtualised table (pages reach 1000 rows); a row opens the user's panel. */
export function UsersTable(props: UsersTableProps) {
  const { query, onQueryChange, users = [], isLoading, error, onRetry, selectedId, onSelect, canWrite, onAdd } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: users.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => USER_ROW_HEIGHT,
    getItemKey: (index) => users[index].id,
    overscan: 15,
  });

  let body;
  if (isLoading) body = <SkeletonRows rows={6} className="p-4" />;
  else if (error) body = <ErrorState className="m-4" error={error} title="Failed to retrieve users" onRetry={onRetry} />;
  else if (users.length === 0 && isNarrowed(query)) {
    body = (
      <EmptyState
        className="m-4"
        icon={<Users />}
        title="No users found"
        description="No user matches this search and these filters."
        testId="users-no-results"
        actions={
          <Button variant="outline" onClick={() => onQueryChange({ ...DEFAULT_USERS_QUERY, per_page: query.per_page, sort: query.sort, order: query.order })}>
            Clear search and filters
          </Button>
        }
      />
    );
  } else if (users.length === 0) {
    body = (
      <EmptyState
        className="m-4"
        icon={<Users />}
        title="No users in your project yet"
        description="Users appear here when they sign up through your app, or when you create or invite them."
        testId="users-empty"
        actions={
          canWrite && (
            <Button variant="primary" icon={<UserPlus className="size-3.5" />} onClick={onAdd}>
              Create new user
            </Button>
          )
        }
      />
    );
  } else {
    body = (
      <div role="rowgroup" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div key={item.key} className="absolute left-0 top-0 w-full" style={{ height: USER_ROW_HEIGHT, transform: `translateY(${item.start}px)` }}>
            <UserRow user={users[item.index]} isSelected={users[item.index].id === selectedId} onSelect={onSelect} />
          </div>
        ))}
      </div>
    );
  }

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-auto" role="table" aria-label="Users" aria-rowcount={users.length} data-testid="users-table">
      <div className="min-w-[1100px]">
        <div role="rowgroup" className="sticky top-0 z-10">
          <HeaderRow query={query} onQueryChange={onQueryChange} />
        </div>
        {body}
      </div>
    </div>
  );
}
