import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint } from './endpoints-base.ts';

/**
 * Settings > Infrastructure, upgrade eligibility and resource warnings (issue 17). Shapes follow
 * Supabase's: the eligibility of its Management API, the per-project resource warnings its studio
 * reads for the banner.
 */

const levelSchema = z.enum(['warning', 'critical']).nullable();

/** One project's warnings; a level is null when that resource is fine or not measured here. */
export const resourceWarningSchema = z.object({
  project: z.string(),
  is_readonly_mode_enabled: z.boolean(),
  disk_io_exhaustion: levelSchema,
  disk_space_exhaustion: levelSchema,
  cpu_exhaustion: levelSchema,
  memory_and_swap_exhaustion: levelSchema,
  auth_email_offender: levelSchema,
  auth_rate_limit_exhaustion: levelSchema,
  auth_restricted_email_sending: levelSchema,
  need_pitr: levelSchema,
});
export type ResourceWarning = z.infer<typeof resourceWarningSchema>;

export const upgradeEligibilitySchema = z.object({
  eligible: z.boolean(),
  /** Names the running PostgreSQL major, e.g. plinth-postgres-17.10. */
  current_app_version: z.string(),
  current_app_version_release_channel: z.string(),
  latest_app_version: z.string(),
  target_upgrade_versions: z.array(z.object({ postgres_version: z.string(), release_channel: z.string(), app_version: z.string() })),
  /** Why the project cannot upgrade, in words a person acts on; null when nothing stands in the way. */
  requires_manual_intervention: z.string().nullable(),
  potential_breaking_changes: z.array(z.string()),
  duration_estimate_hours: z.number(),
  legacy_auth_custom_roles: z.array(z.string()),
  objects_to_be_dropped: z.array(z.string()),
  unsupported_extensions: z.array(z.string()),
  user_defined_objects_in_internal_schemas: z.array(z.string()),
  extension_dependent_objects: z.array(z.string()),
});
export type UpgradeEligibility = z.infer<typeof upgradeEligibilitySchema>;

export const projectInfrastructureSchema = z.object({
  engine: z.enum(['local', 'embedded', 'postgres']),
  /** Where the database runs: the server's host and port (never a password), or the engine's own words. */
  server: z.string(),
  postgres_version: z.string(),
  /** pg_database_size of the project's database; null while it does not answer. */
  disk_used_bytes: z.number().nullable(),
  /** The disk quota: what the organisation's plan includes (or the operator's PLINTH_DISK_QUOTA_BYTES); null: unlimited. */
  disk_included_bytes: z.number().nullable(),
  /** Read-only mode: since when (ISO) the database refuses writes for being over the quota; null: it takes writes. */
  read_only_since: z.string().nullable(),
  /** Connections open to the project's database and the most it allows; null where not measured. */
  connections: z.object({ used: z.number(), max: z.number() }).nullable(),
  upgrade: upgradeEligibilitySchema,
});
export type ProjectInfrastructure = z.infer<typeof projectInfrastructureSchema>;

/**
 * A PostgreSQL major upgrade's progress, Supabase's shape. status: 0 running, 1 failed (the project
 * is back on its old major, data unaffected), 2 upgraded. progress: `{index}_{step}`, the step it is
 * in (0 prepare new server ... 7 optimize database).
 */
export const databaseUpgradeStatusSchema = z.object({
  initiated_at: z.string(),
  latest_status_at: z.string(),
  target_version: z.number(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  progress: z.string(),
  error: z.string().nullable(),
});
export type DatabaseUpgradeStatus = z.infer<typeof databaseUpgradeStatusSchema>;
export const upgradeStatusResponseSchema = z.object({ databaseUpgradeStatus: databaseUpgradeStatusSchema.nullable() });

/** `target_version` is a major, as eligibility's target_upgrade_versions name them ('18' or 18). */
export const upgradeBody = z.object({
  target_version: z.union([z.string().regex(/^\d{2}$/), z.number().int()]).transform(Number),
  release_channel: z.string().optional(),
});
export const upgradeResponseSchema = z.object({ tracking_id: z.string() });

const refParams = z.object({ ref: refSchema });

export const infrastructureEndpoints = {
  resourceWarnings: endpoint({
    method: 'GET', path: '/projects-resource-warnings',
    summary: 'Resource warnings of every project the caller can see (disk used against the plan)',
    response: z.array(resourceWarningSchema),
  }),
  projectInfrastructure: endpoint({
    method: 'GET', path: '/projects/:ref/infrastructure',
    summary: "The project's engine, server, Postgres version, disk and upgrade eligibility",
    params: refParams, response: projectInfrastructureSchema,
  }),
  projectUpgrade: endpoint({
    method: 'POST', path: '/projects/:ref/upgrade',
    summary: 'Upgrade the project to a newer PostgreSQL major (offline while it runs)',
    params: refParams, body: upgradeBody, response: upgradeResponseSchema,
  }),
};

/** In the Management API (/api/v1). */
export const infrastructureManagementEndpoints = {
  v1UpgradeEligibility: endpoint({
    method: 'GET', path: '/projects/:ref/upgrade/eligibility', scope: 'projects:read',
    summary: 'Whether the project can move to a newer PostgreSQL major, and to which',
    params: refParams, response: upgradeEligibilitySchema,
  }),
  v1Upgrade: endpoint({
    method: 'POST', path: '/projects/:ref/upgrade', scope: 'projects:write',
    summary: 'Upgrade the project to a newer PostgreSQL major (offline while it runs)',
    params: refParams, body: upgradeBody, response: upgradeResponseSchema,
  }),
  v1UpgradeStatus: endpoint({
    method: 'GET', path: '/projects/:ref/upgrade/status', scope: 'projects:read',
    summary: "The project's latest PostgreSQL major upgrade and its progress",
    params: refParams, response: upgradeStatusResponseSchema,
  }),
};
