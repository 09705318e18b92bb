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

/** A secret's name: an environment variable's, never one of the platform's own `SUPABASE_` names. */
export const SECRET_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,255}$/;
export const secretNameSchema = z.string()
  .regex(SECRET_NAME_PATTERN, 'A secret name has only letters, digits and _ and does not start with a digit.')
  .refine((name) => !name.toUpperCase().startsWith('SUPABASE_'), 'Secret names may not start with SUPABASE_: those variables are set by the platform.');

/** A secret as listed: its value is never returned, only its SHA-256 digest (hex), as Supabase lists them. */
export const functionSecretSchema = z.object({
  name: z.string(),
  value: z.string(),
  updated_at: z.string().optional(),
});
export type FunctionSecret = z.infer<typeof functionSecretSchema>;

/** At most 64 KB a value, 100 secrets a call. */
export const secretsCreateBody = z.array(z.object({ name: secretNameSchema, value: z.string().max(64 * 1024) })).min(1).max(100);
export const secretsDeleteBody = z.array(z.string().min(1).max(256)).min(1).max(100);

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

/** PATCH: the function's settings; a `body` (the entrypoint's new source) deploys a new version with it. */
export const functionUpdateBody = z.object({
  name: z.string().min(1).max(256).optional(),
  verify_jwt: z.boolean().optional(),
  body: z.string().max(20 * 1024 * 1024).optional(),
}).strict();

/** POST /v1/projects/{ref}/functions: a one-file function from its source, as the Management API creates it. */
export const functionCreateBody = z.object({
  slug: functionSlugSchema,
  name: z.string().min(1).max(256).optional(),
  body: z.string().min(1).max(20 * 1024 * 1024),
  verify_jwt: z.boolean().optional(),
}).strict();

/** A source file as the studio's editor reads and deploys it (UTF-8 text). */
export const functionSourceFileSchema = z.object({ path: z.string().min(1).max(1024), content: z.string() });
export type FunctionSourceFile = z.infer<typeof functionSourceFileSchema>;

export const functionSourceSchema = z.object({
  entrypoint_path: z.string(),
  import_map_path: z.string().nullable(),
  version: z.number(),
  files: z.array(functionSourceFileSchema),
});
export type FunctionSource = z.infer<typeof functionSourceSchema>;

/** The studio's deploy: the files as text (JSON), otherwise what the CLI's multipart carries. */
export const functionSourceDeployBody = z.object({
  name: z.string().min(1).max(256).optional(),
  verify_jwt: z.boolean().optional(),
  entrypoint_path: z.string().min(1).max(1024),
  import_map_path: z.string().max(1024).optional(),
  files: z.array(functionSourceFileSchema).min(1).max(1000),
}).strict();
export type FunctionSourceDeployBody = z.infer<typeof functionSourceDeployBody>;

export const FUNCTION_STATS_INTERVALS = ['1h', '24h', '7d'] as const;
export type FunctionStatsInterval = (typeof FUNCTION_STATS_INTERVALS)[number];

const statsFigures = {
  count: z.number(),
  /** Answers with a status of 500 or more (the function's own or the relay's). */
  errors: z.number(),
  /** Milliseconds, null when there were no invocations. */
  p50_ms: z.number().nullable(),
  p95_ms: z.number().nullable(),
};

/** Invocations of one function from its function_edge_logs, in buckets over the interval. */
export const functionStatsSchema = z.object({
  interval: z.enum(FUNCTION_STATS_INTERVALS),
  bucket_seconds: z.number(),
  totals: z.object(statsFigures),
  buckets: z.array(z.object({ timestamp: z.string(), ...statsFigures })),
});
export type FunctionStats = z.infer<typeof functionStatsSchema>;

export const FUNCTION_LOG_SOURCES = ['function_edge_logs', 'function_logs'] as const;
export type FunctionLogSource = (typeof FUNCTION_LOG_SOURCES)[number];

export const functionLogEntrySchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  event_message: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});
export type FunctionLogEntry = z.infer<typeof functionLogEntrySchema>;

export const functionLogsQuery = z.object({
  source: z.enum(FUNCTION_LOG_SOURCES).default('function_edge_logs'),
  /** Entries older than this timestamp (ISO), for the next page. */
  before: z.string().datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const functionLogsSchema = z.object({ entries: z.array(functionLogEntrySchema) });
export type FunctionLogs = z.infer<typeof functionLogsSchema>;

/** The studio's test panel: one invocation as a role (or a user of the project), through the relay. */
export const functionTestBody = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']),
  /** After the slug: '' or '/...', with a query string if any. */
  path: z.string().max(2048).regex(/^(\/[^\s]*)?(\?[^\s]*)?$/, 'A path after the slug starts with / (or is empty).').default(''),
  headers: z.record(z.string(), z.string().max(8192)).default({}),
  body: z.string().max(1024 * 1024).optional(),
  role: z.enum(['anon', 'authenticated', 'service_role']),
  user_id: z.string().uuid().optional(),
}).strict();
export type FunctionTestBody = z.input<typeof functionTestBody>;

