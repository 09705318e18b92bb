import { Action, Resource } from '@plinth/permissions';
import { limits, PLAN_NAMES, type Plan } from '@plinth/plans';
import { authorize, membershipBySlug } from './access.ts';
import type { Actor, ControlContext } from './context.ts';
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

async function databaseSize(ctx: ControlContext, project: Pick<ProjectRow, 'ref' | 'db_server' | 'status'>): Promise<number> {
  return (await projectSizes(ctx, project)).database;
}

export async function organizationUsage(ctx: ControlContext, actor: Actor, slug: string) {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  const { rows } = await ctx.db.query<ProjectRow>('select ref, db_server, status from projects where organization_id = $1', [organization.id]);
  const total = { database: 0, storage: 0 };
  for (const project of rows) {
    const sizes = await projectSizes(ctx, project);
    total.database += sizes.database;
    total.storage += sizes.storage;
  }
  const plan = limits(organization.plan);
  const capped = organization.plan === 'free' || !organization.usage_billing_enabled;
  return {
    usages: [
      { metric: 'DATABASE_SIZE', usage: total.database, pricing_free_units: plan.databaseSizeBytes, capped, available_in_plan: true, unlimited: plan.databaseSizeBytes === null },
      { metric: 'STORAGE_SIZE', usage: total.storage, pricing_free_units: plan.storageBytes, capped, available_in_plan: true, unlimited: plan.storageBytes === null },
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
