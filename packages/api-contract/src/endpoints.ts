import { z } from 'zod';
import {
  auditListQuery,
  auditListResponse,
  profileSchema,
  profileUpdateBody,
  supportTicketBody,
  supportTicketSchema,
} from './account.ts';
import { accessTokenEndpoints } from './access-tokens.ts';
import { oauthAppEndpoints } from './oauth-apps.ts';
import { adminEndpoints } from './admin.ts';
import { authConfigEndpoints } from './auth-config.ts';
import { authUserEndpoints } from './auth-users.ts';
import { jobEndpoints } from './jobs.ts';
import { okSchema, refSchema, slugSchema } from './common.ts';
import { contentEndpoints } from './content.ts';
import { dataApiEndpoints } from './data-api.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';
import { managementEndpoints } from './management.ts';
import { managementProjectEndpoints } from './management-projects.ts';
import { pgMetaEndpoints } from './pg-meta.ts';
import { signingKeyEndpoints } from './signing-keys.ts';
import { ssoProviderEndpoints } from './sso-providers.ts';
import { realtimeEndpoints } from './realtime.ts';
import { functionEndpoints } from './functions.ts';
import { analyticsEndpoints } from './analytics.ts';
import { reportEndpoints } from './reports.ts';
import { cronEndpoints } from './cron.ts';
import { backupEndpoints } from './backups.ts';
import { billingEndpoints } from './billing.ts';
import { usageEndpoints, usageQuery } from './usage.ts';
import { webhooksEndpoints } from './webhooks.ts';
import { wrapperEndpoints } from './wrappers.ts';
import { databaseSettingsEndpoints } from './database-settings.ts';
import { storageConfigEndpoints } from './storage-config.ts';
import { storageEndpoints } from './storage.ts';
import { infrastructureEndpoints, infrastructureManagementEndpoints, upgradeStatusResponseSchema } from './infrastructure.ts';
import { projectGeneralEndpoints } from './project-general.ts';
import { orgIntegrationEndpoints } from './org-integrations.ts';
import { branchEndpoints } from './branches.ts';
import { gitEndpoints } from './git.ts';
import { accountPreferenceEndpoints } from './account-preferences.ts';
import { dashboardSsoEndpoints } from './dashboard-sso.ts';
import {
  freeProjectLimitMemberSchema,
  invitationCreateBody,
  invitationSchema,
  memberSchema,
  memberUpdateBody,
  organizationCreateBody,
  organizationDeleteBody,
  organizationSchema,
  organizationUpdateBody,
  usageSchema,
} from './organizations.ts';
import {
  projectCreateBody,
  projectDeleteBody,
  projectSchema,
  projectSettingsSchema,
  projectStatusResponse,
  projectUpdateBody,
} from './projects.ts';

const slugParams = z.object({ slug: slugSchema });
const refParams = z.object({ ref: refSchema });
const memberParams = z.object({ slug: slugSchema, userId: z.string().uuid() });
const invitationParams = z.object({ slug: slugSchema, id: z.coerce.number().int() });

