import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * A project's edge functions in the Supabase Management API's shapes (`/v1/projects/{ref}/functions`).
 * A deploy is multipart, as the Supabase CLI sends it: a `metadata` field (JSON: entrypoint_path,
 * name, verify_jwt, import_map_path) and one `file` part per source file, named by its path.
 * Functions answer at `/p/{ref}/functions/v1/{slug}`.
 */
export const FUNCTION_SLUG_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,127}$/;
export const functionSlugSchema = z.string().regex(FUNCTION_SLUG_PATTERN, 'A function slug starts with a letter and has only letters, digits, - and _ (at most 128).');

export const edgeFunctionSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(['ACTIVE', 'REMOVED', 'THROTTLED']),
  version: z.number(),
  /** Milliseconds since the epoch, as Supabase answers them. */
  created_at: z.number(),
  updated_at: z.number(),
  verify_jwt: z.boolean(),
  import_map: z.boolean(),
  entrypoint_path: z.string(),
  import_map_path: z.string().nullable(),
});
export type EdgeFunction = z.infer<typeof edgeFunctionSchema>;

/** The `metadata` field of a deploy. */
export const functionDeployMetadataSchema = z.object({
  entrypoint_path: z.string().min(1).max(1024),
  name: z.string().max(256).optional(),
  verify_jwt: z.boolean().optional(),
  import_map_path: z.string().max(1024).optional(),
  static_patterns: z.array(z.string().max(1024)).max(100).optional(),
});
export type FunctionDeployMetadata = z.infer<typeof functionDeployMetadataSchema>;

const refParams = z.object({ ref: refSchema });
const functionParams = z.object({ ref: refSchema, slug: functionSlugSchema });
const PATH = '/projects/:ref/functions';

export const functionEndpoints = {
  v1Functions: endpoint({ method: 'GET', path: PATH, scope: 'edge_functions:read', summary: "The project's edge functions", params: refParams, response: z.array(edgeFunctionSchema) }),
  v1Function: endpoint({ method: 'GET', path: `${PATH}/:slug`, scope: 'edge_functions:read', summary: 'An edge function', params: functionParams, response: edgeFunctionSchema }),
  v1FunctionDeploy: endpoint({
    method: 'POST', path: `${PATH}/deploy`, scope: 'edge_functions:write', bodyMediaType: 'multipart/form-data',
    summary: 'Deploy a function (created, or a new version of it): multipart metadata and source files',
    params: refParams, query: z.object({ slug: functionSlugSchema, bundleOnly: z.string().optional() }), response: edgeFunctionSchema,
  }),
  v1FunctionDelete: endpoint({ method: 'DELETE', path: `${PATH}/:slug`, scope: 'edge_functions:write', summary: 'Delete an edge function and all its versions', params: functionParams, response: z.object({ message: z.string() }) }),
} as const satisfies Record<string, Endpoint>;
