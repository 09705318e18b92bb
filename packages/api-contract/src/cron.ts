import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint } from './endpoints-base.ts';

/**
 * Cron (Database > Cron): whether the project has enabled pg_cron's SQL surface (schema cron,
 * cron.schedule, cron.job, cron.job_run_details), and enabling it. Jobs themselves are managed in
 * SQL (the page runs cron.schedule / cron.unschedule through the SQL query endpoint), as on Supabase.
 */
export const cronStatusSchema = z.object({
  enabled: z.boolean(),
  /** How long a job's command may run before it is stopped. */
  timeout_seconds: z.number().int(),
});
export type CronStatus = z.infer<typeof cronStatusSchema>;

const refParams = z.object({ ref: refSchema });

export const cronEndpoints = {
  cronStatus: endpoint({
    method: 'GET', path: '/projects/:ref/cron',
    summary: 'Whether cron is enabled in the project (TENANT_SQL_ADMIN_READ)',
    params: refParams, response: cronStatusSchema,
  }),
  cronEnable: endpoint({
    method: 'POST', path: '/projects/:ref/cron/enable',
    summary: "Installs the cron schema in the project's database and starts running its jobs (TENANT_SQL_ADMIN_WRITE)",
    params: refParams, response: cronStatusSchema,
  }),
};
