/**
 * The authorization-code flow's first half (RFC 6749 §4.1, PKCE RFC 7636 with S256 only):
 * /api/v1/oauth/authorize checks the request and parks it in the database, the studio's consent screen
 * shows it to a signed-in member, who approves it for one organisation or denies it; the answer is
 * where to send the browser (the app's redirect URI with a code or error=access_denied, and its state).
 */
import type { BodyOf, OAuthAuthorization, TokenScope } from '@plinth/api-contract';
import { tokenScopeSchema } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { authorize, membershipBySlug } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { hashSecret, randomSecret } from './oauth-apps.ts';

/** How long a member has to decide, and how long the app has to exchange its code. */
const REQUEST_TTL = '10 minutes';
const CODE_TTL = '2 minutes';
/** A S256 challenge is the base64url of a SHA-256: 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** The app's opaque value comes back in the redirect; it is stored until then, so it is bounded. */
const MAX_STATE_LENGTH = 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A request that cannot go back to the app (unknown client, unregistered redirect URI): shown, never redirected. */
export class OAuthRequestRefused extends Error {}

export type AuthorizeOutcome = { consentId: string } | { redirectTo: string };

export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * Checks a GET /oauth/authorize request. The client and redirect URI are checked first and alone
 * decide whether errors may be redirected: an open redirector must not be built from a bad request.
 */
export async function startAuthorization(ctx: ControlContext, query: Record<string, string | undefined>): Promise<AuthorizeOutcome> {
  const clientId = query.client_id ?? '';
  const { rows } = UUID.test(clientId)
    ? await ctx.db.query<{ id: string; redirect_uris: string[]; scopes: TokenScope[] }>('select id, redirect_uris, scopes from oauth_apps where client_id = $1', [clientId])
    : { rows: [] };
  const app = rows[0];
  if (!app) throw new OAuthRequestRefused('Unknown client_id.');
  const redirectUri = query.redirect_uri ?? (app.redirect_uris.length === 1 ? app.redirect_uris[0] : undefined);
  // Exact string match (RFC 9700 §4.1.3): no prefix or pattern matching.
  if (!redirectUri || !app.redirect_uris.includes(redirectUri)) throw new OAuthRequestRefused('The redirect_uri is not registered for this app.');

  const fail = (error: string, description: string): AuthorizeOutcome => ({ redirectTo: withParams(redirectUri, { error, error_description: description, state: query.state }) });
  if (query.response_type !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported.');
  if ((query.state?.length ?? 0) > MAX_STATE_LENGTH) return fail('invalid_request', `state must be at most ${MAX_STATE_LENGTH} characters.`);
  if (!query.code_challenge || !S256_CHALLENGE.test(query.code_challenge)) return fail('invalid_request', 'PKCE is required: send a code_challenge.');
  if (query.code_challenge_method !== 'S256') return fail('invalid_request', 'Only code_challenge_method=S256 is supported.');
  const requested = query.scope === undefined || query.scope.trim() === '' ? app.scopes : [...new Set(query.scope.trim().split(/\s+/))];
  const scopes = requested.filter((scope): scope is TokenScope => tokenScopeSchema.safeParse(scope).success && app.scopes.includes(scope as TokenScope));
  if (scopes.length !== requested.length) return fail('invalid_scope', 'The app may ask only for the scopes it was published with.');

  // Old requests are cleared here rather than by a job: this is the only place they are created.
  await ctx.db.query(`delete from oauth_authorizations where expires_at < now() - interval '1 day'`);
  const inserted = await ctx.db.query<{ id: string }>(
    `insert into oauth_authorizations (app_id, redirect_uri, scopes, state, code_challenge, expires_at)
     values ($1, $2, $3, $4, $5, now() + interval '${REQUEST_TTL}') returning id`,
    [app.id, redirectUri, scopes.sort(), query.state ?? null, query.code_challenge],
  );
  return { consentId: inserted.rows[0].id };
}

interface PendingRow {
  id: string;
  app_id: string;
  name: string;
  website: string;
  publisher: string;
  scopes: TokenScope[];
  redirect_uri: string;
  state: string | null;
  expires_at: Date | string;
}

const pendingSelect = `select r.id, r.app_id, a.name, a.website, o.name as publisher, r.scopes, r.redirect_uri, r.state, r.expires_at
  from oauth_authorizations r join oauth_apps a on a.id = r.app_id join organizations o on o.id = a.organization_id
  where r.id = $1 and r.decided_at is null and r.expires_at > now()`;

/** What the consent screen shows. Any signed-in user may look: the request says nothing about them. */
export async function getAuthorization(ctx: ControlContext, _actor: Actor, id: string): Promise<OAuthAuthorization> {
  const { rows } = await ctx.db.query<PendingRow>(pendingSelect, [id]);
  const row = rows[0];
  if (!row) throw new PlinthError('oauth_authorization_not_found');
  return {
    id: row.id,
    app: { name: row.name, website: row.website, publisher: row.publisher },
    scopes: row.scopes,
    redirect_uri: row.redirect_uri,
    expires_at: new Date(row.expires_at).toISOString(),
  };
}

/**
 * Approving lets the app act on one organisation as the approving member; it is an organisation
 * change, so it takes the role that may change the organisation. The row is locked so that two
 * tabs deciding at once produce one answer.
 */
export async function decideAuthorization(ctx: ControlContext, actor: Actor, id: string, body: BodyOf<'oauthAuthorizationDecide'>): Promise<{ redirect_url: string }> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<PendingRow>(`${pendingSelect} for update of r`, [id]);
    const row = rows[0];
    if (!row) throw new PlinthError('oauth_authorization_not_found');
    const state = row.state ?? undefined;
    if (body.decision === 'deny') {
      await tx.query('update oauth_authorizations set decided_at = now() where id = $1', [id]);
      return { redirect_url: withParams(row.redirect_uri, { error: 'access_denied', error_description: 'The user denied the request.', state }) };
    }
    const { organization, role } = await membershipBySlug(tx, actor.userId, body.organization_slug);
    authorize(role, Action.UPDATE, Resource.ORGANIZATION);
    const grant = await tx.query<{ id: string }>(
      'insert into oauth_grants (app_id, organization_id, user_id, scopes) values ($1, $2, $3, $4) returning id',
      [row.app_id, organization.id, actor.userId, row.scopes],
    );
    const code = randomSecret('');
    await tx.query(
      `update oauth_authorizations set decided_at = now(), grant_id = $2, code_hash = $3, code_expires_at = now() + interval '${CODE_TTL}' where id = $1`,
      [id, grant.rows[0].id, hashSecret(code)],
    );
    await recordAudit(tx, actor, { action: 'oauth_app.authorize', organizationSlug: organization.slug, target: `${row.name} (${row.scopes.join(' ')})` });
    return { redirect_url: withParams(row.redirect_uri, { code, state }) };
  });
}
