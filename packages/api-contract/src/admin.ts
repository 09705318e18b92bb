import { z } from 'zod';
import { planSchema, slugSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * The operator's calls (PLINTH_OPERATORS): every organisation and its plan, and setting a plan until
 * billing sets it. Anyone else gets 403.
 */
export const adminOrganizationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  plan: z.object({ id: planSchema, name: z.string() }),
  inserted_at: z.string(),
  member_count: z.number().int(),
  project_count: z.number().int(),
});
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;

export const adminPlanUpdateBody = z.object({ plan: planSchema });

/** An owner or administrator holding more active free projects than the new plan allows. */
export const freeProjectLimitExcessSchema = z.object({
  username: z.string(),
  primary_email: z.string(),
  active_free_projects: z.number().int(),
  free_project_limit: z.number().int(),
});

export const adminPlanUpdateResponse = adminOrganizationSchema.extend({
  previous_plan: planSchema,
  /** Set when the new plan is Free and members are over its free-project limit: the change is made, their projects keep running, new ones are refused. */
  members_over_free_project_limit: z.array(freeProjectLimitExcessSchema),
});

const slugParams = z.object({ slug: slugSchema });

export const adminEndpoints = {
  adminOrganizations: endpoint({ method: 'GET', path: '/admin/organizations', summary: 'Every organization and its plan (operators only)', response: z.array(adminOrganizationSchema) }),
  adminOrganizationUpdate: endpoint({
    method: 'PATCH',
    path: '/admin/organizations/:slug',
    summary: "Set an organization's plan (operators only)",
    params: slugParams,
    body: adminPlanUpdateBody,
    response: adminPlanUpdateResponse,
  }),
} as const satisfies Record<string, Endpoint>;
