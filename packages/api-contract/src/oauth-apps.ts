import { z } from 'zod';
import { okSchema, slugSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';
import { TOKEN_SCOPES, tokenScopeSchema } from './token-scopes.ts';

/**
 * OAuth applications (/org/{slug}/apps): apps an organisation publishes so that third-party tools can
 * act on other organisations through the Management API (authorization code + PKCE at
 * /api/v1/oauth/authorize and /token), and the apps other organisations' members authorised on this one.
 * Shapes after Supabase's OAuth apps: a client id (uuid) and a client secret ('sba_…') shown once.
 */
export const OAUTH_CLIENT_SECRET_PATTERN = /^sba_[a-f0-9]{40}$/;
/** OAuth access tokens go where personal access tokens go (Bearer, /api/v1), told apart by this prefix. */
export const OAUTH_ACCESS_TOKEN_PREFIX = 'sbp_oauth_';

/** An https URL, or http on a loopback host (native and CLI clients, RFC 8252). No fragments (RFC 6749 §3.1.2). */
const redirectUriSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      if (url.hash) return false;
      if (url.protocol === 'https:') return true;
      return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    } catch {
      return false;
    }
  }, 'Use an https URL (http only for localhost) without a #fragment');

export const oauthAppCreateBody = z.object({
  name: z.string().trim().min(1, 'Please provide a name for the app').max(64, 'The name must be at most 64 characters'),
  website: z.url({ protocol: /^https?$/, message: 'Use an http(s) URL' }).max(2048),
  redirect_uris: z.array(redirectUriSchema).min(1, 'Add at least one redirect URI').max(10),
  scopes: z
    .array(tokenScopeSchema.exclude(['admin']))
    .min(1, 'Choose at least one scope')
    .max(TOKEN_SCOPES.length),
});

export const oauthAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string(),
  redirect_uris: z.array(z.string()),
  scopes: z.array(tokenScopeSchema),
  client_id: z.string(),
  /** Enough of the current secret to recognise it ('sba_1a2b…9f0e'). */
  client_secret_alias: z.string(),
  created_at: z.string(),
});
export type OAuthApp = z.infer<typeof oauthAppSchema>;

/** The one response that carries the secret (creation, and each regeneration). */
export const oauthAppWithSecretSchema = oauthAppSchema.extend({ client_secret: z.string() });
export type OAuthAppWithSecret = z.infer<typeof oauthAppWithSecretSchema>;

export const authorizedAppSchema = z.object({
  /** The authorisation's id (what revocation takes), not the app's. */
  id: z.string(),
  app_id: z.string(),
  name: z.string(),
  website: z.string(),
  scopes: z.array(tokenScopeSchema),
  authorized_by: z.string(),
  authorized_at: z.string(),
});
export type AuthorizedApp = z.infer<typeof authorizedAppSchema>;

/** What the consent screen shows about a pending request to /api/v1/oauth/authorize. */
export const oauthAuthorizationSchema = z.object({
  id: z.string(),
  app: z.object({ name: z.string(), website: z.string(), publisher: z.string() }),
  scopes: z.array(tokenScopeSchema),
  redirect_uri: z.string(),
  expires_at: z.string(),
});
export type OAuthAuthorization = z.infer<typeof oauthAuthorizationSchema>;

export const oauthDecisionBody = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), organization_slug: slugSchema }),
  z.object({ decision: z.literal('deny') }),
]);

const slugParams = z.object({ slug: slugSchema });
const appParams = z.object({ slug: slugSchema, id: z.uuid() });

export const oauthAppEndpoints = {
  oauthApps: endpoint({ method: 'GET', path: '/organizations/:slug/oauth/apps', summary: "The OAuth apps this organisation publishes (never a client secret)", params: slugParams, response: z.array(oauthAppSchema) }),
  oauthAppCreate: endpoint({ method: 'POST', path: '/organizations/:slug/oauth/apps', summary: 'Publish an OAuth app; its client secret is shown only in this response', params: slugParams, body: oauthAppCreateBody, response: oauthAppWithSecretSchema }),
  oauthAppSecretReset: endpoint({ method: 'POST', path: '/organizations/:slug/oauth/apps/:id/client-secret', summary: "Replace an OAuth app's client secret (the old one stops working); shown only in this response", params: appParams, response: oauthAppWithSecretSchema }),
  oauthAppDelete: endpoint({ method: 'DELETE', path: '/organizations/:slug/oauth/apps/:id', summary: 'Delete an OAuth app, ending every authorisation and token it holds', params: appParams, response: okSchema }),
  oauthAuthorizedApps: endpoint({ method: 'GET', path: '/organizations/:slug/oauth/authorized-apps', summary: 'The OAuth apps authorised to act on this organisation', params: slugParams, response: z.array(authorizedAppSchema) }),
  oauthAuthorizedAppRevoke: endpoint({ method: 'DELETE', path: '/organizations/:slug/oauth/authorized-apps/:id', summary: "Revoke an app's authorisation on this organisation (its tokens stop working at once)", params: appParams, response: okSchema }),
  oauthAuthorization: endpoint({ method: 'GET', path: '/oauth/authorizations/:id', summary: 'A pending OAuth authorisation request, for the consent screen', params: z.object({ id: z.uuid() }), response: oauthAuthorizationSchema }),
  oauthAuthorizationDecide: endpoint({ method: 'POST', path: '/oauth/authorizations/:id', summary: "Approve (for one organisation) or deny a pending OAuth authorisation; answers where to send the browser", params: z.object({ id: z.uuid() }), body: oauthDecisionBody, response: z.object({ redirect_url: z.string() }) }),
} as const satisfies Record<string, Endpoint>;
