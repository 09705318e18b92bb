import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

const refParams = z.object({ ref: refSchema });

export const jwtSecretUpdateStatusSchema = z.object({
  status: z.enum(['updating', 'updated', 'failed']),
  progress: z.string().nullable(),
  error: z.string().nullable(),
  change_tracking_id: z.string(),
});

export const postgrestConfigSchema = z.object({
  /** Comma-separated exposed schemas. */
  db_schema: z.string(),
  max_rows: z.number().int(),
  /** Whether the REST API answers query plans (Accept: application/vnd.pgrst.plan); off by default. */
  db_plan_enabled: z.boolean(),
});

/** Project data API settings endpoints (exposed schemas, max rows, JWT secret, custom hostname). */
export const dataApiEndpoints = {
  jwtSecretUpdateStatus: endpoint({
    method: 'GET',
    path: '/props/project/:ref/jwt-secret-update-status',
    summary: 'JWT secret rotation status',
    params: refParams,
    response: z.object({ jwtSecretUpdateStatus: z.object({ meta: jwtSecretUpdateStatusSchema }).nullable() }),
  }),
  jwtSecretUpdate: endpoint({
    method: 'POST',
    path: '/projects/:ref/config/secrets/update-jwt-secret',
    summary: 'Rotate the JWT secret (generated, or your own) and re-sign the API keys',
    params: refParams,
    body: z.object({ jwt_secret: z.string().min(32, 'The JWT secret must be at least 32 characters').max(512).optional() }),
    response: z.object({ change_tracking_id: z.string() }),
  }),
  postgrestConfig: endpoint({
    method: 'GET',
    path: '/projects/:ref/config/postgrest',
    summary: 'Data API settings: exposed schemas, max rows and query plans',
    params: refParams,
    response: postgrestConfigSchema,
  }),
  postgrestConfigUpdate: endpoint({
    method: 'PATCH',
    path: '/projects/:ref/config/postgrest',
    summary: 'Change exposed schemas, max rows or whether query plans are answered',
    params: refParams,
    body: z.object({
      db_schema: z.string().max(2000).optional(),
      max_rows: z.number().int().min(1, 'Max rows must be at least 1').max(1_000_000, 'Max rows can be at most 1,000,000').optional(),
      db_plan_enabled: z.boolean().optional(),
    }),
    response: postgrestConfigSchema,
  }),
  projectRestDocument: endpoint({
    method: 'GET',
    path: '/projects/:ref/api/rest',
    summary: "The OpenAPI 2.0 document of the project's REST API, as service_role when the caller may read service keys, else as anon",
    params: refParams,
    response: z.record(z.string(), z.unknown()),
  }),
  customHostname: endpoint({
    method: 'GET',
    path: '/projects/:ref/custom-hostname',
    summary: 'Custom hostname status (none can be configured on a self-hosted Plinth)',
    params: refParams,
    response: z.object({ status: z.string(), custom_hostname: z.string() }),
  }),
} as const satisfies Record<string, Endpoint>;
