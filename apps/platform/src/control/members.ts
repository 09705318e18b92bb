import type { Invitation, Member, Organization } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource, type Role } from '@plinth/permissions';
import { roleAssignmentRefusal, rolesForPlan } from '@plinth/plans';
import type { Queryable } from '../engines/types.ts';
import { escapeHtml } from '../data-plane/auth/mail-templates.ts';
import { createOutbox, smtpFromUrl } from '../data-plane/mail/outbox.ts';
import { authorize, membershipBySlug, type OrganizationRow } from './access.ts';
import { recordAudit } from './audit.ts';
import { emitOrganizationEvent } from './org-webhooks/index.ts';
import type { Actor, ControlContext } from './context.ts';
import { presentOrganization } from './organizations.ts';

interface MemberRow {
  user_id: string;
  username: string | null;
  email: string;
  role: Role;
  joined_at: Date | string;
  mfa_enabled: boolean;
}

const memberSelect = `
  select m.user_id, p.username, u.email, m.role, m.joined_at,
    exists (select 1 from auth.mfa_factors f where f.user_id = m.user_id and f.status = 'verified') as mfa_enabled
  from members m join auth.users u on u.id = m.user_id left join profiles p on p.user_id = m.user_id`;

function presentMember(row: MemberRow): Member {
  return {
    user_id: row.user_id,
    username: row.username ?? row.email.split('@')[0],
    primary_email: row.email,
    role: row.role,
    mfa_enabled: row.mfa_enabled,
    joined_at: new Date(row.joined_at).toISOString(),
  };
}

export async function listMembers(ctx: ControlContext, actor: Actor, slug: string): Promise<Member[]> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.MEMBERS);
  const { rows } = await ctx.db.query<MemberRow>(`${memberSelect} where m.organization_id = $1 order by m.joined_at, u.email`, [organization.id]);
  return rows.map(presentMember);
}

export async function assignableRoles(ctx: ControlContext, actor: Actor, slug: string): Promise<Role[]> {
  const { organization } = await membershipBySlug(ctx.db, actor.userId, slug);
  return rolesForPlan(organization.plan);
}

async function targetMember(db: Queryable, organizationId: number, userId: string): Promise<MemberRow> {
  const { rows } = await db.query<MemberRow>(`${memberSelect} where m.organization_id = $1 and m.user_id = $2`, [organizationId, userId]);
  if (rows.length === 0) throw new PlinthError('member_not_found');
  return rows[0];
}

