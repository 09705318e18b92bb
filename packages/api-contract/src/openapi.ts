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

/** The OpenAPI 3.1 document of the platform API, generated from the same schemas the server validates with. */
export function buildOpenApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, e] of Object.entries(endpoints) as [string, Endpoint][]) {
    // Management API endpoints (those with a token scope) live at /api/v1; the rest at /api.
    const path = (e.scope ? '/api/v1' : '/api') + e.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][e.method.toLowerCase()] = {
      operationId: id,
      summary: e.summary,
      security: e.isPublic ? [] : e.scope ? [{ bearer: [] }, { accessToken: [e.scope] }] : [{ bearer: [] }],
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
  return {
    openapi: '3.1.0',
    info: { title: 'Plinth platform API', version: '1' },
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
