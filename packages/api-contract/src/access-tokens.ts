import { z } from 'zod';
import { okSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';
import { TOKEN_SCOPES, tokenScopeSchema } from './token-scopes.ts';

/** Supabase's token format (its CLI checks `^sbp_[a-f0-9]{40}$`): 160 random bits. */
export const ACCESS_TOKEN_PATTERN = /^sbp_[a-f0-9]{40}$/;

export const accessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Enough of the token to recognise it ('sbp_1a2b…9f0e'); the token itself is never shown again. */
  token_alias: z.string(),
  /** null: every permission the user has. */
  scopes: z.array(tokenScopeSchema).nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** The one response that carries the token. */
export const accessTokenCreatedSchema = accessTokenSchema.extend({ token: z.string() });
export type AccessTokenCreated = z.infer<typeof accessTokenCreatedSchema>;

export const accessTokenCreateBody = z.object({
  name: z.string().trim().min(1, 'Please provide a name for the token').max(64, 'Token name must be at most 64 characters'),
  scopes: z
    .array(tokenScopeSchema)
    .min(1, 'Leave out scopes for a token with all your permissions, or name at least one')
    .max(TOKEN_SCOPES.length)
    .nullable()
    .optional(),
  expires_at: z.iso
    .datetime({ offset: true, message: 'Use an ISO 8601 date and time, e.g. 2030-01-31T12:00:00Z' })
    // Checked at request time: a token that is born expired is a mistake, not a request.
    .refine((value) => Date.parse(value) > Date.now(), 'The expiry must be in the future')
    .nullable()
    .optional(),
});

const accessTokenParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * The signed-in user's personal access tokens. Dashboard-only (a session): a token cannot mint,
 * list or revoke tokens, so a leaked token cannot outlive its own revocation by making another.
 */
export const accessTokenEndpoints = {
  accessTokens: endpoint({ method: 'GET', path: '/profile/access-tokens', summary: "The signed-in user's personal access tokens (never the token itself)", response: z.array(accessTokenSchema) }),
  accessTokenCreate: endpoint({ method: 'POST', path: '/profile/access-tokens', summary: 'Create a personal access token for the Management API (/api/v1); the token is shown only in this response', body: accessTokenCreateBody, response: accessTokenCreatedSchema }),
  accessTokenDelete: endpoint({ method: 'DELETE', path: '/profile/access-tokens/:id', summary: 'Revoke a personal access token', params: accessTokenParams, response: okSchema }),
} as const satisfies Record<string, Endpoint>;
