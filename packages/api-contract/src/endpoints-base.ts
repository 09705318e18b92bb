import { z } from 'zod';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path below the platform API prefix, Fastify style (`:param`). Served at /api and /api/platform. */
  path: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Whether the call needs a signed-in session (all but a few). */
  isPublic?: boolean;
}


/** Keeps an endpoint's literal types (paths, schemas) while checking its shape. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}
