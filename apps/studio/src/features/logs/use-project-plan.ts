import type { Plan } from '@plinth/plans';
import { useOrganization } from '../../data/organizations/organizations-query.ts';
import { useProjectQuery } from '../../data/projects/project-query.ts';

/** The plan of the project's organisation (undefined while it loads), which sets log retention. */
export function useProjectPlan(ref: string): { plan: Plan | undefined; slug: string | undefined } {
  const project = useProjectQuery(ref);
  const slug = project.data?.organization_slug;
  const { organization } = useOrganization(slug);
  return { plan: organization?.plan.id, slug };
}
