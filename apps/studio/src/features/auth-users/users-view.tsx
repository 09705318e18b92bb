import { useState } from 'react';
import type { AuthUser, AuthUsersQuery } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { useAuthUsersQuery } from '../../data/auth-users/users-query.ts';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { useProjectRole } from '../../data/sql/project-role.ts';
import { AddUserDialogs, type AddUserMode } from './add-user-dialogs.tsx';
import { UserPanel } from './user-panel.tsx';
import { DEFAULT_USERS_QUERY } from './users-query-state.ts';
import { UsersPagination } from './users-pagination.tsx';
import { UsersTable } from './users-table.tsx';
import { UsersToolbar } from './users-toolbar.tsx';

/**
 * Authentication > Users: the project's users searched, filtered, sorted and paged by the server,
 * a panel for one user, and the ways to add one. Reading needs the SQL read permission on auth.users,
 * every change the write permission (the users live in the project's database).
 */
export function UsersView({ projectRef }: { projectRef: string }) {
  const { isLoading: isRoleLoading } = useProjectRole(projectRef);
  const canRead = useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_READ, Resource.AUTH_USERS);
  const canWrite = useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_WRITE, Resource.AUTH_USERS);
  const [query, setQuery] = useState<AuthUsersQuery>(DEFAULT_USERS_QUERY);
  const users = useAuthUsersQuery(projectRef, query, { enabled: canRead });
  // The row as it was when clicked: the panel opens on it at once and then reads the user fresh.
  const [selected, setSelected] = useState<AuthUser | null>(null);
  const [adding, setAdding] = useState<AddUserMode | null>(null);

  if (isRoleLoading) return <LoadingArea label="Loading users" />;
  if (!canRead) {
    return (
      <div className="p-6">
        <NoPermission action="view users of this project" />
      </div>
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="auth-users-page">
      <div className="space-y-4 border-b border-line px-6 pb-4 pt-6">
        <div className="space-y-1">
          <h1 className="text-xl font-semibold tracking-tight text-fg">Users</h1>
          <p className="text-sm text-fg-muted">The people who sign in to your app: search them, look one up, and help them get back in.</p>
        </div>
        <UsersToolbar
          query={query}
          onQueryChange={setQuery}
          isFetching={users.isFetching}
          onRefresh={() => void users.refetch()}
          canWrite={canWrite}
          onAdd={setAdding}
        />
      </div>
      <UsersTable
        query={query}
        onQueryChange={setQuery}
        users={users.data?.users}
        isLoading={users.isLoading}
        error={users.error}
        onRetry={() => void users.refetch()}
        selectedId={selected?.id}
        onSelect={setSelected}
        canWrite={canWrite}
        onAdd={() => setAdding('create')}
      />
      {users.data && <UsersPagination query={query} onQueryChange={setQuery} total={users.data.total} shown={users.data.users.length} />}

      {selected && <UserPanel projectRef={projectRef} user={selected} canWrite={canWrite} onClose={() => setSelected(null)} />}
      <AddUserDialogs projectRef={projectRef} mode={adding} onClose={() => setAdding(null)} />
    </div>
  );
}
