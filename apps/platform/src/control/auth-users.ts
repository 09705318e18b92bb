/**
 * The studio's Authentication > Users calls and the mail catcher's inbox, for members. The member's
 * role decides (the users live in the database: SQL read to list, SQL write to change); the
 * project's own auth service then acts as its admin API would, so a change made here and one made
 * with the service key behave alike and land in auth_logs alike.
 */
import type { AuthUser, AuthUsersQuery, BodyOf, MailMessage } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import type { AuditEvent, AuthService } from '../data-plane/auth/index.ts';
import { projectAuthFor } from '../data-plane/auth/project-auth.ts';
import { writeAuthLogs } from '../data-plane/logs/index.ts';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';

type Need = 'read' | 'write';

async function withAuth<T>(
  ctx: ControlContext,
  actor: Actor,
  ref: string,
  need: Need,
  act: (auth: AuthService) => Promise<T>,
  audit?: { action: string; target: (result: T) => string },
): Promise<T> {
  const { role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, need === 'write' ? Action.TENANT_SQL_ADMIN_WRITE : Action.TENANT_SQL_ADMIN_READ, Resource.AUTH_USERS);
  const events: AuditEvent[] = [];
  const result = await act((await projectAuthFor(ctx, ref)).withAudit((event) => events.push(event)));
  if (events.length > 0) {
    writeAuthLogs(ctx.logs, { projectRef: ref, method: 'STUDIO', path: '/admin', status: 200, remoteAddress: actor.ip ?? '', durationMs: 0, events, error: null });
  }
  if (audit) await recordAudit(ctx.db, actor, { action: audit.action, organizationSlug: organization.slug, projectRef: ref, target: audit.target(result) });
  return result;
}

export function listAuthUsers(ctx: ControlContext, actor: Actor, ref: string, query: AuthUsersQuery): Promise<{ users: AuthUser[]; total: number }> {
  return withAuth(ctx, actor, ref, 'read', (auth) =>
    auth.admin.listUsers({
      page: query.page,
      perPage: query.per_page,
      keywords: query.keywords,
      filter: query.filter,
      provider: query.provider,
      sort: query.sort,
      order: query.order,
    }),
  );
}

export function getAuthUser(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<AuthUser> {
  return withAuth(ctx, actor, ref, 'read', (auth) => auth.admin.getUser(id));
}

export function createAuthUser(ctx: ControlContext, actor: Actor, ref: string, body: BodyOf<'authUserCreate'>): Promise<AuthUser> {
  return withAuth(ctx, actor, ref, 'write', (auth) => auth.admin.createUser({ email: body.email, password: body.password, email_confirm: body.email_confirm }), {
    action: 'project.auth_user.create',
    target: (user) => user.id,
  });
}

export function updateAuthUser(ctx: ControlContext, actor: Actor, ref: string, id: string, body: BodyOf<'authUserUpdate'>): Promise<AuthUser> {
  return withAuth(ctx, actor, ref, 'write', (auth) => auth.admin.updateUser(id, body), {
    action: body.ban_duration === undefined ? 'project.auth_user.update' : body.ban_duration === 'none' ? 'project.auth_user.unban' : 'project.auth_user.ban',
    target: () => id,
  });
}

export async function deleteAuthUser(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<{ message: string }> {
  await withAuth(ctx, actor, ref, 'write', (auth) => auth.admin.deleteUser(id), { action: 'project.auth_user.delete', target: () => id });
  return { message: 'Deleted the user' };
}

export async function deleteAuthUserFactors(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<{ message: string }> {
  await withAuth(
    ctx, actor, ref, 'write',
    async (auth) => {
      for (const factor of await auth.admin.listFactors(id)) await auth.admin.deleteFactor(id, factor.id);
    },
    { action: 'project.auth_user.factors.delete', target: () => id },
  );
  return { message: "Removed the user's MFA factors" };
}

export function inviteAuthUser(ctx: ControlContext, actor: Actor, ref: string, email: string): Promise<AuthUser> {
  return withAuth(ctx, actor, ref, 'write', (auth) => auth.admin.invite({ email }), { action: 'project.auth_user.invite', target: (user) => user.id });
}

export async function sendMagicLink(ctx: ControlContext, actor: Actor, ref: string, email: string): Promise<{ message: string }> {
  await withAuth(ctx, actor, ref, 'write', (auth) => auth.sendSignInLink({ email, createUser: true }, { ip: actor.ip ?? undefined }));
  return { message: `Sent a magic link to ${email}` };
}

export async function sendRecovery(ctx: ControlContext, actor: Actor, ref: string, email: string): Promise<{ message: string }> {
  await withAuth(ctx, actor, ref, 'write', (auth) => auth.sendRecovery({ email }, { ip: actor.ip ?? undefined }));
  return { message: `Sent a password recovery email to ${email}` };
}

/** The catcher's messages: the links in them sign people in, so reading them is reading users' data. */
export async function listMail(ctx: ControlContext, actor: Actor, ref: string, limit: number): Promise<MailMessage[]> {
  const { role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.TENANT_SQL_ADMIN_READ, Resource.AUTH_USERS);
  const { rows } = await ctx.db.query<{ id: string; recipient: string; subject: string; text_body: string; html_body: string; created_at: Date | string }>(
    `select id, recipient, subject, text_body, html_body, created_at from mail_messages
      where project_ref = $1 and is_caught order by created_at desc, id limit $2`,
    [ref, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/** Empties the inbox; the rows of mail sent by SMTP stay (they count toward the hourly limit). */
export async function clearMail(ctx: ControlContext, actor: Actor, ref: string): Promise<{ message: string }> {
  const { role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.TENANT_SQL_ADMIN_WRITE, Resource.AUTH_USERS);
  // Kept as counted rows without bodies: emptying the inbox must not reset the email rate limit.
  await ctx.db.query('update mail_messages set is_caught = false, text_body = null, html_body = null where project_ref = $1 and is_caught', [ref]);
  await recordAudit(ctx.db, actor, { action: 'project.mail.clear', organizationSlug: organization.slug, projectRef: ref });
  return { message: 'Emptied the inbox' };
}
