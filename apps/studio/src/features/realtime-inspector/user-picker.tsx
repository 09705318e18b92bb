import { useEffect, useState } from 'react';
import type { AuthUser } from '@plinth/api-contract';
import { Input, Select } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAuthUsersQuery } from '../../data/auth-users/users-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { DEFAULT_USERS_QUERY, SEARCH_DEBOUNCE_MS } from '../auth-users/users-query-state.ts';

const PICKER_PAGE_SIZE = 25;

export interface PickedUser {
  id: string;
  label: string;
}

export function userLabel(user: Pick<AuthUser, 'id' | 'email' | 'phone'>): string {
  return user.email || user.phone || user.id;
}

/** Chooses one of the project's users (searched by email, phone or id on the server) to listen as. */
export function UserPicker({ projectRef, value, onChange }: { projectRef: string; value: PickedUser | null; onChange: (user: PickedUser | null) => void }) {
  const [search, setSearch] = useState('');
  const [keywords, setKeywords] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeywords(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const users = useAuthUsersQuery(projectRef, { ...DEFAULT_USERS_QUERY, per_page: PICKER_PAGE_SIZE, keywords });
  const list = users.data?.users ?? [];
  const options = value && !list.some((user) => user.id === value.id) ? [{ id: value.id, label: value.label }, ...list.map((u) => ({ id: u.id, label: userLabel(u) }))] : list.map((u) => ({ id: u.id, label: userLabel(u) }));

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="realtime-user-picker">
      <Input type="search" className="h-8 w-56" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Search by email, phone or user ID" aria-label="Search users" />
      <Select
        className="h-8 w-64"
        aria-label="User"
        value={value?.id ?? ''}
        onChange={(event) => {
          const picked = options.find((option) => option.id === event.target.value);
          onChange(picked ?? null);
        }}
      >
        <option value="">{users.isLoading ? 'Loading users…' : list.length === 0 ? 'No users found' : 'Choose a user'}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </Select>
      {users.isFetching && <Spinner className="size-3.5" label="Searching users" />}
      {users.error && (
        <span role="alert" className="text-xs text-danger">
          Failed to load users: {errorMessage(users.error)}
        </span>
      )}
    </div>
  );
}
