/**
 * A repository's push webhook (POST /api/git-webhooks/{id}): the Git host calls it on every push,
 * signed with the repository's webhook secret (sealed at rest like its token), and each preview
 * branch built from that Git branch is sent a branch-sync job, the same durable job the poll and
 * the push call run, so any node applies it and nothing of Git is done in the request. Project
 * connections need nothing: every read of a repository fetches it first (read.ts).
 *
 * The hosts' schemes, each checked in constant time over the exact bytes received: GitHub
 * `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body>`, Gitea, Forgejo and Gogs
 * `X-Gitea-Signature` / `X-Forgejo-Signature` / `X-Gogs-Signature: <hex HMAC-SHA256>`, GitLab
 * `X-Gitlab-Token: <secret>`.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { GitWebhookSecret } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { authorize, membershipBySlug } from '../access.ts';
import { recordAudit } from '../audit.ts';
import type { Actor, ControlContext } from '../context.ts';
import { hitSharedLimit, type SharedRateLimit } from '../shared-rate-limit.ts';
import { displayUrl } from './read.ts';
import { newWebhookSecret, repositoryOf, webhookUrl } from './repositories.ts';

type Headers = Record<string, string | string[] | undefined>;

/** Calls per repository and minute, counted across nodes: far above any real push rate. What is refused, the poll still finds. */
export const GIT_WEBHOOK_RATE_LIMIT: SharedRateLimit = { name: 'git-webhook', maxHits: 120, windowSeconds: 60 };

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Equal in constant time, whatever the lengths (both sides hashed first). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether the request carries a signature (or GitLab token) made with `secret` over `body`. */
export function isSignedWith(secret: string, headers: Headers, body: Uint8Array): boolean {
  const hmac = () => createHmac('sha256', secret).update(body).digest('hex');
  const github = header(headers, 'x-hub-signature-256');
  if (github !== undefined) return sameSecret(github.trim().toLowerCase(), `sha256=${hmac()}`);
  const gitea = header(headers, 'x-gitea-signature') ?? header(headers, 'x-forgejo-signature') ?? header(headers, 'x-gogs-signature');
  if (gitea !== undefined) return sameSecret(gitea.trim().toLowerCase(), hmac());
  const gitlab = header(headers, 'x-gitlab-token');
  if (gitlab !== undefined) return sameSecret(gitlab, secret);
  return false;
}

/** The event the host names ('push', 'ping', GitLab's 'Push Hook' ...); none is taken as a push. */
function eventOf(headers: Headers): string {
  return (header(headers, 'x-github-event') ?? header(headers, 'x-gitea-event') ?? header(headers, 'x-forgejo-event') ?? header(headers, 'x-gogs-event') ?? header(headers, 'x-gitlab-event') ?? 'push').trim();
}

/**
 * The pushed ref of a JSON push event (or GitHub's form-encoded one, `payload=<json>`): a branch
 * name, 'tag' for a tag, or null when the body does not say (then every branch is synced).
 */
export function pushedBranch(body: Uint8Array, contentType: string | undefined): string | 'tag' | null {
  let text = Buffer.from(body).toString('utf8');
  if (contentType?.startsWith('application/x-www-form-urlencoded')) text = new URLSearchParams(text).get('payload') ?? '';
  let ref: unknown;
  try {
    ref = (JSON.parse(text) as { ref?: unknown } | null)?.ref;
  } catch {
    return null;
  }
  if (typeof ref !== 'string') return null;
  if (ref.startsWith('refs/heads/')) return ref.slice('refs/heads/'.length);
  return ref.startsWith('refs/tags/') ? 'tag' : null;
}

/**
 * A push: 404 for an unknown repository, 401 (and nothing done) for a signature that does not match;
 * a ping or another event is answered and ignored; a push queues a sync of each preview branch of the
 * projects connected to the repository that follows the pushed Git branch.
 */
