import { Action, Resource, can } from '@plinth/permissions';
import { useProjectRole } from '../../data/sql/project-role.ts';

/** What the caller may do in the SQL editor; everything allowed while the role loads (the server decides). */
export function useSqlAccess(projectRef: string) {
  const { role, isLoading } = useProjectRole(projectRef);
  return {
    isLoading,
    canRead: isLoading || can(role, Action.TENANT_SQL_ADMIN_READ, Resource.SQL),
    canCreate: isLoading || can(role, Action.CREATE, Resource.USER_CONTENT),
    isReadOnlySql: !isLoading && !can(role, Action.TENANT_SQL_ADMIN_WRITE, Resource.SQL),
  };
}
