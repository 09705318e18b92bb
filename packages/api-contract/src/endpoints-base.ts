import { z } from 'zod';
import type { TokenScope } from './token-scopes.ts';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /**
   * Path below the API prefix, Fastify style (`:param`): /api and /api/platform for the platform
   * API, /api/v1 for a Management API endpoint (one with a `scope`).
   */
  path: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Media types other than JSON: a body or a response that is a document of its own (SQL, CSV). */
  bodyMediaType?: string;
  responseMediaType?: string;
  /** Whether the call needs a signed-in session (all but a few). */
  isPublic?: boolean;
  /**
   * Makes this a Management API endpoint, served at /api/v1 to a session or to a personal access
   * token: a token limited to scopes must hold this one (write implies read).
   */
  scope?: TokenScope;
}


/** Keeps an endpoint's literal types (paths, schemas) while checking its shape. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}
