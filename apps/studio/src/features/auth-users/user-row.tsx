import type { KeyboardEvent } from 'react';
import type { AuthUser } from '@plinth/api-contract';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDateTime } from '../../lib/format.ts';
import { STATUS_LABELS, userLabel, userProviders, userStatus, type UserStatus } from './user-facts.ts';

/** The table's columns, shared by the header and the rows so they line up. */
export const USER_COLUMNS =
  'grid grid-cols-[minmax(220px,2fr)_minmax(120px,1fr)_minmax(120px,1fr)_170px_180px_180px_minmax(120px,1fr)] items-center gap-3 px-4';

const STATUS_TONES: Record<UserStatus, BadgeTone> = {
  banned: 'danger',
  anonymous: 'info',
  unverified: 'warning',
  invited: 'warning',
  verified: 'success',
};

export function UserRow({ user, isSelected, onSelect }: { user: AuthUser; isSelected: boolean; onSelect: (user: AuthUser) => void }) {
  const status = userStatus(user);
  const label = userLabel(user);
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(user);
    }
  }
  return (
    <div
      role="row"
      tabIndex={0}
      aria-selected={isSelected}
      aria-label={label}
      data-testid="user-row"
      onClick={() => onSelect(user)}
      onKeyDown={onKeyDown}
      className={cn(
        USER_COLUMNS,
        'h-full cursor-pointer border-b border-line text-sm text-fg outline-none hover:bg-surface-2 focus-visible:bg-surface-2',
        isSelected && 'bg-surface-3 hover:bg-surface-3',
      )}
    >
      <div role="cell" className={cn('truncate', !user.email && 'text-fg-muted')} title={label}>
        {label}
      </div>
      <div role="cell" className="truncate text-fg-muted">
        {user.phone || '-'}
      </div>
      <div role="cell" className="truncate text-fg-muted">
        {userProviders(user).join(', ') || '-'}
      </div>
      <div role="cell">
        <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>
      </div>
      <div role="cell" className="truncate text-fg-muted">
        {formatDateTime(user.created_at)}
      </div>
      <div role="cell" className="truncate text-fg-muted">
        {user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never'}
      </div>
      <div role="cell" className="truncate font-mono text-xs text-fg-subtle" title={user.id}>
        {user.id}
      </div>
    </div>
  );
}
