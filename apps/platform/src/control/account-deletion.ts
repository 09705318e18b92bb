import { PlinthError } from '@plinth/errors';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';

interface OwnedOrganization {
  id: number;
  slug: string;
  name: string;
  other_members: number;
  projects: number;
}

/**
 * Deletes the signed-in person's account: the auth user, and with it (foreign keys, on delete
 * cascade) their sessions and refresh tokens, personal access tokens, memberships, profile and
 * support tickets. Refused, with the list, while they are the only owner of an organisation that
 * has other members or projects: ownership must pass to someone first, or the organisation be
 * deleted. An organisation they alone make up, with no projects, goes with the account.
 */
export async function deleteAccount(ctx: ControlContext, actor: Actor, confirmEmail: string): Promise<void> {
  if (confirmEmail.trim().toLowerCase() !== actor.email.toLowerCase()) throw new PlinthError('confirmation_mismatch');
  await ctx.db.transaction(async (tx) => {
    // Locks the organisations they own, so no member or project arrives between the check and the delete.
    const { rows } = await tx.query<OwnedOrganization>(
      `select o.id, o.slug, o.name,
         (select count(*)::int from members m2 where m2.organization_id = o.id and m2.user_id <> $1) as other_members,
         (select count(*)::int from projects p where p.organization_id = o.id) as projects
       from organizations o join members m on m.organization_id = o.id and m.user_id = $1 and m.role = 'Owner'
       where not exists (select 1 from members m3 where m3.organization_id = o.id and m3.role = 'Owner' and m3.user_id <> $1)
       order by o.name
       for update of o`,
      [actor.userId],
    );
    const blocking = rows.filter((org) => org.other_members > 0 || org.projects > 0);
    if (blocking.length > 0) {
      throw new PlinthError(
        'account_sole_owner',
        `You are the only owner of ${blocking.map((org) => org.name).join(', ')}. Transfer ownership to another member, or delete ${blocking.length === 1 ? 'that organization' : 'those organizations'}, before deleting your account.`,
        { organizations: blocking.map(({ slug, name, other_members, projects }) => ({ slug, name, other_members, projects })) },
      );
    }
    const alone = rows.map((org) => org.id);
    if (alone.length > 0) await tx.query('delete from organizations where id = any($1::int[])', [alone]);
    await tx.query('delete from auth.users where id = $1', [actor.userId]);
    await recordAudit(tx, actor, { action: 'account.delete', target: actor.email });
    for (const org of rows) await recordAudit(tx, actor, { action: 'organization.delete', organizationSlug: org.slug, target: org.name });
  });
}
