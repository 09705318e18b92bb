import { z } from 'zod';
import { projectStatusSchema, slugSchema } from './common.ts';

export const projectSchema = z.object({
  id: z.number().int(),
  ref: z.string(),
  name: z.string(),
  status: projectStatusSchema,
  organization_id: z.number().int(),
  organization_slug: z.string(),
  cloud_provider: z.string(),
  region: z.string(),
  engine: z.enum(['local', 'embedded', 'postgres']),
  /** The PostgreSQL version of the project's database ('18.4'); '' until it is provisioned. */
  postgres_version: z.string(),
  inserted_at: z.string(),
  restUrl: z.string(),
  kpsVersion: z.string(),
  is_branch_enabled: z.boolean(),
  parent_project_ref: z.string().nullable(),
  postgrestStatus: z.enum(['ONLINE', 'OFFLINE']),
  db_host: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectCreateBody = z.object({
  name: z.string().trim().min(1, 'Please provide a project name').max(64, 'Project name must be at most 64 characters'),
  organization_slug: slugSchema,
  db_pass: z
    .string()
    .min(8, 'Database password must be at least 8 characters')
    .max(128, 'Database password must be at most 128 characters'),
});
export const projectUpdateBody = z.object({ name: z.string().trim().min(1).max(64) });
export const projectDeleteBody = z.object({ confirm_ref: z.string() });

export const projectStatusResponse = z.object({ status: projectStatusSchema, error: z.string().nullable() });

const apiKeySchema = z.object({ name: z.string(), tags: z.string(), api_key: z.string() });

/** GET /props/project/{ref}/settings — the spec's "Project settings" shape. */
export const projectSettingsSchema = z.object({
  project: z.object({
    id: z.number().int(),
    ref: z.string(),
    name: z.string(),
    status: projectStatusSchema,
    /** Present only for members allowed to read service keys. */
    jwt_secret: z.string().optional(),
    db_host: z.string(),
    db_port: z.number().int(),
    db_name: z.string(),
    db_user: z.string(),
    inserted_at: z.string(),
  }),
  services: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      app: z.object({ id: z.number().int(), name: z.string() }),
      app_config: z.object({ endpoint: z.string(), protocol: z.string(), db_schema: z.string() }),
      service_api_keys: z.array(apiKeySchema),
    }),
  ),
  autoApiService: z.object({
    endpoint: z.string(),
    protocol: z.string(),
    defaultApiKey: z.string(),
    serviceApiKey: z.string().optional(),
  }),
  customDomain: z.object({ status: z.string(), hostname: z.string() }).nullable(),
  /** The operator's support address (PLINTH_SUPPORT_EMAIL), named where the studio asks people to reach out. */
  support_email: z.string(),
});
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;
