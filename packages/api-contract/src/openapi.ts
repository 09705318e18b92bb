import { z } from 'zod';
import { errorBodySchema } from './common.ts';
import { endpoints, type Endpoint } from './endpoints.ts';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
}

function parameters(e: Endpoint): unknown[] {
  const list: unknown[] = [];
  for (const [where, schema] of [['path', e.params], ['query', e.query]] as const) {
    if (!schema) continue;
    const shape = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(shape.properties ?? {})) {
      list.push({ name, in: where, required: where === 'path' || !!shape.required?.includes(name), schema: property });
    }
  }
  return list;
}

function operation(id: string, e: Endpoint, scope: string | undefined): Record<string, unknown> {
  return {
    operationId: id,
    summary: e.summary,
    security: e.isPublic ? [] : scope ? [{ bearer: [] }, { accessToken: [scope] }] : [{ bearer: [] }],
    parameters: parameters(e),
    ...(e.body && {
      requestBody: { required: true, content: { [e.bodyMediaType ?? 'application/json']: { schema: jsonSchema(e.body, 'input') } } },
    }),
    responses: {
      '200': { description: 'OK', content: { [e.responseMediaType ?? 'application/json']: { schema: jsonSchema(e.response, 'output') } } },
      default: { description: 'Error', content: { 'application/json': { schema: jsonSchema(errorBodySchema, 'output') } } },
    },
  };
}

/** The operator's calls (/admin/...) are served at /api and, for scripts, at /api/v1 to tokens with 'admin'. */
const isOperatorEndpoint = (e: Endpoint) => e.path.startsWith('/admin/');

const form = (fields: Record<string, string>) => ({
  required: true,
  content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: Object.fromEntries(Object.entries(fields).map(([name, description]) => [name, { type: 'string', description }])) } } },
});

/**
 * The /api/v1 routes outside the JSON contract: the OAuth 2.0 protocol endpoints (RFC 6749 shapes:
 * form bodies, `{error, error_description}`).
 */
const MANAGEMENT_PATHS_OUTSIDE_CONTRACT: Record<string, Record<string, unknown>> = {
  '/api/v1/oauth/authorize': {
    get: { operationId: 'oauthAuthorize', summary: "Start an OAuth app's authorization (code flow with PKCE): redirects to the consent screen", security: [], responses: { '302': { description: 'To the consent screen, or back to the app with an error' } } },
  },
  '/api/v1/oauth/token': {
    post: {
      operationId: 'oauthToken',
      summary: 'Exchange an authorization code (with its PKCE verifier) or a refresh token for an access token',
      security: [],
      requestBody: form({ grant_type: 'authorization_code or refresh_token', code: '', code_verifier: '', redirect_uri: '', refresh_token: '', client_id: '', client_secret: '' }),
      responses: { '200': { description: 'Tokens' }, '400': { description: '{error, error_description}' } },
    },
  },
  '/api/v1/oauth/revoke': {
    post: { operationId: 'oauthRevoke', summary: 'Revoke an access or refresh token', security: [], requestBody: form({ token: '', client_id: '', client_secret: '' }), responses: { '200': { description: 'Revoked' } } },
  },
};

/**
 * The OpenAPI 3.1 document of the platform API, generated from the same schemas the server validates
 * with; `managementOnly`: just the Management API (/api/v1), the document tools for it read.
 */
export function buildOpenApiDocument(serverUrl: string, options: { managementOnly?: boolean } = {}): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const add = (prefix: string, id: string, e: Endpoint, scope: string | undefined) => {
    const path = prefix + e.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][e.method.toLowerCase()] = operation(id, e, scope);
  };
  for (const [id, e] of Object.entries(endpoints) as [string, Endpoint][]) {
    // Management API endpoints (those with a token scope) live at /api/v1 only; the rest at /api.
    if (e.scope) add('/api/v1', id, e, e.scope);
    else if (!options.managementOnly) add('/api', id, e, undefined);
    // The full document names each operation once; the Management API's own lists all it serves.
    if (options.managementOnly && isOperatorEndpoint(e)) add('/api/v1', id, e, 'admin');
  }
  if (options.managementOnly) Object.assign(paths, MANAGEMENT_PATHS_OUTSIDE_CONTRACT);
  return {
    openapi: '3.1.0',
    info: { title: options.managementOnly ? 'Plinth Management API' : 'Plinth platform API', version: '1' },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'sbp_ personal access token', description: 'Accepted by /api/v1 only; a token limited to scopes needs the one each operation names.' },
      },
    },
    paths,
  };
}