/** Every platform API call. The server validates with these, the OpenAPI document is built from them. */
export const endpoints = {
  profile: endpoint({ method: 'GET', path: '/profile', summary: 'The signed-in user profile', response: profileSchema }),
  profileUpdate: endpoint({ method: 'PATCH', path: '/profile', summary: 'Update the profile', body: profileUpdateBody, response: profileSchema }),
  profileAudit: endpoint({ method: 'GET', path: '/profile/audit', summary: "The signed-in user's own audit trail", query: auditListQuery, response: auditListResponse }),
  profileInvitations: endpoint({ method: 'GET', path: '/profile/invitations', summary: 'Invitations addressed to the signed-in user', response: z.array(invitationSchema) }),
  invitationAccept: endpoint({ method: 'POST', path: '/organizations/:slug/members/invitations/:id/accept', summary: 'Accept an invitation', params: invitationParams, response: organizationSchema }),

  organizations: endpoint({ method: 'GET', path: '/organizations', summary: "The caller's organizations", response: z.array(organizationSchema) }),
  organizationCreate: endpoint({ method: 'POST', path: '/organizations', summary: 'Create an organization', body: organizationCreateBody, response: organizationSchema }),
  organization: endpoint({ method: 'GET', path: '/organizations/:slug', summary: 'One organization', params: slugParams, response: organizationSchema }),
  organizationUpdate: endpoint({ method: 'PATCH', path: '/organizations/:slug', summary: 'Rename an organization', params: slugParams, body: organizationUpdateBody, response: organizationSchema }),
  organizationDelete: endpoint({ method: 'DELETE', path: '/organizations/:slug', summary: 'Delete an organization and its projects', params: slugParams, body: organizationDeleteBody, response: okSchema }),
  organizationAudit: endpoint({ method: 'GET', path: '/organizations/:slug/audit', summary: "The organization's audit trail", params: slugParams, query: auditListQuery, response: auditListResponse }),
  organizationUsage: endpoint({ method: 'GET', path: '/organizations/:slug/usage', summary: 'Usage against the plan over the current billing cycle (calendar month, UTC)', params: slugParams, query: usageQuery, response: usageSchema }),
  members: endpoint({ method: 'GET', path: '/organizations/:slug/members', summary: 'Members of an organization', params: slugParams, response: z.array(memberSchema) }),
  memberUpdate: endpoint({ method: 'PATCH', path: '/organizations/:slug/members/:userId', summary: "Change a member's role", params: memberParams, body: memberUpdateBody, response: memberSchema }),
  memberRemove: endpoint({ method: 'DELETE', path: '/organizations/:slug/members/:userId', summary: 'Remove a member (or leave)', params: memberParams, response: okSchema }),
  invitations: endpoint({ method: 'GET', path: '/organizations/:slug/members/invitations', summary: 'Pending invitations', params: slugParams, response: z.array(invitationSchema) }),
  invitationCreate: endpoint({ method: 'POST', path: '/organizations/:slug/members/invitations', summary: 'Invite by email', params: slugParams, body: invitationCreateBody, response: invitationSchema }),
  invitationDelete: endpoint({ method: 'DELETE', path: '/organizations/:slug/members/invitations/:id', summary: 'Cancel or decline an invitation', params: invitationParams, response: okSchema }),
  reachedFreeProjectLimit: endpoint({ method: 'GET', path: '/organizations/:slug/members/reached-free-project-limit', summary: 'Owners and administrators at the free-project limit', params: slugParams, response: z.array(freeProjectLimitMemberSchema) }),
  roles: endpoint({ method: 'GET', path: '/organizations/:slug/roles', summary: 'Roles assignable on the plan', params: slugParams, response: z.array(z.string()) }),

  projects: endpoint({ method: 'GET', path: '/projects', summary: "The caller's projects", response: z.array(projectSchema) }),
  projectCreate: endpoint({ method: 'POST', path: '/projects', summary: 'Create a project', body: projectCreateBody, response: projectSchema }),
  project: endpoint({ method: 'GET', path: '/projects/:ref', summary: 'One project', params: refParams, response: projectSchema }),
  projectUpdate: endpoint({ method: 'PATCH', path: '/projects/:ref', summary: 'Rename a project', params: refParams, body: projectUpdateBody, response: projectSchema }),
  projectDelete: endpoint({ method: 'DELETE', path: '/projects/:ref', summary: 'Delete a project, its database and files', params: refParams, body: projectDeleteBody, response: okSchema }),
  projectStatus: endpoint({ method: 'GET', path: '/projects/:ref/status', summary: 'Project status', params: refParams, response: projectStatusResponse }),
  projectLive: endpoint({ method: 'GET', path: '/projects/:ref/live', summary: 'Liveness of the project database', params: refParams, response: z.object({ live: z.boolean() }) }),
  projectPause: endpoint({ method: 'POST', path: '/projects/:ref/pause', summary: 'Pause a project', params: refParams, response: projectSchema }),
  projectRestore: endpoint({ method: 'POST', path: '/projects/:ref/restore', summary: 'Restore a paused project', params: refParams, response: projectSchema }),
  projectUpgradeStatus: endpoint({ method: 'GET', path: '/projects/:ref/upgrade/status', summary: 'Database upgrade status', params: refParams, response: upgradeStatusResponseSchema }),
  projectTypes: endpoint({
    method: 'GET',
    // A Management API endpoint (/api/v1), which the studio calls with its session too.
    path: '/projects/:ref/types/typescript',
    scope: 'database:read',
    summary: "TypeScript types of the project's schemas, for supabase-js",
    params: refParams,
    query: z.object({ included_schemas: z.string().max(2000).optional() }),
    response: z.object({ types: z.string() }),
  }),
  projectSettings: endpoint({ method: 'GET', path: '/props/project/:ref/settings', summary: 'Project settings and API keys', params: refParams, response: projectSettingsSchema }),

  supportTickets: endpoint({ method: 'GET', path: '/support/tickets', summary: "The caller's support tickets", response: z.array(supportTicketSchema) }),
  supportTicketCreate: endpoint({ method: 'POST', path: '/support/tickets', summary: 'File a support ticket', body: supportTicketBody, response: supportTicketSchema }),
  ...pgMetaEndpoints,
  ...contentEndpoints,
  ...dataApiEndpoints,
  ...adminEndpoints,
  ...jobEndpoints,
  ...storageConfigEndpoints,
  ...authConfigEndpoints,
  ...authUserEndpoints,
  ...storageEndpoints,
  ...accessTokenEndpoints,
  ...oauthAppEndpoints,
  ...managementEndpoints,
  ...managementProjectEndpoints,
  ...signingKeyEndpoints,
  ...ssoProviderEndpoints,
  ...realtimeEndpoints,
  ...functionEndpoints,
  ...analyticsEndpoints,
  ...reportEndpoints,
  ...cronEndpoints,
  ...backupEndpoints,
  ...billingEndpoints,
  ...usageEndpoints,
  ...webhooksEndpoints,
  ...wrapperEndpoints,
  ...databaseSettingsEndpoints,
  ...infrastructureEndpoints,
  ...infrastructureManagementEndpoints,
  ...projectGeneralEndpoints,
  ...orgIntegrationEndpoints,
  ...branchEndpoints,
  ...gitEndpoints,
  ...accountPreferenceEndpoints,
  ...dashboardSsoEndpoints,
} as const satisfies Record<string, Endpoint>;

export type { Endpoint };
export type EndpointId = keyof typeof endpoints;
export type BodyOf<K extends EndpointId> = (typeof endpoints)[K] extends { body: infer B extends z.ZodType } ? z.infer<B> : never;
export type ResponseOf<K extends EndpointId> = z.infer<(typeof endpoints)[K]['response']>;
