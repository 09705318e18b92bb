import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * The studio's Authentication > Users calls and the mail catcher's inbox. Members act on the
 * project's users through the platform (never with the service key in the browser); reading needs
 * the SQL read permission, changing the SQL write permission, as the users live in the database.
 */

const identitySchema = z.object({
  identity_id: z.string(),
  id: z.string(),
  user_id: z.string(),
  identity_data: z.record(z.string(), z.unknown()),
  provider: z.string(),
  email: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const factorSchema = z.object({
  id: z.string(),
  friendly_name: z.string().nullable(),
  factor_type: z.string(),
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A project user as GoTrue presents it. */
export const authUserSchema = z.object({
  id: z.string(),
  aud: z.string(),
  role: z.string(),
  email: z.string(),
  email_confirmed_at: z.string().nullable(),
  phone: z.string(),
  confirmed_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  invited_at: z.string().nullable().optional(),
  app_metadata: z.record(z.string(), z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
  identities: z.array(identitySchema),
  factors: z.array(factorSchema),
  created_at: z.string(),
  updated_at: z.string(),
  is_anonymous: z.boolean(),
  banned_until: z.string().optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const AUTH_USER_FILTERS = ['all', 'verified', 'unverified', 'anonymous'] as const;
export const AUTH_USER_SORTS = ['created_at', 'email', 'last_sign_in_at'] as const;

export const authUsersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(1000).default(50),
  /** Matches email, phone or id (a part of it). */
  keywords: z.string().max(320).default(''),
  filter: z.enum(AUTH_USER_FILTERS).default('all'),
  /** A provider users have an identity with ('email', 'google', ...); '' for any. */
  provider: z.string().max(64).default(''),
  sort: z.enum(AUTH_USER_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AuthUsersQuery = z.infer<typeof authUsersQuery>;

const emailField = z.string().trim().min(1, 'Please provide an email address').max(320);

export const authUserCreateBody = z.object({
  email: emailField,
  password: z.string().min(1, 'Please provide a password').max(1024),
  /** Confirm the address at once (the studio's "Auto Confirm User?"). */
  email_confirm: z.boolean().default(true),
});

export const authUserUpdateBody = z
  .object({
    /** Go-style duration ('24h', '876000h') or 'none' to lift a ban. */
    ban_duration: z.string().max(32).optional(),
    user_metadata: z.record(z.string(), z.unknown()).optional(),
    app_metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export const mailMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

const refParams = z.object({ ref: refSchema });
const userParams = z.object({ ref: refSchema, id: z.string().uuid('Not a user id') });
const emailBody = z.object({ email: emailField });
const sent = z.object({ message: z.string() });

export const authUserEndpoints = {
  authUsers: endpoint({
    method: 'GET',
    path: '/projects/:ref/auth/users',
    summary: "One page of the project's users, searched, filtered and sorted",
    params: refParams,
    query: authUsersQuery,
    response: z.object({ users: z.array(authUserSchema), total: z.number().int() }),
  }),
  authUser: endpoint({ method: 'GET', path: '/projects/:ref/auth/users/:id', summary: 'One user', params: userParams, response: authUserSchema }),
  authUserCreate: endpoint({
    method: 'POST',
    path: '/projects/:ref/auth/users',
    summary: 'Create a user with a password',
    params: refParams,
    body: authUserCreateBody,
    response: authUserSchema,
  }),
  authUserUpdate: endpoint({
    method: 'PATCH',
    path: '/projects/:ref/auth/users/:id',
    summary: "Ban or unban a user, or change their metadata",
    params: userParams,
    body: authUserUpdateBody,
    response: authUserSchema,
  }),
  authUserDelete: endpoint({ method: 'DELETE', path: '/projects/:ref/auth/users/:id', summary: 'Delete a user', params: userParams, response: sent }),
  authUserFactorsDelete: endpoint({
    method: 'DELETE',
    path: '/projects/:ref/auth/users/:id/factors',
    summary: "Remove every MFA factor of a user",
    params: userParams,
    response: sent,
  }),
  authUserInvite: endpoint({ method: 'POST', path: '/projects/:ref/auth/invite', summary: 'Invite a user by email', params: refParams, body: emailBody, response: authUserSchema }),
  authUserMagicLink: endpoint({ method: 'POST', path: '/projects/:ref/auth/magiclink', summary: 'Send a magic link', params: refParams, body: emailBody, response: sent }),
  authUserRecover: endpoint({ method: 'POST', path: '/projects/:ref/auth/recover', summary: 'Send a password recovery email', params: refParams, body: emailBody, response: sent }),
  projectMail: endpoint({
    method: 'GET',
    path: '/projects/:ref/mail',
    summary: "The mail catcher's inbox: messages the project sent while no SMTP server is set, newest first",
    params: refParams,
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
    response: z.array(mailMessageSchema),
  }),
  projectMailClear: endpoint({ method: 'DELETE', path: '/projects/:ref/mail', summary: "Empty the mail catcher's inbox", params: refParams, response: sent }),
} as const satisfies Record<string, Endpoint>;