export async function receiveGitWebhook(ctx: ControlContext, id: string, headers: Headers, body: Uint8Array): Promise<{ status: 200 | 202; message: string; branches: number }> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new PlinthError('git_repository_not_found');
  const { rows } = await ctx.db.query<{ webhook_secret_enc: string | null }>('select webhook_secret_enc from git_repositories where id = $1', [id]);
  if (!rows[0]) throw new PlinthError('git_repository_not_found');
  await hitSharedLimit(ctx.db, GIT_WEBHOOK_RATE_LIMIT, id);
  const sealed = rows[0].webhook_secret_enc;
  if (sealed === null || !isSignedWith(ctx.secrets.decrypt(sealed), headers, body)) throw new PlinthError('git_webhook_unauthorized');

  const event = eventOf(headers);
  if (event === 'ping') return { status: 200, message: 'pong', branches: 0 };
  if (!/^push( hook)?$/i.test(event)) return { status: 200, message: `Ignored the ${event} event: only pushes are applied.`, branches: 0 };
  const gitBranch = pushedBranch(body, header(headers, 'content-type'));
  if (gitBranch === 'tag') return { status: 200, message: 'Ignored a tag push.', branches: 0 };

  const branches = await ctx.jobs.transaction(async (tx) => {
    const { rows: found } = await tx.query<{ id: string }>(
      `select b.id from branches b join project_git_connections c on c.project_ref = b.parent_project_ref
       where c.repository_id = $1 and ($2::text is null or b.git_branch = $2) order by b.inserted_at`,
      [id, gitBranch],
    );
    for (const branch of found) await tx.send('branch-sync', { branchId: branch.id });
    return found.length;
  });
  ctx.log.info(`git webhook ${id}: push to ${gitBranch ?? 'an unnamed ref'}, ${branches} branch sync(s) queued`);
  return { status: 202, message: `Queued ${branches} branch sync${branches === 1 ? '' : 's'}`, branches };
}

/** The organisation's repository, for an owner or administrator (who may manage its integrations). */
async function managedRepository(ctx: ControlContext, actor: Actor, slug: string, id: string) {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.UPDATE, Resource.ORGANIZATION);
  return repositoryOf(ctx.db, organization.id, id);
}

/** The webhook's URL and secret, for setting it up on the Git host; a repository added before secrets existed gets one now. */
export async function revealWebhookSecret(ctx: ControlContext, actor: Actor, slug: string, id: string): Promise<GitWebhookSecret> {
  const repository = await managedRepository(ctx, actor, slug, id);
  // Set only where none is: two first reads at once both answer the one that was stored.
  await ctx.db.query('update git_repositories set webhook_secret_enc = $2 where id = $1 and webhook_secret_enc is null', [repository.id, ctx.secrets.encrypt(newWebhookSecret())]);
  const { rows } = await ctx.db.query<{ webhook_secret_enc: string }>('select webhook_secret_enc from git_repositories where id = $1', [repository.id]);
  if (!rows[0]) throw new PlinthError('git_repository_not_found');
  return { webhook_url: webhookUrl(ctx.config.publicUrl, repository.id), secret: ctx.secrets.decrypt(rows[0].webhook_secret_enc) };
}

/** A new secret: calls signed with the old one are refused from now on. */
export async function rotateWebhookSecret(ctx: ControlContext, actor: Actor, slug: string, id: string): Promise<GitWebhookSecret> {
  const repository = await managedRepository(ctx, actor, slug, id);
  const secret = newWebhookSecret();
  await ctx.db.query('update git_repositories set webhook_secret_enc = $2 where id = $1', [repository.id, ctx.secrets.encrypt(secret)]);
  await recordAudit(ctx.db, actor, { action: 'organization.git_repository.webhook_secret_rotate', organizationSlug: slug, target: displayUrl(repository.url) });
  return { webhook_url: webhookUrl(ctx.config.publicUrl, repository.id), secret };
}
