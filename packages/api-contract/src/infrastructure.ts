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
  /** What the organisation's plan includes; null: unlimited. */
  disk_included_bytes: z.number().nullable(),
  /** Connections open to the project's database and the most it allows; null where not measured. */
  connections: z.object({ used: z.number(), max: z.number() }).nullable(),
  upgrade: upgradeEligibilitySchema,
});
export type ProjectInfrastructure = z.infer<typeof projectInfrastructureSchema>;

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
};

/** In the Management API (/api/v1). */
export const infrastructureManagementEndpoints = {
  v1UpgradeEligibility: endpoint({
    method: 'GET', path: '/projects/:ref/upgrade/eligibility', scope: 'projects:read',
    summary: 'Whether the project can move to a newer PostgreSQL major, and to which',
    params: refParams, response: upgradeEligibilitySchema,
  }),
};
