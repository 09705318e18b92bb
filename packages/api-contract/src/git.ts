import { z } from 'zod';
import { okSchema, refSchema, slugSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * Git repositories and project Git connections (control/git/). An organisation registers
 * repositories by URL (any Git host over HTTPS, with an optional access token; or a local path for
 * air-gapped installs); a project connects to one, a production branch and the folder holding
 * supabase/migrations and supabase/seed.sql. The GitHub-shaped calls of spec document 1 §7 answer
 * over the same tables: the organisation's set of repositories is its one "organization integration".
 */

/** The spec's paging of the GitHub repository list: 100 per page, at most 10 pages. */
export const GIT_REPOS_PER_PAGE = 100;
export const GIT_REPOS_MAX_PAGES = 10;

const addedBySchema = z.object({ id: z.string().nullable(), primary_email: z.string().nullable(), username: z.string().nullable() });

export const gitRepositorySchema = z.object({
  id: z.string(),
  /** owner/repo, from the URL's last two path segments (a local path: its last two folders). */
  name: z.string(),
  /** The URL without credentials, or the local path. */
  url: z.string(),
  has_token: z.boolean(),
  /** Where the Git host sends push events (POST, signed with the repository's webhook secret). */
  webhook_url: z.string(),
  inserted_at: z.string(),
  added_by: addedBySchema.nullable(),
});
export type GitRepository = z.infer<typeof gitRepositorySchema>;

export const gitRepositoryCreateBody = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the repository URL or local path')
    .max(2000)
    .refine((v) => /^(https?:\/\/|file:\/\/|\/)/i.test(v), 'The URL must start with https:// (or http://), or be an absolute local path'),
  /** An access token the Git host accepts as an HTTP password; sealed at rest, never shown again. */
  token: z.string().max(2000).optional(),
});

/** The repository's push webhook as a Git host is set up with it: owners and administrators only. */
export const gitWebhookSecretSchema = z.object({ webhook_url: z.string(), secret: z.string() });
export type GitWebhookSecret = z.infer<typeof gitWebhookSecretSchema>;

/**
 * A push event exactly as the Git host sent it: the signature covers these bytes (GitHub's
 * X-Hub-Signature-256, Gitea's or Forgejo's X-Gitea-Signature / X-Forgejo-Signature, GitLab's
 * X-Gitlab-Token). Its `ref` narrows the branches synced; anything else in it is ignored.
 */
const gitWebhookBody = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, 'The body must be the Git host\'s push event')
  .meta({ type: 'string', format: 'binary' });

export const gitWebhookResultSchema = z.object({
  message: z.string(),
  /** The preview branches asked to apply the push (0 for a ping, another event or another Git branch). */
  branches: z.number().int(),
});

/** A project's Git connection. */
export const gitConnectionSchema = z.object({
  id: z.string(),
  project_ref: z.string(),
  repository: gitRepositorySchema,
  production_branch: z.string(),
  /** The folder holding supabase/ ('' is the repository's root). */
  supabase_directory: z.string(),
  inserted_at: z.string(),
  added_by: addedBySchema.nullable(),
});
export type GitConnection = z.infer<typeof gitConnectionSchema>;

const branchNameSchema = z.string().trim().min(1, 'Enter a branch name').max(255);
const directorySchema = z.string().trim().max(500).default('');

export const gitConnectionCreateBody = z.object({
  repository_id: z.string().uuid(),
  production_branch: branchNameSchema,
  supabase_directory: directorySchema,
});

/** The connected repository's supabase folder at the production branch's head (the SQL editor's download dialog). */
export const gitSupabaseFilesSchema = z.object({
  repository: z.string(),
  branch: z.string(),
  commit: z.string(),
  directory: z.string(),
  migrations: z.array(z.object({ version: z.string(), name: z.string(), path: z.string(), sql: z.string() })),
  seed: z.object({ path: z.string(), sql: z.string() }).nullable(),
});
export type GitSupabaseFiles = z.infer<typeof gitSupabaseFilesSchema>;

/** Spec document 1 §3 "Integration connection". */
export const integrationConnectionSchema = z.object({
  id: z.string(),
  supabase_project_ref: z.string(),
  /** The repository's id. */
  foreign_project_id: z.string(),
  organization_integration_id: z.string(),
  inserted_at: z.string(),
  updated_at: z.string(),
  added_by: addedBySchema,
  metadata: z.object({
    name: z.string(),
    framework: z.string().nullable(),
    account: z.object({ name: z.string(), type: z.string(), avatar: z.string() }),
    gitHubConnectionOwner: z.string().nullable(),
    production_branch: z.string(),
    supabase_directory: z.string(),
  }),
});
export type IntegrationConnection = z.infer<typeof integrationConnectionSchema>;

export const organizationIntegrationSchema = z.object({
  id: z.string(),
  integration: z.object({ name: z.literal('GitHub') }),
  organization: z.object({ slug: z.string() }),
  inserted_at: z.string(),
  updated_at: z.string(),
  added_by: addedBySchema,
  metadata: z.object({ account: z.object({ name: z.string(), type: z.string(), avatar: z.string() }), repositories: z.number().int() }),
  connections: z.array(integrationConnectionSchema),
});
export type OrganizationIntegration = z.infer<typeof organizationIntegrationSchema>;

