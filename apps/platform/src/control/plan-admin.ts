import type { ResponseOf } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { limits, PLAN_NAMES, type Plan } from '@plinth/plans';
import type { Queryable } from '../engines/types.ts';
import type { OrganizationRow } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { assertOperator } from './operators.ts';
import { freeProjectHolders } from './projects.ts';
import { queueDiskQuotaCheck } from './read-only-mode.ts';

type AdminOrganization = ResponseOf<'adminOrganizations'>[number];

interface AdminOrganizationRow extends OrganizationRow {
  member_count: number;
  project_count: number;
}

const adminOrganizationSelect = `
  select o.*,
    (select count(*)::int from members m where m.organization_id = o.id) as member_count,
    (select count(*)::int from projects p where p.organization_id = o.id) as project_count
  from organizations o`;

function presentAdminOrganization(row: AdminOrganizationRow): AdminOrganization {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    plan: { id: row.plan, name: PLAN_NAMES[row.plan] },
    inserted_at: new Date(row.inserted_at).toISOString(),
    member_count: row.member_count,
    project_count: row.project_count,
  };
}

async function adminOrganizationBySlug(db: Queryable, slug: string): Promise<AdminOrganizationRow> {
  const { rows } = await db.query<AdminOrganizationRow>(`${adminOrganizationSelect} where o.slug = $1`, [slug]);
  if (rows.length === 0) throw new PlinthError('organization_not_found');
  return rows[0];
}

/** Every organisation on this Plinth with its plan, for the operator. */
export async function listOrganizationsForOperator(ctx: ControlContext, actor: Actor): Promise<AdminOrganization[]> {
  assertOperator(ctx, actor);
  const { rows } = await ctx.db.query<AdminOrganizationRow>(`${adminOrganizationSelect} order by o.slug`);
  return rows.map(presentAdminOrganization);
}

/**
 * Sets an organisation's plan (until billing sets it). Members keep their roles; the new plan's limits
 * apply from the next request, and its disk quota is checked at once (read-only mode). A move to Free
 * is made even when owners or administrators are over its free-project limit (the operator may be
 * acting on a lapsed payment): their running projects stay up, new ones are refused, and the answer
 * names them so the operator can follow up.
 */
export async function setOrganizationPlan(ctx: ControlContext, actor: Actor, slug: string, plan: Plan): Promise<ResponseOf<'adminOrganizationUpdate'>> {
  assertOperator(ctx, actor);
  const updated = await ctx.db.transaction(async (tx) => {
    // Locked like project creation locks it, so a creation cannot slip between the change and the count.
    const { rows } = await tx.query<{ plan: Plan }>('select plan from organizations where slug = $1 for update', [slug]);
    if (rows.length === 0) throw new PlinthError('organization_not_found');
    const previousPlan = rows[0].plan;
    await tx.query('update organizations set plan = $2 where slug = $1', [slug, plan]);
    await recordAudit(tx, actor, { action: 'organization.plan_update', organizationSlug: slug, target: `${previousPlan} -> ${plan}` });
    const organization = await adminOrganizationBySlug(tx, slug);
    const limit = limits(plan).freeProjectLimit;
    const overLimit =
      limit === null
        ? []
        : (await freeProjectHolders(tx, organization.id))
            .filter((holder) => holder.active_free_projects > limit)
            .map((holder) => ({ ...holder, free_project_limit: limit }));
    return { ...presentAdminOrganization(organization), previous_plan: previousPlan, members_over_free_project_limit: overLimit };
  });
  // A new disk quota may take projects into read-only mode or out of it now, not at the next minute's check.
  await queueDiskQuotaCheck(ctx, { organizationSlug: slug });
  return updated;
}
