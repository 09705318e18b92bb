/**
 * What stops an organisation moving to a plan by itself: each thing it uses that the plan does not
 * include. The operator's own plan change (plan-admin.ts) does not ask: a lapsed payment is moved down
 * regardless. Running projects are never stopped here; the organisation changes them first.
 */
import type { DowngradeBlocker } from '@plinth/api-contract';
import { allowsAdditionalOwners, limits, PLAN_FACTS, PLAN_NAMES, rolesForPlan, FREE_PROJECT_LIMIT_ROLES, type Plan } from '@plinth/plans';
import type { Queryable } from '../engines/types.ts';
import type { OrganizationRow } from './access.ts';
import type { ControlContext } from './context.ts';
import { databaseBytes, diskQuotaOf } from './disk-usage.ts';

const ACTIVE = `p.status not in ('INACTIVE', 'GOING_DOWN', 'REMOVED')`;
const MB = 1024 ** 2;

const names = (rows: { name: string }[]) => rows.map((r) => r.name).join(', ');

/** Owners who already own the free plan's number of free organisations elsewhere. */
async function freeOrganizationLimit(tx: Queryable, organization: OrganizationRow, limit: number): Promise<DowngradeBlocker[]> {
  const { rows } = await tx.query<{ name: string }>(
    `select u.email as name from members m join auth.users u on u.id = m.user_id
     where m.organization_id = $1 and m.role = 'Owner'
       and (select count(*) from members mo join organizations o on o.id = mo.organization_id
            where mo.user_id = m.user_id and mo.role = 'Owner' and o.plan = 'free' and o.id <> $1) >= $2
     order by u.email`,
    [organization.id, limit],
  );
  if (rows.length === 0) return [];
  return [{ kind: 'free_organization_limit', message: `${names(rows)} already own ${limit} free organizations, the most the Free plan allows.` }];
}

/** Owners and administrators whose active free projects would exceed the limit once this organisation is free. */
async function freeProjectLimit(tx: Queryable, organization: OrganizationRow, limit: number): Promise<DowngradeBlocker[]> {
  const { rows } = await tx.query<{ name: string; projects: number }>(
    `select u.email as name,
       (select count(*)::int from projects p
          join members mm on mm.organization_id = p.organization_id and mm.user_id = m.user_id and mm.role = any($2::text[])
          join organizations o on o.id = p.organization_id
        where (o.plan = 'free' or o.id = $1) and ${ACTIVE}) as projects
     from members m join auth.users u on u.id = m.user_id
     where m.organization_id = $1 and m.role = any($2::text[])
     order by u.email`,
    [organization.id, [...FREE_PROJECT_LIMIT_ROLES]],
  );
  const over = rows.filter((row) => row.projects > limit);
  if (over.length === 0) return [];
  return [{
    kind: 'free_project_limit',
    message: `The Free plan allows ${limit} active free projects per owner or administrator; ${over.map((r) => `${r.name} would have ${r.projects}`).join(', ')}. Pause or delete projects first.`,
  }];
}

async function pointInTimeRecovery(tx: Queryable, organization: OrganizationRow, target: Plan): Promise<DowngradeBlocker[]> {
  if (PLAN_FACTS[target].pointInTimeRecovery) return [];
  const { rows } = await tx.query<{ name: string }>(
    'select p.name from projects p where p.organization_id = $1 and p.pitr_enabled_at is not null order by p.name',
    [organization.id],
  );
  if (rows.length === 0) return [];
  return [{ kind: 'pitr', message: `Point-in-time recovery is on for ${names(rows)}; the ${PLAN_NAMES[target]} plan does not include it. Disable it first.` }];
}

async function memberRoles(tx: Queryable, organization: OrganizationRow, target: Plan): Promise<DowngradeBlocker[]> {
  const { rows } = await tx.query<{ name: string; role: string }>(
    'select u.email as name, m.role from members m join auth.users u on u.id = m.user_id where m.organization_id = $1 order by u.email',
    [organization.id],
  );
  const allowed: string[] = rolesForPlan(target);
  const unavailable = rows.filter((row) => !allowed.includes(row.role));
  const owners = rows.filter((row) => row.role === 'Owner');
  const blockers: DowngradeBlocker[] = [];
  if (unavailable.length > 0) {
    blockers.push({
      kind: 'member_roles',
      message: `The ${PLAN_NAMES[target]} plan has only ${allowed.join(' and ')} roles; change the role of ${unavailable.map((r) => `${r.name} (${r.role})`).join(', ')} first.`,
    });
  }
  if (owners.length > 1 && !allowsAdditionalOwners(target)) {
    blockers.push({ kind: 'member_roles', message: `The ${PLAN_NAMES[target]} plan has one owner; ${names(owners)} are owners. Keep one first.` });
  }
  return blockers;
}

async function functionCount(tx: Queryable, organization: OrganizationRow, target: Plan): Promise<DowngradeBlocker[]> {
  const limit = limits(target).functionCount;
  if (limit === null) return [];
  const { rows } = await tx.query<{ name: string; functions: number }>(
    `select p.name, count(f.*)::int as functions from projects p join edge_functions f on f.project_ref = p.ref
     where p.organization_id = $1 group by p.name having count(f.*) > $2 order by p.name`,
    [organization.id, limit],
  );
  if (rows.length === 0) return [];
  return [{
    kind: 'function_count',
    message: `The ${PLAN_NAMES[target]} plan allows ${limit} edge functions per project; ${rows.map((r) => `${r.name} has ${r.functions}`).join(', ')}. Delete functions first.`,
  }];
}

/** Databases last measured over the new plan's disk quota would turn read-only at once. */
async function databaseSize(ctx: ControlContext, tx: Queryable, organization: OrganizationRow, target: Plan): Promise<DowngradeBlocker[]> {
  const quota = diskQuotaOf(ctx, target);
  if (quota === null) return [];
  const { rows } = await tx.query<{ name: string; ref: string; db_server: string | null }>(
    `select p.name, p.ref, p.db_server from projects p where p.organization_id = $1 and p.status = 'ACTIVE_HEALTHY' order by p.name`,
    [organization.id],
  );
  const over: string[] = [];
  for (const project of rows) {
    const bytes = await databaseBytes(ctx, project);
    if (bytes !== null && bytes > quota) over.push(`${project.name} (${Math.ceil(bytes / MB)} MB)`);
  }
  if (over.length === 0) return [];
  return [{
    kind: 'database_size',
    message: `The ${PLAN_NAMES[target]} plan includes ${Math.floor(quota / MB)} MB of database; ${over.join(', ')} would be read-only. Free up space first.`,
  }];
}

/** Everything that keeps `organization` from moving to `target` (empty: it may). */
export async function planChangeBlockers(ctx: ControlContext, tx: Queryable, organization: OrganizationRow, target: Plan): Promise<DowngradeBlocker[]> {
  const targetLimits = limits(target);
  return [
    ...(targetLimits.freeOrganizationLimit === null ? [] : await freeOrganizationLimit(tx, organization, targetLimits.freeOrganizationLimit)),
    ...(targetLimits.freeProjectLimit === null ? [] : await freeProjectLimit(tx, organization, targetLimits.freeProjectLimit)),
    ...(await pointInTimeRecovery(tx, organization, target)),
    ...(await memberRoles(tx, organization, target)),
    ...(await functionCount(tx, organization, target)),
    ...(await databaseSize(ctx, tx, organization, target)),
  ];
}
