import type { BodyOf, SupportTicket } from '@plinth/api-contract';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';

interface TicketRow extends Omit<SupportTicket, 'created_at'> {
  created_at: Date | string;
}

const present = (row: TicketRow): SupportTicket => ({ ...row, created_at: new Date(row.created_at).toISOString() });

/** Tickets are stored and listed back to their author only. */
export async function createTicket(ctx: ControlContext, actor: Actor, body: BodyOf<'supportTicketCreate'>): Promise<SupportTicket> {
  const { rows } = await ctx.db.query<TicketRow>(
    `insert into support_tickets (user_id, category, project_ref, organization_slug, subject, message)
     values ($1, $2, $3, $4, $5, $6)
     returning id, category, project_ref, organization_slug, subject, message, created_at`,
    [actor.userId, body.category, body.project_ref ?? null, body.organization_slug ?? null, body.subject, body.message],
  );
  await recordAudit(ctx.db, actor, { action: 'support.ticket_create', projectRef: body.project_ref ?? null, target: body.subject });
  return present(rows[0]);
}

export async function listTickets(ctx: ControlContext, actor: Actor): Promise<SupportTicket[]> {
  const { rows } = await ctx.db.query<TicketRow>(
    `select id, category, project_ref, organization_slug, subject, message, created_at
     from support_tickets where user_id = $1 order by id desc`,
    [actor.userId],
  );
  return rows.map(present);
}