export const functionTestResultSchema = z.object({
  status: z.number(),
  headers: z.record(z.string(), z.string()),
  /** The response body: text as is, anything else base64 (`body_encoding`), cut at 1 MB. */
  body: z.string(),
  body_encoding: z.enum(['utf8', 'base64']),
  is_truncated: z.boolean(),
  duration_ms: z.number(),
});
export type FunctionTestResult = z.infer<typeof functionTestResultSchema>;

const secretsPath = '/projects/:ref/secrets';

export const functionEndpoints = {
  v1Functions: endpoint({ method: 'GET', path: PATH, scope: 'edge_functions:read', summary: "The project's edge functions", params: refParams, response: z.array(edgeFunctionSchema) }),
  v1FunctionCreate: endpoint({
    method: 'POST', path: PATH, scope: 'edge_functions:write', summary: 'Create a one-file function from its source (slug, name, body, verify_jwt)',
    params: refParams, body: functionCreateBody, response: edgeFunctionSchema,
  }),
  v1Function: endpoint({ method: 'GET', path: `${PATH}/:slug`, scope: 'edge_functions:read', summary: 'An edge function', params: functionParams, response: edgeFunctionSchema }),
  v1FunctionBody: endpoint({
    method: 'GET', path: `${PATH}/:slug/body`, scope: 'edge_functions:read', responseMediaType: 'multipart/form-data',
    summary: "The current version's source: multipart (a metadata field and the files) when asked for, else the entrypoint's text",
    params: functionParams, response: z.string(),
  }),
  v1FunctionDeploy: endpoint({
    method: 'POST', path: `${PATH}/deploy`, scope: 'edge_functions:write', bodyMediaType: 'multipart/form-data',
    summary: 'Deploy a function (created, or a new version of it): multipart metadata and source files',
    params: refParams, query: z.object({ slug: functionSlugSchema, bundleOnly: z.string().optional() }), response: edgeFunctionSchema,
  }),
  v1FunctionUpdate: endpoint({
    method: 'PATCH', path: `${PATH}/:slug`, scope: 'edge_functions:write', summary: "Change a function's name or verify_jwt, or deploy a new entrypoint source (body)",
    params: functionParams, body: functionUpdateBody, response: edgeFunctionSchema,
  }),
  v1FunctionDelete: endpoint({ method: 'DELETE', path: `${PATH}/:slug`, scope: 'edge_functions:write', summary: 'Delete an edge function and all its versions', params: functionParams, response: z.object({ message: z.string() }) }),
  v1Secrets: endpoint({ method: 'GET', path: secretsPath, scope: 'secrets:read', summary: "The project's function secrets (names and SHA-256 digests of the values)", params: refParams, response: z.array(functionSecretSchema) }),
  v1SecretsCreate: endpoint({
    method: 'POST', path: secretsPath, scope: 'secrets:write', summary: 'Create or replace function secrets; running functions restart with them',
    params: refParams, body: secretsCreateBody, response: z.array(functionSecretSchema),
  }),
  v1SecretsDelete: endpoint({
    method: 'DELETE', path: secretsPath, scope: 'secrets:write', summary: 'Delete function secrets by name',
    params: refParams, body: secretsDeleteBody, response: z.object({ message: z.string() }),
  }),

  // The studio's and the API docs' calls (spec document 2 §7), with a session.
  functions: endpoint({ method: 'GET', path: PATH, summary: "The project's edge functions", params: refParams, response: z.array(edgeFunctionSchema) }),
  functionSource: endpoint({ method: 'GET', path: `${PATH}/:slug/source`, summary: "The current version's files as text, for the editor", params: functionParams, response: functionSourceSchema }),
  functionSourceDeploy: endpoint({
    method: 'POST', path: `${PATH}/:slug/source`, summary: 'Deploy files written in the studio (creates the function or a new version)',
    params: functionParams, body: functionSourceDeployBody, response: edgeFunctionSchema,
  }),
  functionStats: endpoint({
    method: 'GET', path: `${PATH}/:slug/stats`, summary: 'Invocations, errors and p50/p95 duration over an interval',
    params: functionParams, query: z.object({ interval: z.enum(FUNCTION_STATS_INTERVALS).default('24h') }), response: functionStatsSchema,
  }),
  functionLogs: endpoint({
    method: 'GET', path: `${PATH}/:slug/logs`, summary: "A function's invocations (function_edge_logs) or console output (function_logs), newest first",
    params: functionParams, query: functionLogsQuery, response: functionLogsSchema,
  }),
  functionTest: endpoint({
    method: 'POST', path: `${PATH}/:slug/test`, summary: 'Invoke the function once as a role or user (the test panel)',
    params: functionParams, body: functionTestBody, response: functionTestResultSchema,
  }),
} as const satisfies Record<string, Endpoint>;
