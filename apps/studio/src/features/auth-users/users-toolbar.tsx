import { useEffect, useRef, useState } from 'react';
import { ChevronDown, RefreshCw, Search, UserPlus } from 'lucide-react';
import type { AuthUsersQuery } from '@plinth/api-contract';
import { AUTH_USER_FILTERS } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { Select } from '../../components/ui/input.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import type { AddUserMode } from './add-user-dialogs.tsx';
import { WRITE_PERMISSION_MESSAGE } from './user-facts.ts';
import { FILTER_LABELS, PROVIDER_OPTIONS, SEARCH_DEBOUNCE_MS, withChange, type UserFilter } from './users-query-state.ts';

/** Search by email, phone or id: the query follows the box 300 ms after the last keystroke. */
function SearchBox({ keywords, onSearch }: { keywords: string; onSearch: (keywords: string) => void }) {
  const [value, setValue] = useState(keywords);
  // The latest callback without restarting the wait: the page re-renders while results load.
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    if (value.trim() === keywords) return;
    const timer = setTimeout(() => search.current(value.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, keywords]);
  return (
    <label className="relative flex items-center">
      <Search className="pointer-events-none absolute left-2.5 size-3.5 text-fg-subtle" aria-hidden />
      <input
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder="Search by email, phone or user ID"
        aria-label="Search users"
        data-testid="users-search"
        className="h-8 w-72 rounded-md border border-line-strong bg-surface-2 pl-8 pr-2 text-sm text-fg placeholder:text-fg-subtle focus:border-brand/70 focus:outline-none"
      />
    </label>
  );
}

function AddUserMenu({ canWrite, onAdd }: { canWrite: boolean; onAdd: (mode: AddUserMode) => void }) {
  return (
    <DisabledTooltip content={WRITE_PERMISSION_MESSAGE} isDisabled={!canWrite}>
      <DropdownMenu>
        <DropdownMenuTrigger asChild disabled={!canWrite}>
          <Button variant="primary" icon={<UserPlus className="size-3.5" />} disabled={!canWrite}>
            Add user
            <ChevronDown className="size-3.5" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => onAdd('invite')}>Send invitation</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAdd('create')}>Create new user</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAdd('magic-link')}>Send magic link</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </DisabledTooltip>
  );
}

interface UsersToolbarProps {
  query: AuthUsersQuery;
  onQueryChange: (query: AuthUsersQuery) => void;
  isFetching: boolean;
  onRefresh: () => void;
  canWrite: boolean;
  onAdd: (mode: AddUserMode) => void;
}

export function UsersToolbar({ query, onQueryChange, isFetching, onRefresh, canWrite, onAdd }: UsersToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="users-toolbar">
      <SearchBox keywords={query.keywords} onSearch={(keywords) => onQueryChange(withChange(query, { keywords }))} />
      <div className="w-44">
        <Select
          aria-label="Filter users"
          className="h-8"
          value={query.filter}
          onChange={(event) => onQueryChange(withChange(query, { filter: event.target.value as UserFilter }))}
          data-testid="users-filter"
        >
          {AUTH_USER_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {FILTER_LABELS[filter]}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-44">
        <Select
          aria-label="Filter by provider"
          className="h-8"
          value={query.provider}
          onChange={(event) => onQueryChange(withChange(query, { provider: event.target.value }))}
          data-testid="users-provider"
        >
          {PROVIDER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
      <Button variant="outline" icon={<RefreshCw className={isFetching ? 'size-3.5 animate-spin' : 'size-3.5'} />} onClick={onRefresh} aria-label="Refresh users">
        Refresh
      </Button>
      <div className="ml-auto">
        <AddUserMenu canWrite={canWrite} onAdd={onAdd} />
      </div>
    </div>
  );
}
