import { can, hasFeature, type Action, type Context, type Feature, type Resource, type Role } from '@plinth/permissions';
import { useOrganization } from '../organizations/organizations-query.ts';

/** The caller's role in an organisation (undefined while loading or when not a member). */
export function useOrganizationRole(slug: string | undefined): { role: Role | undefined; isLoading: boolean } {
  const { organization, isLoading } = useOrganization(slug);
  return { role: organization?.role, isLoading };
}

/**
 * Whether the caller may do `action` on `resource` in the organisation. A courtesy for disabling
 * buttons: the server checks every call itself.
 */
export function useCan(slug: string | undefined, action: Action, resource: Resource, context?: Context): boolean {
  const { role } = useOrganizationRole(slug);
  return can(role, action, resource, context);
}

export function useHasFeature(slug: string | undefined, feature: Feature): boolean {
  const { role } = useOrganizationRole(slug);
  return hasFeature(role, feature);
}
