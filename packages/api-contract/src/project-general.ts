import { z } from 'zod';
import { refSchema, slugSchema } from './common.ts';
import { endpoint } from './endpoints-base.ts';
import { projectSchema } from './projects.ts';

/**
 * Settings > General beyond name, pause and delete (issue 17): moving a project to another
 * organisation and restarting its services. Paths and shapes are Supabase's.
 */

export const projectTransferBody = z.object({ target_organization_slug: slugSchema });

const transferNoteSchema = z.object({ key: z.string(), message: z.string() });

/** Supabase's preview: what moving would do, and whether it may happen (`valid`). */
export const projectTransferPreviewSchema = z.object({
  valid: z.boolean(),
  warnings: z.array(transferNoteSchema),
  errors: z.array(transferNoteSchema),
  info: z.array(transferNoteSchema),
  /** Owners and administrators of a Free target who would exceed its free-project limit. */
  members_exceeding_free_project_limit: z.array(z.object({ name: z.string(), limit: z.number().int() })),
  source_subscription_plan: z.string(),
  target_subscription_plan: z.string().nullable(),
  /** Plinth bills nothing: these stay 0, kept for Supabase's clients. */
  credits_on_source_organization: z.number(),
  costs_on_target_organization: z.number(),
  charge_on_target_organization: z.number(),
  has_access_to_target_organization: z.boolean(),
});
export type ProjectTransferPreview = z.infer<typeof projectTransferPreviewSchema>;

const refParams = z.object({ ref: refSchema });

export const projectGeneralEndpoints = {
  projectTransferPreview: endpoint({
    method: 'POST', path: '/projects/:ref/transfer/preview',
    summary: 'What moving the project to another organization would do',
    params: refParams, body: projectTransferBody, response: projectTransferPreviewSchema,
  }),
  projectTransfer: endpoint({
    method: 'POST', path: '/projects/:ref/transfer',
    summary: 'Move the project to another organization the caller administers',
    params: refParams, body: projectTransferBody, response: projectSchema,
  }),
  projectRestart: endpoint({
    method: 'POST', path: '/projects/:ref/restart',
    summary: "Restart the project's database and services; answers once the database answers again",
    params: refParams, response: projectSchema,
  }),
};
