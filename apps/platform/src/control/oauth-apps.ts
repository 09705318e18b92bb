/**
 * OAuth apps an organisation publishes (/org/{slug}/apps), and the apps authorised on it. Managing
 * either is an organisation change (Owner, Administrator); any member may see them. The client
 * secret is shown once, at creation or regeneration, and kept only as a hash.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AuthorizedApp, BodyOf, OAuthApp, OAuthAppWithSecret, TokenScope } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { authorize, membershipBySlug, type Membership } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';

/** SHA-256 of a random secret (160 bits): safe against guessing at any hash speed, one index probe to find. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function randomSecret(prefix: string): string {
  return `${prefix}${randomBytes(20).toString('hex')}`;
}

const aliasOf = (secret: string) => `${secret.slice(0, 8)}…${secret.slice(-4)}`;

interface OAuthAppRow {
  id: string;
  name: string;
  website: string;
  redirect_uris: string[];
  scopes: TokenScope[];
  client_id: string;
  client_secret_alias: string;
  created_at: Date | string;
}

const appColumns = 'id, name, website, redirect_uris, scopes, client_id, client_secret_alias, created_at';

function present(row: OAuthAppRow): OAuthApp {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

async function membership(ctx: ControlContext, actor: Actor, slug: string, change: boolean): Promise<Membership> {
  const member = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(member.role, change ? Action.UPDATE : Action.READ, Resource.ORGANIZATION);
  return member;
}

export async function listOAuthApps(ctx: ControlContext, actor: Actor, slug: string): Promise<OAuthApp[]> {
  const { organization } = await membership(ctx, actor, slug, false);
  const { rows } = await ctx.db.query<OAuthAppRow>(`select ${appColumns} from oauth_apps where organization_id = $1 order by created_at, id`, [organization.id]);
  return rows.map(present);
}

export async function createOAuthApp(ctx: ControlContext, actor: Actor, slug: string, body: BodyOf<'oauthAppCreate'>): Promise<OAuthAppWithSecret> {
  const { organization } = await membership(ctx, actor, slug, true);
  const secret = randomSecret('sba_');
  const row = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<OAuthAppRow>(
      `insert into oauth_apps (organization_id, name, website, redirect_uris, scopes, client_secret_hash, client_secret_alias, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${appColumns}`,
      [organization.id, body.name, body.website, [...new Set(body.redirect_uris)], [...new Set(body.scopes)].sort(), hashSecret(secret), aliasOf(secret), actor.userId],
    );
    await recordAudit(tx, actor, { action: 'oauth_app.create', organizationSlug: slug, target: `${body.name} (${rows[0].client_id})` });
    return rows[0];
  });
  return { ...present(row), client_secret: secret };
}

/** A new secret replaces the old one at once: a leaked secret is dealt with by regenerating it. */
export async function resetOAuthAppSecret(ctx: ControlContext, actor: Actor, slug: string, id: string): Promise<OAuthAppWithSecret> {
  const { organization } = await membership(ctx, actor, slug, true);
  const secret = randomSecret('sba_');
  const row = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<OAuthAppRow>(
      `update oauth_apps set client_secret_hash = $3, client_secret_alias = $4 where id = $1 and organization_id = $2 returning ${appColumns}`,
      [id, organization.id, hashSecret(secret), aliasOf(secret)],
    );
    if (!rows[0]) throw new PlinthError('oauth_app_not_found');
    await recordAudit(tx, actor, { action: 'oauth_app.secret_reset', organizationSlug: slug, target: `${rows[0].name} (${rows[0].client_id})` });
    return rows[0];
  });
  return { ...present(row), client_secret: secret };
}

/** Deleting an app deletes its grants and tokens with it (foreign keys), so they stop working at once. */
export async function deleteOAuthApp(ctx: ControlContext, actor: Actor, slug: string, id: string): Promise<{ message: string }> {
  const { organization } = await membership(ctx, actor, slug, true);
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string; client_id: string }>('delete from oauth_apps where id = $1 and organization_id = $2 returning name, client_id', [id, organization.id]);
    if (!rows[0]) throw new PlinthError('oauth_app_not_found');
    await recordAudit(tx, actor, { action: 'oauth_app.delete', organizationSlug: slug, target: `${rows[0].name} (${rows[0].client_id})` });
  });
  return { message: 'ok' };
}

export async function listAuthorizedApps(ctx: ControlContext, actor: Actor, slug: string): Promise<AuthorizedApp[]> {
  const { organization } = await membership(ctx, actor, slug, false);
  const { rows } = await ctx.db.query<Omit<AuthorizedApp, 'authorized_at'> & { authorized_at: Date | string }>(
    `select g.id, a.id as app_id, a.name, a.website, g.scopes, coalesce(u.email, '') as authorized_by, g.created_at as authorized_at
     from oauth_grants g join oauth_apps a on a.id = g.app_id join auth.users u on u.id = g.user_id
     where g.organization_id = $1 and g.revoked_at is null order by g.created_at desc, g.id`,
    [organization.id],
  );
  return rows.map((row) => ({ ...row, authorized_at: new Date(row.authorized_at).toISOString() }));
}

/** Revocation is read on every request (verifyOAuthAccessToken), so every node refuses the tokens at once. */
export async function revokeAuthorizedApp(ctx: ControlContext, actor: Actor, slug: string, grantId: string): Promise<{ message: string }> {
  const { organization } = await membership(ctx, actor, slug, true);
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      `update oauth_grants g set revoked_at = now() from oauth_apps a
       where g.id = $1 and g.organization_id = $2 and g.revoked_at is null and a.id = g.app_id returning a.name`,
      [grantId, organization.id],
    );
    if (!rows[0]) throw new PlinthError('oauth_authorized_app_not_found');
    await tx.query('update oauth_tokens set revoked_at = now() where grant_id = $1 and revoked_at is null', [grantId]);
    await recordAudit(tx, actor, { action: 'oauth_app.revoke', organizationSlug: slug, target: rows[0].name });
  });
  return { message: 'ok' };
}
