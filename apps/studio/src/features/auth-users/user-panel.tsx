import type { AuthUser } from '@plinth/api-contract';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SidePanel } from '../../components/ui/side-panel.tsx';
import { useAuthUserQuery } from '../../data/auth-users/user-query.ts';
import { UserActions } from './user-actions.tsx';
import { UserFactors, UserIdentities, UserMetadata, UserOverview } from './user-details.tsx';
import { userLabel } from './user-facts.ts';

/** The side sheet for one user: who they are, how they sign in, their factors and metadata, and what can be done. */
export function UserPanel({ projectRef, user: row, canWrite, onClose }: { projectRef: string; user: AuthUser; canWrite: boolean; onClose: () => void }) {
  const query = useAuthUserQuery(projectRef, row.id, row);
  const user = query.data ?? row;
  return (
    <SidePanel open onRequestClose={onClose} title={userLabel(user)} description={<span className="font-mono text-xs">{user.id}</span>} size="large" testId="user-panel">
      <div className="space-y-6 px-5 py-5">
        {query.error && <ErrorState error={query.error} title="Failed to refresh this user" onRetry={() => void query.refetch()} />}
        <UserOverview user={user} />
        <UserIdentities user={user} />
        <UserFactors user={user} />
        <UserMetadata user={user} />
        <UserActions projectRef={projectRef} user={user} canWrite={canWrite} onDeleted={onClose} />
      </div>
    </SidePanel>
  );
}