async function ownerCount(db: Queryable, organizationId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from members where organization_id = $1 and role = 'Owner'`, [organizationId]);
  return rows[0].n;
}

/**
 * Refuses giving one more member `role` where the plan does not offer it (or, on Free and Pro, a second
 * owner). Members keep the role they hold when the plan changes; only new assignments are checked.
 */
async function assertAssignable(db: Queryable, organization: OrganizationRow, role: Role): Promise<void> {
  const refusal = roleAssignmentRefusal(organization.plan, role, await ownerCount(db, organization.id));
  if (refusal) throw new PlinthError(refusal);
}

export async function updateMemberRole(ctx: ControlContext, actor: Actor, slug: string, userId: string, newRole: Role): Promise<Member> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  const target = await targetMember(ctx.db, organization.id, userId);
  authorize(role, Action.UPDATE, Resource.MEMBERS, { targetRole: target.role, newRole });
  if (newRole !== target.role) await assertAssignable(ctx.db, organization, newRole);
  if (target.role === 'Owner' && newRole !== 'Owner' && (await ownerCount(ctx.db, organization.id)) <= 1) {
    throw new PlinthError('last_owner');
  }
  await ctx.db.query('update members set role = $3 where organization_id = $1 and user_id = $2', [organization.id, userId, newRole]);
  await recordAudit(ctx.db, actor, { action: 'member.role_update', organizationSlug: slug, target: `${target.email}: ${target.role} -> ${newRole}` });
  await emitOrganizationEvent(ctx, { organizationSlug: slug, event: 'member.role_changed', data: { email: target.email, from: target.role, to: newRole } });
  return presentMember({ ...target, role: newRole });
}

/** Removing someone else needs the permission; leaving is always allowed, except for the last owner. */
export async function removeMember(ctx: ControlContext, actor: Actor, slug: string, userId: string): Promise<void> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  const target = await targetMember(ctx.db, organization.id, userId);
  if (userId !== actor.userId) authorize(role, Action.DELETE, Resource.MEMBERS, { targetRole: target.role });
  if (target.role === 'Owner' && (await ownerCount(ctx.db, organization.id)) <= 1) throw new PlinthError('last_owner');
  await ctx.db.query('delete from members where organization_id = $1 and user_id = $2', [organization.id, userId]);
  await recordAudit(ctx.db, actor, {
    action: userId === actor.userId ? 'member.leave' : 'member.remove',
    organizationSlug: slug,
    target: target.email,
  });
  await emitOrganizationEvent(ctx, { organizationSlug: slug, event: 'member.removed', data: { email: target.email, role: target.role, left: userId === actor.userId } });
}

interface InvitationRow {
  id: number;
  email: string;
  role: Role;
  invited_at: Date | string;
  invited_by_email: string | null;
  slug: string;
  name: string;
}

const invitationSelect = `
  select i.id, i.email, i.role, i.invited_at, u.email as invited_by_email, o.slug, o.name
  from invitations i join organizations o on o.id = i.organization_id left join auth.users u on u.id = i.invited_by`;

function presentInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_at: new Date(row.invited_at).toISOString(),
    invited_by: row.invited_by_email ?? '',
    organization_slug: row.slug,
    organization_name: row.name,
  };
}

export async function listInvitations(ctx: ControlContext, actor: Actor, slug: string): Promise<Invitation[]> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.MEMBERS);
  const { rows } = await ctx.db.query<InvitationRow>(`${invitationSelect} where i.organization_id = $1 order by i.id`, [organization.id]);
  return rows.map(presentInvitation);
}

export async function inviteMember(ctx: ControlContext, actor: Actor, slug: string, email: string, newRole: Role): Promise<Invitation> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.CREATE, Resource.INVITATIONS, { newRole });
  await assertAssignable(ctx.db, organization, newRole);
  const existing = await ctx.db.query(
    'select 1 from members m join auth.users u on u.id = m.user_id where m.organization_id = $1 and lower(u.email) = $2',
    [organization.id, email],
  );
  if (existing.rows.length > 0) throw new PlinthError('already_member');
  const { rows } = await ctx.db
    .query<{ id: number }>('insert into invitations (organization_id, email, role, invited_by) values ($1, $2, $3, $4) returning id', [
      organization.id,
      email,
      newRole,
      actor.userId,
    ])
    .catch((error: { code?: string }) => {
      if (error.code === '23505') throw new PlinthError('invitation_exists');
      throw error;
    });
  await recordAudit(ctx.db, actor, { action: 'member.invite', organizationSlug: slug, target: `${email} as ${newRole}` });
  await emitOrganizationEvent(ctx, { organizationSlug: slug, event: 'member.invited', data: { email, role: newRole } });
  const invitation = await ctx.db.query<InvitationRow>(`${invitationSelect} where i.id = $1`, [rows[0].id]);
  await mailInvitation(ctx, actor, organization.name, email, newRole);
  return presentInvitation(invitation.rows[0]);
}

/**
 * Tells the invitee by mail when the platform has a mail server (PLINTH_SMTP_URL); the invitation
 * stands either way (the studio shows it to them once signed in), so a failed send is logged, not raised.
 */
async function mailInvitation(ctx: ControlContext, actor: Actor, organizationName: string, email: string, role: Role): Promise<void> {
  if (!ctx.config.smtpUrl) return;
  const outbox = createOutbox({ db: ctx.db, projectRef: null, smtp: smtpFromUrl(ctx.config.smtpUrl), perHour: null });
  const studio = escapeHtml(ctx.config.publicUrl);
  try {
    await outbox.send({
      to: email,
      subject: `You're invited to join ${organizationName} on Plinth`,
      html: `<p>${escapeHtml(actor.email)} invited you to join <strong>${escapeHtml(organizationName)}</strong> as ${escapeHtml(role)}.</p>
<p><a href="${studio}/">Sign in or create an account with this email address</a> to accept the invitation.</p>`,
    });
  } catch (error) {
    ctx.log.error(`invitation email to the invitee of ${organizationName} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Invitations addressed to the caller's own email. */
export async function myInvitations(ctx: ControlContext, actor: Actor): Promise<Invitation[]> {
  const { rows } = await ctx.db.query<InvitationRow>(`${invitationSelect} where i.email = lower($1) order by i.id`, [actor.email]);
  return rows.map(presentInvitation);
}

async function invitationFor(db: Queryable, slug: string, id: number): Promise<InvitationRow & { organization_id: number }> {
  const { rows } = await db.query<InvitationRow & { organization_id: number }>(
    `${invitationSelect.replace('select i.id', 'select i.organization_id, i.id')} where o.slug = $1 and i.id = $2`,
    [slug, id],
  );
  if (rows.length === 0) throw new PlinthError('invitation_not_found');
  return rows[0];
}

/** The inviter's side cancels; the invitee's side declines. Anyone else sees "not found". */
export async function deleteInvitation(ctx: ControlContext, actor: Actor, slug: string, id: number): Promise<void> {
  const invitation = await invitationFor(ctx.db, slug, id);
  if (invitation.email !== actor.email.toLowerCase()) {
    const { role } = await membershipBySlug(ctx.db, actor.userId, slug).catch(() => {
      throw new PlinthError('invitation_not_found');
    });
    authorize(role, Action.DELETE, Resource.INVITATIONS);
  }
  await ctx.db.query('delete from invitations where id = $1', [id]);
  await recordAudit(ctx.db, actor, { action: 'member.invitation_delete', organizationSlug: slug, target: invitation.email });
}

export async function acceptInvitation(ctx: ControlContext, actor: Actor, slug: string, id: number): Promise<Organization> {
  const invitation = await invitationFor(ctx.db, slug, id);
  if (invitation.email !== actor.email.toLowerCase()) throw new PlinthError('invitation_not_found');
  const organization = await ctx.db.transaction(async (tx) => {
    // The plan may have changed since the invitation was sent: check against today's, with the row locked.
    const current = (await tx.query<OrganizationRow>('select * from organizations where id = $1 for update', [invitation.organization_id])).rows[0];
    await assertAssignable(tx, current, invitation.role);
    await tx.query(
      'insert into members (organization_id, user_id, role) values ($1, $2, $3) on conflict (organization_id, user_id) do nothing',
      [invitation.organization_id, actor.userId, invitation.role],
    );
    await tx.query('delete from invitations where id = $1', [id]);
    await recordAudit(tx, actor, { action: 'member.join', organizationSlug: slug, target: `${actor.email} as ${invitation.role}` });
    return current;
  });
  const { role } = await membershipBySlug(ctx.db, actor.userId, slug);
  return presentOrganization(organization, role);
}
