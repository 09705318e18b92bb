import { Action, Resource } from '@plinth/permissions';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';

export const NO_DEPLOY_PERMISSION = 'You need additional permissions to deploy edge functions';
export const NO_UPDATE_PERMISSION = 'You need additional permissions to update edge functions';
export const NO_TEST_PERMISSION = 'You need additional permissions to test edge functions';
export const NO_DELETE_PERMISSION = 'You need additional permissions to delete edge functions';

/** What the caller may do with the project's functions; Read-only members look, Developers and up change. */
export function useEdgeFunctionsAccess(projectRef: string) {
  return {
    canCreate: useProjectCan(projectRef, Action.CREATE, Resource.EDGE_FUNCTIONS),
    canUpdate: useProjectCan(projectRef, Action.UPDATE, Resource.EDGE_FUNCTIONS),
    canDelete: useProjectCan(projectRef, Action.DELETE, Resource.EDGE_FUNCTIONS),
  };
}
