import { z } from 'zod';

/**
 * What a personal access token may be limited to. A token without scopes acts with all of its
 * user's permissions; with scopes, it may call only the Management API endpoints (/api/v1) whose
 * declared scope it holds. A scope never adds a permission: the user's role is checked as well.
 * `admin` is for the operator calls of the Plinth operator (and implies nothing else).
 */
export const TOKEN_SCOPES = [
  'organizations:read',
  'organizations:write',
  'projects:read',
  'projects:write',
  'database:read',
  'database:write',
  'secrets:read',
  'secrets:write',
  'auth:read',
  'auth:write',
  'rest:read',
  'rest:write',
  'storage:read',
  'storage:write',
  'edge_functions:read',
  'edge_functions:write',
  'analytics:read',
  'admin',
] as const;

export const tokenScopeSchema = z.enum(TOKEN_SCOPES);
export type TokenScope = z.infer<typeof tokenScopeSchema>;

/** Whether a token holding `held` (null: no restriction) may make a call that needs `needed`; write implies read. */
export function scopesGrant(held: readonly TokenScope[] | null, needed: TokenScope): boolean {
  if (held === null) return true;
  if (held.includes(needed)) return true;
  return needed.endsWith(':read') && held.includes(needed.replace(/:read$/, ':write') as TokenScope);
}
