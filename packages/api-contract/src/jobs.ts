import { z } from 'zod';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * The operator's view of the platform's background jobs (PLINTH_OPERATORS): what failed and why, what
 * runs now, and a retry for a failed one. Anyone else gets 403.
 */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

export const jobSchema = z.object({
  id: z.string().uuid(),
  /** The kind of work: project-provision, project-pause, project-restore, project-delete, project-jwt-rotate. */
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** What the job works on; secrets never appear (an encrypted value reads "[encrypted]"). */
  data: z.record(z.string(), z.unknown()).nullable(),
  /** Attempts made before the current or last one. */
  retry_count: z.number().int(),
  /** Attempts allowed after the first. */
  retry_limit: z.number().int(),
  /** The last attempt's error, while retrying or once failed. */
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** When the job may run (next): later than created_at while it waits for a retry. */
  start_after: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListQuery = z.object({
  state: z.enum(JOB_STATES).optional(),
  name: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const jobListResponse = z.object({ jobs: z.array(jobSchema), total: z.number().int() });

const jobParams = z.object({ id: z.string().uuid() });

export const jobEndpoints = {
  adminJobs: endpoint({
    method: 'GET',
    path: '/admin/jobs',
    summary: 'Background jobs, newest first, by state and kind (operators only)',
    query: jobListQuery,
    response: jobListResponse,
  }),
  adminJobRetry: endpoint({
    method: 'POST',
    path: '/admin/jobs/:id/retry',
    summary: 'Run a failed background job again (operators only)',
    params: jobParams,
    response: jobSchema,
  }),
} as const satisfies Record<string, Endpoint>;
