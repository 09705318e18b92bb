import { PlinthError } from '@plinth/errors';
import { can, type Action, type Context, type Resource, type Role } from '@plinth/permissions';
import type { Plan } from '@plinth/plans';
import type { Queryable } from '../engines/types.ts';

export interface OrganizationRow {
  id: number;
  slug: string;
  name: string;
  plan: Plan;
  billing_email: string | null;
  usage_billing_enabled: boolean;
  inserted_at: Date | string;
}

export interface Membership {
  organization: OrganizationRow;
  role: Role;
}

/**
 * The caller's membership of an organisation. A slug the caller is not a member of reads as not found,
 * so one organisation cannot even learn that another exists.
 */
export async function membershipBySlug(db: Queryable, userId: string, slug: string): Promise<Membership> {
  const { rows } = await db.query<OrganizationRow & { role: Role }>(
    `select o.*, m.role from organizations o join members m on m.organization_id = o.id
     where o.slug = $1 and m.user_id = $2`,
    [slug, userId],
  );
  if (rows.length === 0) throw new PlinthError('organization_not_found');
  const { role, ...organization } = rows[0];
  return { organization, role };
}

export async function membershipById(db: Queryable, userId: string, organizationId: number): Promise<Membership> {
  const { rows } = await db.query<{ slug: string }>('select slug from organizations where id = $1', [organizationId]);
  if (rows.length === 0) throw new PlinthError('organization_not_found');
  return membershipBySlug(db, userId, rows[0].slug);
}

/** The server-side check every call goes through; the studio's disabled buttons are only a courtesy. */
export function authorize(role: Role, action: Action, resource: Resource, context?: Context): void {
  if (!can(role, action, resource, context)) throw new PlinthError('forbidden');
}
