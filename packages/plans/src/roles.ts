import { ROLES, type Role } from '@plinth/permissions';
import type { Plan } from './plan.ts';

/**
 * Spec document 2 §6: "Free and Pro have Owner and Developer; Team and Enterprise add additional
 * owners, admin, read-only, billing admin and custom roles." Custom roles are not built.
 */
const TEAM_ROLES_FROM: readonly Plan[] = ['team', 'enterprise'];

/** Roles an organisation on this plan may assign (to an invitation or a member). */
export function rolesForPlan(plan: Plan): Role[] {
  return TEAM_ROLES_FROM.includes(plan) ? [...ROLES] : ['Owner', 'Developer'];
}

/** Whether an organisation on this plan may have more than one owner. */
export function allowsAdditionalOwners(plan: Plan): boolean {
  return TEAM_ROLES_FROM.includes(plan);
}

/** Access controls (the roles beyond Owner and Developer) read "coming soon" on Free and Pro. */
export function accessControlsAvailable(plan: Plan): boolean {
  return TEAM_ROLES_FROM.includes(plan);
}

export type RoleRefusal = 'role_not_available' | 'additional_owner_not_available';

/**
 * Why one more member may not be given `role` in an organisation on `plan` that has `owners`
 * owners today, or null when it may. Members who already hold a role keep it when the plan changes:
 * this decides only new assignments.
 */
export function roleAssignmentRefusal(plan: Plan, role: Role, owners: number): RoleRefusal | null {
  if (!rolesForPlan(plan).includes(role)) return 'role_not_available';
  if (role === 'Owner' && owners >= 1 && !allowsAdditionalOwners(plan)) return 'additional_owner_not_available';
  return null;
}

/** Roles whose members count toward the free-project limit ("per owner or administrator"). */
export const FREE_PROJECT_LIMIT_ROLES: readonly Role[] = ['Owner', 'Administrator'];
