import type { Action, Resource } from '@plinth/permissions';
import { useCan } from '../permissions/can.ts';
import { useProjectQuery } from '../projects/project-query.ts';

/**
 * `useCan` for a project page: the role that counts is the caller's role in the project's
 * organisation. A courtesy for disabling controls; the server answers 403 regardless.
 */
export function useProjectCan(ref: string | undefined, action: Action, resource: Resource): boolean {
  const project = useProjectQuery(ref);
  return useCan(project.data?.organization_slug, action, resource);
}
