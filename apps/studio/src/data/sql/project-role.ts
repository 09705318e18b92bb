import type { Role } from '@plinth/permissions';
import { useOrganizationRole } from '../permissions/can.ts';
import { useProjectQuery } from '../projects/project-query.ts';

/**
 * The caller's role in the project's organisation, and whether it is still loading: permission
 * notices wait for it, so a member who may write is never flashed a "no permission" message.
 */
export function useProjectRole(ref: string | undefined): { role: Role | undefined; isLoading: boolean } {
  const project = useProjectQuery(ref);
  const { role, isLoading } = useOrganizationRole(project.data?.organization_slug);
  return { role, isLoading: !project.data || isLoading };
}
