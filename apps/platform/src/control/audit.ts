import type { AuditEntry } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import type { Queryable } from '../engines/types.ts';
import { authorize, membershipBySlug } from './access.ts';
import { auditWindowStart } from './audit-window.ts';
import type { Actor, ControlContext } from './context.ts';

export interface AuditEvent {
  action: string;
  organizationSlug?: string | null;
  projectRef?: string | null;
  target?: string | null;
}

/** Every state-changing call writes one entry: who, where, what, when, from which address. */
export async function recordAudit(db: Queryable, actor: Actor, event: AuditEvent): Promise<void> {
  await db.query(
    `insert into audit_log (actor_id, actor_email, organization_slug, project_ref, action, target, ip)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [actor.userId, actor.email, event.organizationSlug ?? null, event.projectRef ?? null, event.action, event.target ?? null, actor.ip],
  );
}

interface AuditRow {
  id: string | number;
  occurred_at: Date | string;
  actor_id: string | null;
  actor_email: string | null;
  organization_slug: string | null;
  project_ref: string | null;
  action: string;
  target: string | null;
  ip: string | null;
}

interface AuditPage {
  limit: number;
  before?: number;
}

/**
 * Newest first, keyset-paginated by id; with `windowStart` (audit-window.ts, parameters from $4 on),
 * only entries since then.
 */
export async function listAudit(
  db: Queryable,
  filter: { organizationSlug: string } | { actorId: string },
  page: AuditPage,
  windowStart: { sql: string; params: unknown[] } | null = null,
): Promise<{ entries: AuditEntry[]; next_before: number | null }> {
  const [column, value] = 'organizationSlug' in filter ? ['organization_slug', filter.organizationSlug] : ['actor_id', filter.actorId];
  const { rows } = await db.query<AuditRow>(
    `select * from audit_log where ${column} = $1 and ($2::bigint is null or id < $2)
       ${windowStart ? `and occurred_at >= ${windowStart.sql}` : ''}
     order by id desc limit $3`,
    [value, page.before ?? null, page.limit + 1, ...(windowStart?.params ?? [])],
  );
  const entries = rows.slice(0, page.limit).map((r) => ({
    ...r,
    id: Number(r.id),
    occurred_at: new Date(r.occurred_at).toISOString(),
  }));
  return { entries, next_before: rows.length > page.limit ? entries[entries.length - 1].id : null };
}

/**
 * An organisation's audit trail, as far back as its plan keeps it (1 hour on Free ... all on
 * Enterprise) and no further back than the organisation itself (a slug can be reused).
 */
export async function organizationAudit(ctx: ControlContext, actor: Actor, slug: string, page: AuditPage) {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.AUDIT);
  return listAudit(ctx.db, { organizationSlug: slug }, page, auditWindowStart(ctx, organization, 4));
}
