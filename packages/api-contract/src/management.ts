import { z } from 'zod';
import { projectStatusSchema, refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * The Management API at /api/v1, shaped like Supabase's Management API v1 so its CLI and scripts
 * work: a session or a personal access token with the endpoint's scope. Paths are below /api/v1.
 */
export const v1OrganizationSchema = z.object({ id: z.string(), name: z.string() });

export const v1ProjectSchema = z.object({
  /** Supabase's id of a project is its ref. */
  id: z.string(),
  ref: z.string(),
  /** Supabase's id of an organisation is its slug. */
  organization_id: z.string(),
  organization_slug: z.string(),
  name: z.string(),
  region: z.string(),
  created_at: z.string(),
  status: projectStatusSchema,
  database: z.object({
    host: z.string(),
    /** The Postgres server version ('15.13'); empty while it cannot be asked (a server-engine project that is not up). */
    version: z.string(),
    postgres_engine: z.string(),
    release_channel: z.string(),
  }),
});
export type V1Project = z.infer<typeof v1ProjectSchema>;

const refParams = z.object({ ref: refSchema });

/**
 * The SQL of an export: sent as application/sql or text/plain it reaches the server's handler as the
 * request's stream (read statement by statement, never held whole); a JSON string is taken too.
 */
const sqlBody = z.union([
  z.string().min(1, 'The body must be the SQL of an export'),
  z.custom<AsyncIterable<Uint8Array>>((value) => typeof (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] === 'function', 'The body must be the SQL of an export').meta({ type: 'string', format: 'binary' }),
]);

export const managementEndpoints = {
  v1Organizations: endpoint({ method: 'GET', path: '/organizations', scope: 'organizations:read', summary: "The caller's organizations", response: z.array(v1OrganizationSchema) }),
  v1OrganizationCreate: endpoint({
    method: 'POST',
    path: '/organizations',
    scope: 'organizations:write',
    summary: 'Create an organization on the Free plan, with the caller as its owner (`supabase orgs create`)',
    body: z.object({ name: z.string().trim().min(1, 'Please provide an organization name').max(64) }),
    response: v1OrganizationSchema,
  }),
  v1Projects: endpoint({ method: 'GET', path: '/projects', scope: 'projects:read', summary: "The caller's projects", response: z.array(v1ProjectSchema) }),
  v1Project: endpoint({ method: 'GET', path: '/projects/:ref', scope: 'projects:read', summary: 'One project', params: refParams, response: v1ProjectSchema }),
  v1DatabaseExport: endpoint({
    method: 'GET',
    path: '/projects/:ref/database/export',
    scope: 'database:read',
    summary: "The project's database as plain SQL (pg_dump): its own schemas with data and privileges, and the rows of auth and the migration history; Owner or Administrator",
    params: refParams,
    response: z.string(),
    responseMediaType: 'application/sql',
  }),
  v1DatabaseImport: endpoint({
    method: 'POST',
    path: '/projects/:ref/database/import',
    scope: 'database:write',
    summary: 'Imports an exported database into this project, which must be new (no tables, no users), in one transaction; Owner or Administrator',
    params: refParams,
    body: sqlBody,
    bodyMediaType: 'application/sql',
    response: z.object({ statements: z.number().int() }),
  }),
} as const satisfies Record<string, Endpoint>;
