import { z } from 'zod';
import { MAX_UPLOAD_SIZE_BYTES } from '@plinth/plans';
import { planSchema, refSchema, slugSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';
import { v1ProjectSchema } from './management.ts';
import { projectCreateBody } from './projects.ts';
import { storageConfigSchema } from './storage-config.ts';

/**
 * The Management API calls the Supabase CLI and Terraform provider make about organisations,
 * projects and their configuration, in Supabase's v1 shapes (paths below /api/v1). Unknown body
 * fields (instance sizes, release channels) are ignored, as Supabase ignores what it does not use.
 */
const refParams = z.object({ ref: refSchema });

export const v1OrganizationDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  plan: planSchema,
  opt_in_tags: z.array(z.string()),
  allowed_release_channels: z.array(z.string()),
});

export const v1ProjectCreateBody = z
  .object({
    name: projectCreateBody.shape.name,
    /** Supabase's id of an organisation is Plinth's slug; newer clients send organization_slug. */
    organization_id: slugSchema.optional(),
    organization_slug: slugSchema.optional(),
    db_pass: projectCreateBody.shape.db_pass,
    /** Accepted for compatibility: a Plinth installation runs every project in its own one region. */
    region: z.string().max(64).optional(),
    /** Accepted for compatibility: the plan belongs to the organisation (its billing page). */
    plan: planSchema.optional(),
  })
  .refine((body) => body.organization_id ?? body.organization_slug, { message: 'organization_id: name the organization', path: ['organization_id'] });

export const V1_HEALTH_SERVICES = ['auth', 'db', 'db_postgres_user', 'pooler', 'realtime', 'rest', 'storage'] as const;

export const v1ServiceHealthSchema = z.object({
  name: z.enum(V1_HEALTH_SERVICES),
  healthy: z.boolean(),
  status: z.enum(['COMING_UP', 'ACTIVE_HEALTHY', 'UNHEALTHY']),
  error: z.string().optional(),
});
export type V1ServiceHealth = z.infer<typeof v1ServiceHealthSchema>;

/** `services=auth,db` or `services=auth&services=db`, as clients send arrays in a query. */
const servicesQuery = z.object({
  services: z.preprocess(
    (value) => (Array.isArray(value) ? value : String(value ?? '').split(',')).map((s) => String(s).trim()).filter(Boolean),
    z.array(z.enum(V1_HEALTH_SERVICES)).min(1, 'services: name at least one of ' + V1_HEALTH_SERVICES.join(', ')),
  ),
});

export const v1MigrationSchema = z.object({ version: z.string(), name: z.string().nullable() });
export type V1Migration = z.infer<typeof v1MigrationSchema>;

export const v1MigrationApplyBody = z.object({
  query: z.string().min(1, 'query: the migration SQL'),
  name: z.string().trim().max(255).optional(),
});

export const v1PostgrestConfigSchema = z.object({
  db_schema: z.string(),
  max_rows: z.number().int(),
  /** Plinth's data plane always resolves unqualified names in public and extensions. */
  db_extra_search_path: z.string(),
  /** Plinth sizes the data plane's pool itself: not configurable (null). */
  db_pool: z.number().int().nullable(),
});
export type V1PostgrestConfig = z.infer<typeof v1PostgrestConfigSchema>;

export const v1PostgrestConfigBody = z.object({
  db_schema: z.string().max(2000).optional(),
  max_rows: z.number().int().min(1, 'Max rows must be at least 1').max(1_000_000, 'Max rows can be at most 1,000,000').optional(),
  db_extra_search_path: z.string().max(2000).optional(),
  db_pool: z.number().int().nullable().optional(),
});

export const v1StorageConfigBody = z.object({
  fileSizeLimit: z.number().int().min(0).max(MAX_UPLOAD_SIZE_BYTES, `Upload file size limit must be up to 5GB (${MAX_UPLOAD_SIZE_BYTES} bytes)`).optional(),
  features: z.object({ imageTransformation: z.object({ enabled: z.boolean() }).optional() }).passthrough().optional(),
});

export const managementProjectEndpoints = {
  v1Organization: endpoint({ method: 'GET', path: '/organizations/:slug', scope: 'organizations:read', summary: 'One organization the caller belongs to, with its plan', params: z.object({ slug: slugSchema }), response: v1OrganizationDetailSchema }),
  v1ProjectCreate: endpoint({ method: 'POST', path: '/projects', scope: 'projects:write', summary: 'Create a project in an organization (status COMING_UP until provisioned)', body: v1ProjectCreateBody, response: v1ProjectSchema }),
  v1ProjectDelete: endpoint({ method: 'DELETE', path: '/projects/:ref', scope: 'projects:write', summary: 'Delete a project, its database and files', params: refParams, response: z.object({ id: z.string(), ref: z.string(), name: z.string() }) }),
  v1ProjectPause: endpoint({ method: 'POST', path: '/projects/:ref/pause', scope: 'projects:write', summary: 'Pause a healthy project', params: refParams, response: v1ProjectSchema }),
  v1ProjectRestore: endpoint({ method: 'POST', path: '/projects/:ref/restore', scope: 'projects:write', summary: 'Restore a paused project', params: refParams, response: v1ProjectSchema }),
  v1ProjectHealth: endpoint({ method: 'GET', path: '/projects/:ref/health', scope: 'projects:read', summary: "The health of the project's services, each asked now", params: refParams, query: servicesQuery, response: z.array(v1ServiceHealthSchema) }),
  v1DatabaseQuery: endpoint({ method: 'POST', path: '/projects/:ref/database/query', scope: 'database:write', summary: "Run SQL on the project's database; the rows of the last statement", params: refParams, body: z.object({ query: z.string().min(1, 'query: the SQL to run') }), response: z.array(z.record(z.string(), z.unknown())) }),
  v1Migrations: endpoint({ method: 'GET', path: '/projects/:ref/database/migrations', scope: 'database:read', summary: 'The applied migrations (supabase_migrations.schema_migrations), oldest first', params: refParams, response: z.array(v1MigrationSchema) }),
  v1MigrationApply: endpoint({ method: 'POST', path: '/projects/:ref/database/migrations', scope: 'database:write', summary: 'Apply a migration and record it in the history, in one transaction', params: refParams, body: v1MigrationApplyBody, response: v1MigrationSchema }),
  v1PostgrestConfig: endpoint({ method: 'GET', path: '/projects/:ref/postgrest', scope: 'rest:read', summary: "The Data API's settings", params: refParams, response: v1PostgrestConfigSchema }),
  v1PostgrestConfigUpdate: endpoint({ method: 'PATCH', path: '/projects/:ref/postgrest', scope: 'rest:write', summary: "Change the Data API's exposed schemas or max rows", params: refParams, body: v1PostgrestConfigBody, response: v1PostgrestConfigSchema }),
  v1StorageConfig: endpoint({ method: 'GET', path: '/projects/:ref/config/storage', scope: 'storage:read', summary: "The project's storage configuration", params: refParams, response: storageConfigSchema }),
  v1StorageConfigUpdate: endpoint({ method: 'PATCH', path: '/projects/:ref/config/storage', scope: 'storage:write', summary: "Set the project's global upload size limit (paid plans)", params: refParams, body: v1StorageConfigBody, response: storageConfigSchema }),
} as const satisfies Record<string, Endpoint>;
