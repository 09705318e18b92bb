import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint } from './endpoints-base.ts';

/**
 * Database Webhooks (Database > Webhooks): whether the project has enabled pg_net's SQL surface
 * (net.http_get/http_post/http_delete, net._http_response) and supabase_functions.http_request,
 * and enabling it. The webhooks themselves are triggers made in SQL (the page creates and drops them
 * through the SQL query endpoint), as on Supabase; the platform sends the queued requests.
 */
export const webhooksStatusSchema = z.object({
  enabled: z.boolean(),
});
export type WebhooksStatus = z.infer<typeof webhooksStatusSchema>;

const refParams = z.object({ ref: refSchema });

export const webhooksEndpoints = {
  webhooksStatus: endpoint({
    method: 'GET', path: '/projects/:ref/hooks',
    summary: 'Whether database webhooks are enabled in the project (TENANT_SQL_ADMIN_READ)',
    params: refParams, response: webhooksStatusSchema,
  }),
  webhooksEnable: endpoint({
    method: 'POST', path: '/projects/:ref/hooks/enable',
    summary: "Installs the net and supabase_functions schemas in the project's database and starts sending its requests (TENANT_SQL_ADMIN_WRITE)",
    params: refParams, response: webhooksStatusSchema,
  }),
};
