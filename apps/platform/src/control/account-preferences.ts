import type { BodyOf, Preferences, Theme } from '@plinth/api-contract';
import { membershipBySlug } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { getProfile } from './profiles.ts';

/**
 * The signed-in user's preferences, kept on the profile so they follow the person to any browser.
 * The default organisation is shown only while the person is still a member of it.
 */
export async function getPreferences(ctx: ControlContext, actor: Actor): Promise<Preferences> {
  await getProfile(ctx, actor);
  const { rows } = await ctx.db.query<{ theme: Theme; slug: string | null }>(
    `select p.theme, o.slug from profiles p
     left join members m on m.organization_id = p.default_organization_id and m.user_id = p.user_id
     left join organizations o on o.id = m.organization_id
     where p.user_id = $1`,
    [actor.userId],
  );
  return { theme: rows[0].theme, default_organization_slug: rows[0].slug };
}

export async function updatePreferences(ctx: ControlContext, actor: Actor, body: BodyOf<'preferencesUpdate'>): Promise<Preferences> {
  await getProfile(ctx, actor);
  // Only an organisation the person belongs to (another one reads as not found).
  const organizationId = body.default_organization_slug ? (await membershipBySlug(ctx.db, actor.userId, body.default_organization_slug)).organization.id : null;
  await ctx.db.query(
    `update profiles set theme = coalesce($2, theme),
       default_organization_id = case when $3::boolean then $4 else default_organization_id end
     where user_id = $1`,
    [actor.userId, body.theme ?? null, body.default_organization_slug !== undefined, organizationId],
  );
  await recordAudit(ctx.db, actor, { action: 'profile.preferences.update', target: actor.email });
  return getPreferences(ctx, actor);
}
