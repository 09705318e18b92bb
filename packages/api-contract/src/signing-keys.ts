import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * A project's JWT signing keys and API keys, in the Supabase Management API's shapes.
 *
 * Signing keys: the legacy HS256 secret and asymmetric keys (ES256, RS256). Exactly one is `in_use`
 * and signs new access tokens; tokens signed by a `standby` or `previously_used` key still verify,
 * a `revoked` key's are refused. The public keys are published at
 * `/p/{ref}/auth/v1/.well-known/jwks.json`.
 *
 * API keys: `sb_publishable_...` (the anon role) and `sb_secret_...` (service_role), several per
 * project; the legacy anon and service_role JWTs are listed with type 'legacy' by the Management API.
 */
export const SIGNING_KEY_STATUSES = ['standby', 'in_use', 'previously_used', 'revoked'] as const;
export const signingKeyStatusSchema = z.enum(SIGNING_KEY_STATUSES);
export type SigningKeyStatus = z.infer<typeof signingKeyStatusSchema>;
/** Algorithms a new key may use; HS256 is only ever the legacy secret. */
export const ASYMMETRIC_ALGORITHMS = ['ES256', 'RS256'] as const;

export const signingKeySchema = z.object({
  id: z.string(),
  algorithm: z.enum(['HS256', ...ASYMMETRIC_ALGORITHMS]),
  status: signingKeyStatusSchema,
  /** The public JWK (kid, alg, use, key_ops and the key); null for the legacy HS256 secret. */
  public_jwk: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SigningKey = z.infer<typeof signingKeySchema>;

export const signingKeyCreateBody = z.object({
  algorithm: z.enum(ASYMMETRIC_ALGORITHMS, 'A new signing key is ES256 or RS256; HS256 is only the legacy JWT secret.'),
  /** standby (the default) waits to be made current; in_use replaces the current key at once. */
  status: z.enum(['standby', 'in_use']).default('standby'),
}).strict();

export const signingKeyUpdateBody = z.object({ status: signingKeyStatusSchema }).strict();

export const API_KEY_TYPES = ['publishable', 'secret'] as const;

export const apiKeySchema = z.object({
  /** A UUID; 'anon' and 'service_role' for the legacy keys. */
  id: z.string(),
  type: z.enum(['legacy', ...API_KEY_TYPES]),
  name: z.string(),
  description: z.string().nullable(),
  /** The key's first characters ('sb_secret_AbCd'), enough to recognise it; null for a legacy key. */
  prefix: z.string().nullable(),
  /**
   * The key. A secret key's only with ?reveal=true to a member who may read secrets (and in the
   * answer that created it); otherwise masked after its prefix.
   */
  api_key: z.string(),
  inserted_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** Lowercase letters, digits and underscores, as Supabase names keys ('default', 'backend_jobs'). */
export const apiKeyNameSchema = z
  .string()
  .trim()
  .min(4, 'The name must be at least 4 characters long.')
  .max(64, 'The name must be at most 64 characters long.')
  .regex(/^[a-z_][a-z0-9_]*$/, 'Use lowercase letters, digits and underscores only, starting with a letter or underscore.');

export const apiKeyCreateBody = z.object({
  type: z.enum(API_KEY_TYPES),
  name: apiKeyNameSchema,
  description: z.string().trim().max(500).nullish(),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateBody>;

const refParams = z.object({ ref: refSchema });
const signingKeyParams = z.object({ ref: refSchema, id: z.uuid('A signing key id is a UUID.') });
const apiKeyParams = z.object({ ref: refSchema, id: z.uuid('An API key id is a UUID.') });
const revealQuery = z.object({ reveal: z.enum(['true', 'false']).optional().transform((value) => value === 'true') });
const signingKeyList = z.object({ keys: z.array(signingKeySchema) });

const SIGNING_KEYS = '/projects/:ref/config/auth/signing-keys';

/** The studio's calls (/api/platform) and the Management API's (/api/v1, token scopes) over one domain. */
export const signingKeyEndpoints = {
  signingKeys: endpoint({ method: 'GET', path: SIGNING_KEYS, summary: "The project's JWT signing keys, the key in use first", params: refParams, response: signingKeyList }),
  signingKeyCreate: endpoint({ method: 'POST', path: SIGNING_KEYS, summary: 'Create an ES256 or RS256 signing key (Owner and Administrator)', params: refParams, body: signingKeyCreateBody, response: signingKeySchema }),
  signingKeyUpdate: endpoint({
    method: 'PATCH',
    path: `${SIGNING_KEYS}/:id`,
    summary: 'Make a standby or previously used key current, or revoke a previously used one (Owner and Administrator)',
    params: signingKeyParams,
    body: signingKeyUpdateBody,
    response: signingKeySchema,
  }),
  signingKeyDelete: endpoint({ method: 'DELETE', path: `${SIGNING_KEYS}/:id`, summary: 'Delete a standby or revoked signing key (Owner and Administrator)', params: signingKeyParams, response: signingKeySchema }),
  apiKeys: endpoint({ method: 'GET', path: '/projects/:ref/api-keys', summary: "The project's publishable and secret API keys", params: refParams, query: revealQuery, response: z.array(apiKeySchema) }),
  apiKey: endpoint({ method: 'GET', path: '/projects/:ref/api-keys/:id', summary: 'One publishable or secret API key (?reveal=true for a secret key itself)', params: apiKeyParams, query: revealQuery, response: apiKeySchema }),
  apiKeyCreate: endpoint({ method: 'POST', path: '/projects/:ref/api-keys', summary: 'Create a publishable or secret API key (Owner and Administrator)', params: refParams, body: apiKeyCreateBody, response: apiKeySchema }),
  apiKeyDelete: endpoint({ method: 'DELETE', path: '/projects/:ref/api-keys/:id', summary: 'Delete an API key: requests using it are refused from then on (Owner and Administrator)', params: apiKeyParams, response: apiKeySchema }),

  v1SigningKeys: endpoint({ method: 'GET', path: SIGNING_KEYS, scope: 'auth:read', summary: "The project's JWT signing keys", params: refParams, response: signingKeyList }),
  v1SigningKeyLegacy: endpoint({ method: 'GET', path: `${SIGNING_KEYS}/legacy`, scope: 'auth:read', summary: 'The legacy HS256 JWT secret as a signing key', params: refParams, response: signingKeySchema }),
  v1SigningKey: endpoint({ method: 'GET', path: `${SIGNING_KEYS}/:id`, scope: 'auth:read', summary: 'One JWT signing key', params: signingKeyParams, response: signingKeySchema }),
  v1SigningKeyCreate: endpoint({ method: 'POST', path: SIGNING_KEYS, scope: 'auth:write', summary: 'Create an ES256 or RS256 signing key, in standby unless status is in_use', params: refParams, body: signingKeyCreateBody, response: signingKeySchema }),
  v1SigningKeyUpdate: endpoint({ method: 'PATCH', path: `${SIGNING_KEYS}/:id`, scope: 'auth:write', summary: "Change a signing key's status", params: signingKeyParams, body: signingKeyUpdateBody, response: signingKeySchema }),
  v1SigningKeyDelete: endpoint({ method: 'DELETE', path: `${SIGNING_KEYS}/:id`, scope: 'auth:write', summary: 'Delete a standby or revoked signing key', params: signingKeyParams, response: signingKeySchema }),
  v1ApiKeys: endpoint({
    method: 'GET',
    path: '/projects/:ref/api-keys',
    scope: 'secrets:read',
    summary: "The project's API keys: legacy anon and service_role (service_role only for members who may read it), publishable and secret",
    params: refParams,
    query: revealQuery,
    response: z.array(apiKeySchema),
  }),
  v1ApiKey: endpoint({ method: 'GET', path: '/projects/:ref/api-keys/:id', scope: 'secrets:read', summary: 'One publishable or secret API key', params: apiKeyParams, query: revealQuery, response: apiKeySchema }),
  v1ApiKeyCreate: endpoint({ method: 'POST', path: '/projects/:ref/api-keys', scope: 'secrets:write', summary: 'Create a publishable or secret API key', params: refParams, body: apiKeyCreateBody, response: apiKeySchema }),
  v1ApiKeyDelete: endpoint({ method: 'DELETE', path: '/projects/:ref/api-keys/:id', scope: 'secrets:write', summary: 'Delete an API key', params: apiKeyParams, response: apiKeySchema }),
} as const satisfies Record<string, Endpoint>;
