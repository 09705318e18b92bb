import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * Connecting from outside (Settings > Database, the Connect dialog, the Management API): the
 * pooler's address and settings in Supabase's shapes, the database password, network restrictions
 * and SSL enforcement, all enforced by the pooler. Reading needs project read access; changing
 * them needs the right to update the project (Action.UPDATE on the project, as other settings).
 */

export const POOL_MODES = ['transaction', 'session'] as const;
export type PoolMode = (typeof POOL_MODES)[number];

/** Supabase's `GET /v1/projects/{ref}/config/database/pooler` entry; the password is never included. */
export const poolerConfigSchema = z.object({
  identifier: z.string(),
  database_type: z.literal('PRIMARY'),
  is_using_scram_auth: z.boolean(),
  db_user: z.string(),
  db_host: z.string(),
  db_port: z.number(),
  db_name: z.string(),
  /** `postgres://postgres.{ref}:[YOUR-PASSWORD]@{host}:{port}/postgres` */
  connection_string: z.string(),
  default_pool_size: z.number(),
  /** The plan's client connection limit; null where the plan sets none (Enterprise: custom), as Supabase's nullable field. */
  max_client_conn: z.number().nullable(),
  pool_mode: z.enum(POOL_MODES),
});
export type PoolerConfig = z.infer<typeof poolerConfigSchema>;

export const poolerConfigUpdateBody = z.object({
  /** Server connections per project the pooler keeps; bounded by the plan (max_client_conn is the plan's). */
  default_pool_size: z.number().int().min(1).max(200).optional(),
  pool_mode: z.enum(POOL_MODES).optional(),
});

/** Everything Settings > Database and the Connect dialog show, in one call. */
export const databaseSettingsSchema = z.object({
  engine: z.enum(['embedded', 'local', 'postgres']),
  /** The pooler: one entry per mode it serves for this project (transaction, and session where the engine allows). */
  pooler: z.array(poolerConfigSchema),
  /** A direct connection to the project's own server, where there is one the outside can reach; null otherwise. */
  direct: z.object({ host: z.string(), port: z.number(), user: z.string(), name: z.string(), connection_string: z.string() }).nullable(),
  /** Whether the pooler has a TLS certificate (PLINTH_POOLER_TLS_CERT/KEY); without it SSL cannot be enforced. */
  tls_available: z.boolean(),
  ssl_enforced: z.boolean(),
  /** CIDRs allowed to connect through the pooler; empty = everyone. */
  allowed_cidrs: z.array(z.string()),
  database_size_bytes: z.number(),
});
export type DatabaseSettings = z.infer<typeof databaseSettingsSchema>;

export const databasePasswordBody = z.object({
  password: z.string().min(8, 'Password must be at least 8 characters').max(256),
});

const cidr = z.string().trim().max(64).refine((value) => /^[0-9a-fA-F:.]+\/\d{1,3}$/.test(value), 'Expected an IP range in CIDR notation, e.g. 203.0.113.0/24');

/** Supabase's network restrictions shape (v1). */
export const networkRestrictionsSchema = z.object({
  entitlement: z.enum(['allowed', 'disallowed']),
  config: z.object({ dbAllowedCidrs: z.array(z.string()), dbAllowedCidrsV6: z.array(z.string()) }),
  status: z.enum(['stored', 'applied']),
});
export const networkRestrictionsApplyBody = z.object({
  dbAllowedCidrs: z.array(cidr).max(100).default([]),
  dbAllowedCidrsV6: z.array(cidr).max(100).default([]),
});

/** Supabase's SSL enforcement shape (v1). */
export const sslEnforcementSchema = z.object({
  currentConfig: z.object({ database: z.boolean() }),
  appliedSuccessfully: z.boolean(),
});
export const sslEnforcementBody = z.object({ requestedConfig: z.object({ database: z.boolean() }) });

const refParams = z.object({ ref: refSchema });
const POOLER = '/projects/:ref/config/database/pooler';

export const databaseSettingsEndpoints = {
  databaseSettings: endpoint({
    method: 'GET', path: '/projects/:ref/settings/database', summary: 'Connection strings, pooler settings, restrictions and size of the project database',
    params: refParams, response: databaseSettingsSchema,
  }),
  databasePasswordReset: endpoint({
    method: 'PATCH', path: '/projects/:ref/db-password', summary: "Change the project database's password (the login the pooler and clients use)",
    params: refParams, body: databasePasswordBody, response: z.object({ result: z.literal('ok') }),
  }),
  v1PoolerConfig: endpoint({
    method: 'GET', path: POOLER, scope: 'database:read', summary: "The pooler's connection settings (Supabase's shape)",
    params: refParams, response: z.array(poolerConfigSchema),
  }),
  v1PoolerConfigUpdate: endpoint({
    method: 'PATCH', path: POOLER, scope: 'database:write', summary: "Change the pooler's pool size or mode",
    params: refParams, body: poolerConfigUpdateBody, response: z.object({ default_pool_size: z.number(), pool_mode: z.enum(POOL_MODES) }),
  }),
  v1NetworkRestrictions: endpoint({
    method: 'GET', path: '/projects/:ref/network-restrictions', scope: 'database:read', summary: 'IP ranges allowed to connect to the database',
    params: refParams, response: networkRestrictionsSchema,
  }),
  v1NetworkRestrictionsApply: endpoint({
    method: 'POST', path: '/projects/:ref/network-restrictions/apply', scope: 'database:write', summary: 'Set the IP ranges allowed to connect to the database',
    params: refParams, body: networkRestrictionsApplyBody, response: networkRestrictionsSchema,
  }),
  v1SslEnforcement: endpoint({
    method: 'GET', path: '/projects/:ref/ssl-enforcement', scope: 'database:read', summary: 'Whether database connections must use TLS',
    params: refParams, response: sslEnforcementSchema,
  }),
  v1SslEnforcementUpdate: endpoint({
    method: 'PUT', path: '/projects/:ref/ssl-enforcement', scope: 'database:write', summary: 'Require TLS for database connections or not',
    params: refParams, body: sslEnforcementBody, response: sslEnforcementSchema,
  }),
} as const satisfies Record<string, Endpoint>;
