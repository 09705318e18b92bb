import { Action, Resource } from '@plinth/permissions';
import { limits, PLAN_NAMES } from '@plinth/plans';
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

export async function organizationSubscription(ctx: ControlContext, actor: Actor, slug: string) {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.SUBSCRIPTIONS);
  return {
    plan: { id: organization.plan, name: PLAN_NAMES[organization.plan] },
    usage_billing_enabled: organization.usage_billing_enabled,
    billing_cycle_anchor: Math.floor(new Date(organization.inserted_at).getTime() / 1000),
  };
}
