/**
 * An organisation's Git repositories: every member sees them, owners and administrators add and
 * remove them. A repository is read once before it is saved, so a wrong URL, token or path is
 * refused with the reason. Tokens are sealed with the platform's at-rest key and never answered;
 * so is each repository's push webhook secret (webhooks.ts), made as the repository is added.
 */
import { randomBytes } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { BodyOf, GitRepository } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import type { Queryable } from '../../engines/types.ts';
import { authorize, membershipBySlug } from '../access.ts';
import { recordAudit } from '../audit.ts';
import type { Actor, ControlContext } from '../context.ts';
import { displayUrl, dropCache, isLocalRepositoryUrl, probeRepository } from './read.ts';

export interface RepositoryRow {
  id: string;
  organization_id: number;
  url: string;
  token_enc: string | null;
  name: string;
  inserted_at: Date | string;
  added_by: string | null;
  added_by_email: string | null;
  added_by_username: string | null;
}

export const repositorySelect = `select r.id::text as id, r.organization_id, r.url, r.token_enc, r.name, r.inserted_at, r.added_by::text as added_by,
    u.email as added_by_email, p.username as added_by_username
  from git_repositories r left join auth.users u on u.id = r.added_by left join profiles p on p.user_id = r.added_by`;

export function presentRepository(row: RepositoryRow, publicUrl: string): GitRepository {
  return {
    id: row.id,
    name: row.name,
    url: displayUrl(row.url),
    has_token: row.token_enc !== null,
    webhook_url: webhookUrl(publicUrl, row.id),
    inserted_at: new Date(row.inserted_at).toISOString(),
    added_by: row.added_by === null ? null : { id: row.added_by, primary_email: row.added_by_email, username: row.added_by_username },
  };
}

/** A push webhook's secret (webhooks.ts), as the Git host is given it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** Where the Git host sends the repository's push events (webhooks.ts). */
export function webhookUrl(publicUrl: string, repositoryId: string): string {
  return `${publicUrl}/api/git-webhooks/${repositoryId}`;
}

/** owner/repo: the last two segments of the URL's path or of the local path, without `.git`. */
export function repositoryName(url: string): string {
  const pathname = isLocalRepositoryUrl(url) ? (url.startsWith('file://') ? new URL(url).pathname : url) : new URL(url).pathname;
  const parts = pathname.replace(/\.git\/?$/, '').split('/').filter(Boolean);
  return parts.slice(-2).join('/') || url;
}

/** A repository of this organisation; one of another organisation reads as not found. */
export async function repositoryOf(db: Queryable, organizationId: number, id: string): Promise<RepositoryRow> {
  const { rows } = await db.query<RepositoryRow>(`${repositorySelect} where r.id::text = $1 and r.organization_id = $2`, [id, organizationId]);
  if (!rows[0]) throw new PlinthError('git_repository_not_found');
  return rows[0];
}

export async function repositoriesOf(db: Queryable, organizationId: number, page?: { limit: number; offset: number }): Promise<RepositoryRow[]> {
  const { rows } = await db.query<RepositoryRow>(
    `${repositorySelect} where r.organization_id = $1 order by r.inserted_at, r.id${page ? ' limit $2 offset $3' : ''}`,
    page ? [organizationId, page.limit, page.offset] : [organizationId],
  );
  return rows;
}

export async function listGitRepositories(ctx: ControlContext, actor: Actor, slug: string): Promise<GitRepository[]> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  return (await repositoriesOf(ctx.db, organization.id)).map((row) => presentRepository(row, ctx.config.publicUrl));
}

export async function addGitRepository(ctx: ControlContext, actor: Actor, slug: string, body: BodyOf<'gitRepositoryCreate'>): Promise<GitRepository> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.UPDATE, Resource.ORGANIZATION);
  const { url, token } = splitCredentials(body.url, body.token?.trim() || null);
  if (isLocalRepositoryUrl(url)) await assertAllowedLocalPath(ctx, url);
  await probeRepository(url, token);
  const { rows } = await ctx.db.query<{ id: string }>(
    `insert into git_repositories (organization_id, url, token_enc, name, added_by, webhook_secret_enc) values ($1, $2, $3, $4, $5, $6)
     on conflict (organization_id, url) do nothing returning id::text as id`,
    [organization.id, url, token === null ? null : ctx.secrets.encrypt(token), repositoryName(url), actor.userId, ctx.secrets.encrypt(newWebhookSecret())],
  );
  if (!rows[0]) throw new PlinthError('git_repository_exists');
  await recordAudit(ctx.db, actor, { action: 'organization.git_repository.create', organizationSlug: slug, target: displayUrl(url) });
  return presentRepository(await repositoryOf(ctx.db, organization.id, rows[0].id), ctx.config.publicUrl);
}

/** Removes the repository and, with it, every project connection to it. */
export async function removeGitRepository(ctx: ControlContext, actor: Actor, slug: string, id: string): Promise<void> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.UPDATE, Resource.ORGANIZATION);
  const { rows } = await ctx.db.query<{ url: string }>('delete from git_repositories where id::text = $1 and organization_id = $2 returning url', [id, organization.id]);
  if (!rows[0]) throw new PlinthError('git_repository_not_found');
  await dropCache(ctx, id);
  await recordAudit(ctx.db, actor, { action: 'organization.git_repository.delete', organizationSlug: slug, target: displayUrl(rows[0].url) });
}

/** A password in the URL becomes the token (kept sealed), so the stored URL never carries one. */
function splitCredentials(raw: string, token: string | null): { url: string; token: string | null } {
  if (isLocalRepositoryUrl(raw)) return { url: raw.replace(/\/+$/, '') || '/', token: null };
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new PlinthError('validation_failed', 'The repository URL is not a valid URL.');
  }
  const password = parsed.password ? decodeURIComponent(parsed.password) : null;
  parsed.password = '';
  return { url: parsed.toString(), token: token ?? password };
}

/**
 * A local repository is read from the platform's own disk, so an organisation may name one only
 * under a folder the operator opened for that (PLINTH_GIT_LOCAL_ROOTS), and never inside the data
 * directory, which holds other organisations' repository caches, archives and keys.
 */
async function assertAllowedLocalPath(ctx: ControlContext, url: string): Promise<void> {
  const refuse = (why: string) => new PlinthError('git_repository_unreadable', `The Git repository ${url} could not be read: ${why}`);
  const roots = ctx.config.gitLocalRoots ?? [];
  if (roots.length === 0) throw refuse('local repositories are not enabled on this Plinth (its operator can allow folders with PLINTH_GIT_LOCAL_ROOTS).');
  const real = (p: string) => realpath(p).catch(() => path.resolve(p));
  const full = await real(url.startsWith('file://') ? new URL(url).pathname : url);
  const within = (root: string) => full === root || full.startsWith(root.endsWith('/') ? root : `${root}/`);
  const allowed = await Promise.all(roots.map(real));
  if (within(await real(ctx.config.dataDir)) || !allowed.some(within)) throw refuse(`local repositories must be under ${roots.join(', ')} (PLINTH_GIT_LOCAL_ROOTS).`);
}