export const integrationRepositorySchema = z.object({
  id: z.string(),
  name: z.string(),
  full_name: z.string(),
  owner: z.object({ login: z.string() }),
  url: z.string(),
});

export const integrationConnectionCreateBody = z.object({
  organization_integration_id: z.string().max(100),
  connection: z.object({
    foreign_project_id: z.string().uuid(),
    supabase_project_ref: refSchema,
    /** Plinth's additions (defaults: the repository's default branch ... here 'main', and the root). */
    metadata: z
      .object({ production_branch: branchNameSchema.optional(), supabase_directory: directorySchema.optional() })
      .passthrough()
      .optional(),
  }),
});

const slugParams = z.object({ slug: slugSchema });
const refParams = z.object({ ref: refSchema });
const repositoryParams = z.object({ slug: slugSchema, id: z.string().uuid() });
const integrationParams = z.object({ integrationId: z.string().max(100) });
const branchParams = z.object({ integrationId: z.string().max(100), owner: z.string().max(200), repo: z.string().max(200), branch: z.string().max(255) });

export const gitEndpoints = {
  gitRepositories: endpoint({ method: 'GET', path: '/organizations/:slug/git-repositories', summary: "The organization's Git repositories (never their tokens)", params: slugParams, response: z.array(gitRepositorySchema) }),
  gitRepositoryCreate: endpoint({ method: 'POST', path: '/organizations/:slug/git-repositories', summary: 'Add a Git repository (read once to check it can be, then saved)', params: slugParams, body: gitRepositoryCreateBody, response: gitRepositorySchema }),
  gitRepositoryDelete: endpoint({ method: 'DELETE', path: '/organizations/:slug/git-repositories/:id', summary: 'Remove a Git repository and the project connections to it', params: repositoryParams, response: okSchema }),
  gitRepositoryWebhookSecret: endpoint({ method: 'GET', path: '/organizations/:slug/git-repositories/:id/webhook-secret', summary: "The repository's push webhook URL and secret (owners and administrators)", params: repositoryParams, response: gitWebhookSecretSchema }),
  gitRepositoryWebhookSecretRotate: endpoint({ method: 'POST', path: '/organizations/:slug/git-repositories/:id/webhook-secret', summary: "Replace the repository's webhook secret (the Git host must be given the new one)", params: repositoryParams, response: gitWebhookSecretSchema }),
  gitRepositoryWebhook: endpoint({
    method: 'POST',
    path: '/git-webhooks/:id',
    summary: "A Git host's push webhook: the preview branches built from the repository apply the push (queued, not awaited); a ping answers 200. 401 when the signature does not match",
    params: z.object({ id: z.string().max(100) }),
    body: gitWebhookBody,
    response: gitWebhookResultSchema,
    isPublic: true,
  }),
  projectGitConnection: endpoint({ method: 'GET', path: '/projects/:ref/git-connection', summary: "The project's Git connection (null: none)", params: refParams, response: gitConnectionSchema.nullable() }),
  projectGitConnectionCreate: endpoint({ method: 'POST', path: '/projects/:ref/git-connection', summary: 'Connect the project to a repository and production branch (the branch must exist)', params: refParams, body: gitConnectionCreateBody, response: gitConnectionSchema }),
  projectGitConnectionDelete: endpoint({ method: 'DELETE', path: '/projects/:ref/git-connection', summary: "Disconnect the project from its repository", params: refParams, response: okSchema }),
  projectGitFiles: endpoint({ method: 'GET', path: '/projects/:ref/git-connection/files', summary: "The connected repository's supabase/migrations and seed.sql at the production branch", params: refParams, response: gitSupabaseFilesSchema }),

  // GitHub-shaped (spec document 1 §7)
  integrations: endpoint({ method: 'GET', path: '/integrations/:slug', summary: "The organization's integrations: its Git repositories as one GitHub-style integration", params: slugParams, response: z.array(organizationIntegrationSchema) }),
  integrationRepos: endpoint({
    method: 'GET',
    path: '/integrations/github/repos/:integrationId',
    summary: "The integration's repositories, 100 per page, at most 10 pages",
    params: integrationParams,
    query: z.object({
      per_page: z.coerce.number().int().min(1).max(GIT_REPOS_PER_PAGE).default(GIT_REPOS_PER_PAGE),
      page: z.coerce.number().int().min(1).max(GIT_REPOS_MAX_PAGES).default(1),
    }),
    response: z.array(integrationRepositorySchema),
  }),
  integrationBranch: endpoint({
    method: 'GET',
    path: '/integrations/github/branches/:integrationId/:owner/:repo/:branch',
    summary: 'Verify that a branch exists in a repository (a branch name with / is sent URL-encoded)',
    params: branchParams,
    response: z.object({ name: z.string(), commit: z.object({ sha: z.string() }) }),
  }),
  integrationConnectionCreate: endpoint({ method: 'POST', path: '/integrations/github/connections', summary: 'Connect a project to a repository of the integration', body: integrationConnectionCreateBody, response: integrationConnectionSchema }),
  integrationConnectionDelete: endpoint({ method: 'DELETE', path: '/integrations/github/connections/:connectionId', summary: 'Delete a project connection', params: z.object({ connectionId: z.string().uuid() }), response: okSchema }),
} as const satisfies Record<string, Endpoint>;
