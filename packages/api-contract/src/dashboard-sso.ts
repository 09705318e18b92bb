import { z } from 'zod';
import { emailSchema, roleSchema, slugSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/** Roles a first SSO sign-in may give: anything but Owner (owners are made by an owner). */
export const ssoJoinRoleSchema = roleSchema.exclude(['Owner']);

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain such as example.com');

/** An organisation's single sign-on to the dashboard (OpenID Connect); the client secret is never returned. */
export const dashboardSsoSchema = z.object({
  /** The organisation's plan includes dashboard SSO (Team and Enterprise). */
  available_in_plan: z.boolean(),
  configured: z.boolean(),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  has_client_secret: z.boolean(),
  domains: z.array(z.string()),
  enabled: z.boolean(),
  enforced: z.boolean(),
  default_role: ssoJoinRoleSchema,
  /** The redirect URI to register with the identity provider. */
  callback_url: z.string(),
});
export type DashboardSso = z.infer<typeof dashboardSsoSchema>;

export const dashboardSsoUpdateBody = z.object({
  issuer: z.string().trim().url('Enter the issuer URL, e.g. https://login.example.com').max(2000).refine((value) => /^https?:\/\//i.test(value), 'The issuer must start with https:// or http://'),
  client_id: z.string().trim().min(1, 'Enter the client ID').max(500),
  /** Leave out to keep the stored secret. */
  client_secret: z.string().min(1).max(2000).optional(),
  domains: z.array(domainSchema).max(50),
  enabled: z.boolean(),
  enforced: z.boolean().default(false),
  default_role: ssoJoinRoleSchema.default('Developer'),
});
export type DashboardSsoUpdate = z.input<typeof dashboardSsoUpdateBody>;

/** The studio's PKCE challenge (S256): the dashboard session is handed over only to whoever holds its verifier. */
export const dashboardSsoStartBody = z
  .object({
    email: emailSchema.optional(),
    slug: slugSchema.optional(),
    code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, 'code_challenge must be a base64url S256 challenge'),
    code_challenge_method: z.literal('s256').default('s256'),
  })
  .refine((body) => body.email !== undefined || body.slug !== undefined, 'Enter your work email');

const slugParams = z.object({ slug: slugSchema });

/** Dashboard single sign-on: the organisation's settings and the public sign-in start. */
export const dashboardSsoEndpoints = {
  dashboardSso: endpoint({ method: 'GET', path: '/organizations/:slug/sso', summary: "The organization's dashboard single sign-on (OIDC) settings", params: slugParams, response: dashboardSsoSchema }),
  dashboardSsoUpdate: endpoint({ method: 'PUT', path: '/organizations/:slug/sso', summary: "Set the organization's OIDC identity provider for dashboard sign-in (Team plan and above)", params: slugParams, body: dashboardSsoUpdateBody, response: dashboardSsoSchema }),
  dashboardSsoStart: endpoint({ method: 'POST', path: '/auth/sso/start', summary: "Start a dashboard sign-in through an organization's identity provider, found by email domain or slug", body: dashboardSsoStartBody, response: z.object({ url: z.string() }), isPublic: true }),
} as const satisfies Record<string, Endpoint>;
