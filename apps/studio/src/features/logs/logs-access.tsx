import type { ReactNode } from 'react';
import { Action, Resource } from '@plinth/permissions';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { useProjectRole } from '../../data/sql/project-role.ts';

/**
 * Every logs page: members without ANALYTICS_READ on the log service get the access-denied view
 * (spec document 1 §6 "View logs"). The role is awaited first so nobody is flashed the notice.
 */
export function LogsAccessGate({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  const { isLoading } = useProjectRole(projectRef);
  const canRead = useProjectCan(projectRef, Action.ANALYTICS_READ, Resource.LOGS);
  if (isLoading) return <LoadingArea label="Loading logs" />;
  if (!canRead) {
    return (
      <div className="p-6" data-testid="logs-access-denied">
        <NoPermission action="view logs of this project" />
      </div>
    );
  }
  return <>{children}</>;
}
