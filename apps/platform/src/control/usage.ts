import { Action, Resource } from '@plinth/permissions';
import { limits, PLAN_NAMES, type Plan } from '@plinth/plans';
import { authorize, membershipBySlug } from './access.ts';
import type { Actor, ControlContext } from './context.ts';
import { locationOf, type ProjectRow } from './project-rows.ts';

/** Measured from the project database itself; a paused or unreachable project counts as 0. */
async function databaseSize(ctx: ControlContext, project: Pick<ProjectRow, 'ref' | 'db_server' | 'status'>): Promise<number> {
  if (project.status !== 'ACTIVE_HEALTHY') return 0;
  try {
    const db = await ctx.engine.project(locationOf(project));
    const { rows } = await db.query<{ size: string }>('select pg_database_size(current_database())::text as size');
    return Number(rows[0].size);
  } catch {
    return 0;
  }
}

export async function organizationUsage(ctx: ControlContext, actor: Actor, slug: string) {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  const { rows } = await ctx.db.query<ProjectRow>('select ref, db_server, status from projects where organization_id = $1', [organization.id]);
  let total = 0;
  for (const project of rows) total += await databaseSize(ctx, project);
  const included = limits(organization.plan).databaseSizeBytes;
  return {
    usages: [
      {
        metric: 'DATABASE_SIZE',
        usage: total,
        pricing_free_units: included,
        capped: organization.plan === 'free' || !organization.usage_billing_enabled,
        available_in_plan: true,
        unlimited: included === null,
      },
    ],
  };
}

/** Projects whose database is over 80 % (warning) or 100 % (critical) of what the plan includes. */
export async function resourceWarnings(ctx: ControlContext, actor: Actor) {
  const { rows } = await ctx.db.query<ProjectRow & { plan: Plan }>(
    `select p.ref, p.db_server, p.status, o.plan from projects p join organizations o on o.id = p.organization_id
     join members m on m.organization_id = p.organization_id and m.user_id = $1`,
    [actor.userId],
  );
  const warnings = [];
  for (const project of rows) {
    const included = limits(project.plan).databaseSizeBytes;
    if (included === null) continue;
    const ratio = (await databaseSize(ctx, project)) / included;
    if (ratio >= 0.8) {
      warnings.push({ project: project.ref, is_readonly_mode_enabled: false, disk_space: ratio >= 1 ? ('critical' as const) : ('warning' as const) });
    }
  }
  return warnings;
}

export async function organizationSubscription(ctx: ControlContext, actor: Actor, slug: string) {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.SUBSCRIPTIONS);
  return {
    plan: { id: organization.plan, name: PLAN_NAMES[organization.plan] },
    usage_billing_enabled: organization.usage_billing_enabled,
    billing_cycle_anchor: Math.floor(new Date(organization.inserted_at).getTime() / 1000),
  };
}
