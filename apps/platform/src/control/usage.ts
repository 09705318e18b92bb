import { Action, Resource } from '@plinth/permissions';
import { PlinthError } from '@plinth/errors';
import { PLAN_NAMES } from '@plinth/plans';
import { authorize, membershipBySlug } from './access.ts';
import type { Actor, ControlContext } from './context.ts';
import { isCapped, METRICS, termsOf } from './metering/metrics.ts';
import { billingCycleOf, dailyTotals, periodTotals } from './metering/totals.ts';
import { locationOf, type ProjectRow } from './project-rows.ts';

/**
 * A project's database size and the bytes of its stored files (the sum of its objects' sizes),
 * measured from the project database itself; a paused or unreachable project counts as 0.
 */
async function projectSizes(ctx: ControlContext, project: Pick<ProjectRow, 'ref' | 'db_server' | 'status'>): Promise<{ database: number; storage: number }> {
  if (project.status !== 'ACTIVE_HEALTHY') return { database: 0, storage: 0 };
  try {
    const db = await ctx.engine.project(locationOf(project));
    const { rows } = await db.query<{ size: string }>('select pg_database_size(current_database())::text as size');
    // A project made before storage has no storage schema until its first storage call.
    const stored = await db.query<{ total: string | null }>(`select sum((metadata->>'size')::bigint)::text as total from storage.objects`).catch(() => null);
    return { database: Number(rows[0].size), storage: Number(stored?.rows[0]?.total ?? 0) };
  } catch {
    return { database: 0, storage: 0 };
  }
}

/**
 * GET /organizations/{slug}/usage: each metric over the current billing cycle (the calendar month,
 * UTC) against the plan, in the spec's shape. Database and storage size are measured now (what the
 * caps hold to); every other figure is the sum of the hourly metering job's rows (metering/), so it
 * trails real traffic by up to an hour.
 */
export async function organizationUsage(ctx: ControlContext, actor: Actor, slug: string, query: { project_ref?: string } = {}, now = new Date()) {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  const projectRef = query.project_ref ?? null;
  const { rows } = await ctx.db.query<ProjectRow>(
    'select ref, db_server, status from projects where organization_id = $1 and ($2::text is null or ref = $2)',
    [organization.id, projectRef],
  );
  if (projectRef && rows.length === 0) throw new PlinthError('project_not_found');
  const live = { database: 0, storage: 0 };
  for (const project of rows) {
    const sizes = await projectSizes(ctx, project);
    live.database += sizes.database;
    live.storage += sizes.storage;
  }
  const cycle = billingCycleOf(now);
  const metered = await periodTotals(ctx.db, organization.id, cycle, projectRef);
  metered.DATABASE_SIZE = live.database;
  metered.STORAGE_SIZE = live.storage;
  const capped = isCapped(organization.plan, organization.usage_billing_enabled);
  const usages = METRICS.map((metric) => {
    const terms = termsOf(organization.plan, metric);
    return { metric, usage: metered[metric], pricing_free_units: terms.freeUnits, capped, available_in_plan: terms.availableInPlan, unlimited: terms.unlimited };
  });
  return {
    usages,
    plan: organization.plan,
    usage_billing_enabled: organization.usage_billing_enabled,
    period_start: cycle.start.toISOString(),
    period_end: cycle.end.toISOString(),
  };
}

/** GET /organizations/{slug}/usage/daily: the cycle's figures per UTC day, for the usage charts. */
export async function organizationDailyUsage(ctx: ControlContext, actor: Actor, slug: string, query: { project_ref?: string } = {}, now = new Date()) {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  const projectRef = query.project_ref ?? null;
  if (projectRef) {
    const { rows } = await ctx.db.query('select 1 from projects where organization_id = $1 and ref = $2', [organization.id, projectRef]);
    if (rows.length === 0) throw new PlinthError('project_not_found');
  }
  const cycle = billingCycleOf(now);
  const points = await dailyTotals(ctx.db, organization.id, cycle, projectRef);
  return { period_start: cycle.start.toISOString(), period_end: cycle.end.toISOString(), days: points };
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
