import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * Database branches (Management API, Supabase's shapes): a preview branch is a project of its own,
 * built from a Git branch's supabase/migrations and seed.sql (spec document 1, the branching dialog
 * and POST /v1/projects/{ref}/branches).
 */
export const BRANCH_STATUSES = ['CREATING_PROJECT', 'RUNNING_MIGRATIONS', 'MIGRATIONS_PASSED', 'MIGRATIONS_FAILED'] as const;
export const branchStatusSchema = z.enum(BRANCH_STATUSES);
export type BranchStatus = z.infer<typeof branchStatusSchema>;

/** The spec's minimum branch-name length (§9). */
export const BRANCH_NAME_MIN_LENGTH = 2;

const branchNameSchema = z
  .string()
  .trim()
  .min(BRANCH_NAME_MIN_LENGTH, 'branch_name: at least 2 characters')
  .max(200)
  .refine((name) => !/[\u0000-\u001f]/.test(name), 'branch_name: no control characters');
const gitBranchSchema = z.string().trim().min(1).max(250);

export const branchSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The branch's own project. */
  project_ref: z.string(),
  parent_project_ref: z.string(),
  is_default: z.boolean(),
  git_branch: z.string(),
  persistent: z.boolean(),
  status: branchStatusSchema,
  /** The branch project's status (COMING_UP while its database is made). */
  project_status: z.string(),
  /** Data branching: the branch started as a copy of the parent's data. */
  with_data: z.boolean(),
  /** Why the last migration or the build failed (MIGRATIONS_FAILED). */
  error: z.string().nullable(),
  /** The Git commit whose migrations were applied last. */
  last_commit: z.string().nullable(),
  last_migration: z.object({ version: z.string(), name: z.string(), applied_at: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Branch = z.infer<typeof branchSchema>;

/** What was applied to a branch, one row per migration (oldest first), and every failed attempt (oldest first, kept after a later success). */
export const branchMigrationLogSchema = z.object({
  migrations: z.array(z.object({ version: z.string(), name: z.string(), git_commit: z.string().nullable(), applied_at: z.string() })),
  failures: z.array(
    z.object({
      /** null when the seed or the build itself failed, not one migration. */
      version: z.string().nullable(),
      name: z.string().nullable(),
      git_commit: z.string().nullable(),
      message: z.string(),
      failed_at: z.string(),
    }),
  ),
});
export type BranchMigrationLog = z.infer<typeof branchMigrationLogSchema>;

export const branchCreateBody = z.object({
  branch_name: branchNameSchema,
  /** The Git branch whose migrations build it; default: branch_name. */
  git_branch: gitBranchSchema.optional(),
  /** Accepted for compatibility: a Plinth installation runs every project in its own one region. */
  region: z.string().max(64).optional(),
  /** Start as a copy of the parent's data (local and embedded: its files; postgres: CREATE DATABASE ... TEMPLATE). */
  with_data: z.boolean().optional(),
});

export const branchUpdateBody = z.object({ branch_name: branchNameSchema.optional(), git_branch: gitBranchSchema.optional() });

const refParams = z.object({ ref: refSchema });
const branchParams = z.object({ id: z.string().max(64) });
const messageSchema = z.object({ message: z.string() });

export const branchEndpoints = {
  v1Branches: endpoint({ method: 'GET', path: '/projects/:ref/branches', scope: 'projects:read', summary: "The project's database branches", params: refParams, response: z.array(branchSchema) }),
  v1BranchCreate: endpoint({
    method: 'POST',
    path: '/projects/:ref/branches',
    scope: 'projects:write',
    summary: "Create a preview branch: a new project built from the Git branch's migrations and seed (status until MIGRATIONS_PASSED)",
    params: refParams,
    body: branchCreateBody,
    response: branchSchema,
  }),
  v1Branch: endpoint({ method: 'GET', path: '/branches/:id', scope: 'projects:read', summary: 'One database branch', params: branchParams, response: branchSchema }),
  v1BranchUpdate: endpoint({ method: 'PATCH', path: '/branches/:id', scope: 'projects:write', summary: "Rename a branch or change its Git branch", params: branchParams, body: branchUpdateBody, response: branchSchema }),
  v1BranchDelete: endpoint({ method: 'DELETE', path: '/branches/:id', scope: 'projects:write', summary: "Delete a branch and its project", params: branchParams, response: messageSchema }),
  v1BranchReset: endpoint({ method: 'POST', path: '/branches/:id/reset', scope: 'projects:write', summary: "Rebuild the branch's database from its Git branch", params: branchParams, response: messageSchema }),
  v1BranchPush: endpoint({
    method: 'POST',
    path: '/branches/:id/push',
    scope: 'projects:write',
    summary: "A push to the Git branch (webhook): apply its new migrations now; answers with the branch once done",
    params: branchParams,
    response: branchSchema,
  }),
  v1BranchMigrations: endpoint({
    method: 'GET',
    path: '/branches/:id/migrations',
    scope: 'projects:read',
    summary: "The branch's migration history and its failure log",
    params: branchParams,
    response: branchMigrationLogSchema,
  }),
  v1BranchDiff: endpoint({ method: 'GET', path: '/branches/:id/diff', scope: 'projects:read', summary: "The SQL a merge would apply to the parent", params: branchParams, response: z.string(), responseMediaType: 'text/plain' }),
  v1BranchMerge: endpoint({
    method: 'POST',
    path: '/branches/:id/merge',
    scope: 'projects:write',
    summary: "Apply the branch's new migrations to the parent project",
    params: branchParams,
    response: messageSchema.extend({ migrations: z.array(z.object({ version: z.string(), name: z.string() })) }),
  }),
} as const satisfies Record<string, Endpoint>;

