import type { FastifyRequest } from 'fastify';
import { PlinthError } from '@plinth/errors';
import type { Caller } from './plugins/session.ts';
import type { ControlContext } from '../control/context.ts';

/**
 * An OAuth app's access token acts on one organisation. The domain functions check the member's role
 * but know nothing of tokens, so the limit is enforced here, before the handler, from what names an
 * organisation in the request: a `:slug`, a project `:ref`, a branch's `:id` (/api/v1/branches/:id), a
 * body's organization_id/organization_slug.
 * A call that names none is refused (fail closed) unless it is one of the lists the route narrows
 * itself with `withinTokenOrganization`. Outside the organisation reads as not found, as for a
 * non-member.
 */
const NARROWED_LISTS = new Set(['GET /api/v1/organizations', 'GET /api/v1/projects']);

export async function confineToOrganization(ctx: ControlContext, request: FastifyRequest, slug: string): Promise<void> {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  let named = false;
  if (params.slug !== undefined) {
    if (params.slug !== slug) throw new PlinthError('organization_not_found');
    named = true;
  }
  if (params.ref !== undefined) {
    const { rows } = await ctx.db.query<{ slug: string }>('select o.slug from projects p join organizations o on o.id = p.organization_id where p.ref = $1', [params.ref]);
    if (rows[0]?.slug !== slug) throw new PlinthError('project_not_found');
    named = true;
  }
  if (params.id !== undefined && request.routeOptions.url?.startsWith('/api/v1/branches/')) {
    // A database branch (control/branches/) is its parent project's organisation's.
    const { rows } = await ctx.db.query<{ slug: string }>(
      'select o.slug from branches b join projects p on p.ref = b.parent_project_ref join organizations o on o.id = p.organization_id where b.id::text = $1',
      [params.id],
    );
    if (rows[0]?.slug !== slug) throw new PlinthError('branch_not_found');
    named = true;
  }
  for (const field of ['organization_id', 'organization_slug']) {
    if (body[field] === undefined) continue;
    if (body[field] !== slug) throw new PlinthError('organization_not_found');
    named = true;
  }
  if (!named && !NARROWED_LISTS.has(`${request.method} ${request.routeOptions.url}`)) throw new PlinthError('oauth_token_not_confined');
}

/** Narrows a list to the token's organisation (a session or personal token: unchanged). */
export function withinTokenOrganization<T>(caller: Caller, slugOf: (item: T) => string): (items: T[]) => T[] {
  return (items) => (caller.organizationSlug === undefined ? items : items.filter((item) => slugOf(item) === caller.organizationSlug));
}
