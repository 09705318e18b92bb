/**
 * Moving a project to another organisation (Settings > General, `POST /projects/{ref}/transfer`
 * and its `/preview`). The caller must be allowed to delete the project where it is (Owner or
 * Administrator) and to create projects where it goes (Owner or Administrator there too); a Free
 * target takes it only while none of its owners and administrators would exceed the free-project
 * limit. Only `projects.organization_id` names a project's organisation, so access, plan limits
 * and usage follow the move at once; audit entries are written in both organisations. Plinth has
 * no branches, so none move along.
 */
import type { Project, ProjectTransferPreview } from '@plinth/api-contract';
import { PlinthError, type ErrorCode } from '@plinth/errors';
import { Action, Resource, can, type Role } from '@plinth/permissions';
import { PLAN_NAMES, limits } from '@plinth/plans';
import type { Queryable } from '../engines/types.ts';
import { authorize, membershipBySlug, type OrganizationRow } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { membersAtFreeProjectLimit } from './projects.ts';
import { accessProject, presentProject, projectRowByRef, type ProjectRow } from './project-rows.ts';
import { forgetProjectRow } from './project-caches.ts';

/** Statuses a project can move in: not while a job is changing it. */
const MOVABLE = new Set<ProjectRow['status']>(['ACTIVE_HEALTHY', 'INACTIVE']);

interface Problem {
  key: string;
  message: string;
  code: ErrorCode;
  details?: unknown;
}

interface Assessment {
  target: OrganizationRow;
  errors: Problem[];
  warnings: { key: string; message: string }[];
  info: { key: string; message: string }[];
  membersOverLimit: { username: string; primary_email: string; free_project_limit: number }[];
}

/** The caller's role in the target, read in `db` (inside the transaction: a role changed meanwhile counts). */
async function roleIn(db: Queryable, userId: string, organizationId: number): Promise<Role | null> {
  const { rows } = await db.query<{ role: Role }>('select role from members where organization_id = $1 and user_id = $2', [organizationId, userId]);
  return rows[0]?.role ?? null;
}

/** Every reason the move may not happen, and what it changes; read in `db` with the given rows. */
async function assess(db: Queryable, actor: Actor, project: ProjectRow, source: OrganizationRow, target: OrganizationRow): Promise<Assessment> {
  const errors: Problem[] = [];
  const warnings: Assessment['warnings'] = [];
  const info: Assessment['info'] = [];
  let membersOverLimit: Assessment['membersOverLimit'] = [];
  if (target.id === source.id) {
    errors.push({ key: 'same_organization', message: 'The project is already in this organization.', code: 'project_transfer_invalid' });
  }
  if (!can(await roleIn(db, actor.userId, target.id), Action.CREATE, Resource.PROJECTS)) {
    errors.push({ key: 'target_organization_permission', message: 'You need to be an Owner or Administrator of the target organization to move a project into it.', code: 'forbidden' });
  }
  if (!MOVABLE.has(project.status)) {
    errors.push({ key: 'project_status', message: `The project cannot be moved while it is ${project.status}: wait until it is running or paused.`, code: 'project_not_active' });
  }
  const limit = limits(target.plan).freeProjectLimit;
  // A paused project holds no slot: the limit is checked again when it is restored.
  if (limit !== null && project.status !== 'INACTIVE' && target.id !== source.id) {
    membersOverLimit = await membersAtFreeProjectLimit(db, target.id, limit, project.ref);
    if (membersOverLimit.length > 0) {
      errors.push({
        key: 'free_project_limit',
        message: 'The target organization has members who have exceeded their free project limits',
        code: 'free_project_limit_reached',
        details: { members: membersOverLimit },
      });
    }
  }
  if (target.plan !== source.plan) {
    const note = { key: 'plan_change', message: `The project will use the ${PLAN_NAMES[target.plan]} plan of ${target.name} instead of the ${PLAN_NAMES[source.plan]} plan of ${source.name}, with its limits.` };
    if (limit !== null) warnings.push(note);
    else info.push(note);
  }
  info.push({ key: 'members', message: `Members of ${target.name} get access to the project; members of ${source.name} who are not also in ${target.name} lose it.` });
  return { target, errors, warnings, info, membersOverLimit };
}

/** The project, the caller's right to move it out of its organisation, and the target organisation. */
async function load(ctx: ControlContext, actor: Actor, ref: string, targetSlug: string) {
  const { project, role, organization: source } = await accessProject(ctx, actor, ref);
  authorize(role, Action.DELETE, Resource.PROJECTS);
  // A slug the caller is not a member of reads as not found, as everywhere.
  const { organization: target } = await membershipBySlug(ctx.db, actor.userId, targetSlug);
  return { project, source, target };
}

export async function previewProjectTransfer(ctx: ControlContext, actor: Actor, ref: string, targetSlug: string): Promise<ProjectTransferPreview> {
  const { project, source, target } = await load(ctx, actor, ref, targetSlug);
  const result = await assess(ctx.db, actor, project, source, target);
  return {
    valid: result.errors.length === 0,
    warnings: result.warnings,
    errors: result.errors.map(({ key, message }) => ({ key, message })),
    info: result.info,
    members_exceeding_free_project_limit: result.membersOverLimit.map((m) => ({ name: m.username, limit: m.free_project_limit })),
    source_subscription_plan: source.plan,
    target_subscription_plan: target.plan,
    credits_on_source_organization: 0,
    costs_on_target_organization: 0,
    charge_on_target_organization: 0,
    has_access_to_target_organization: true,
  };
}

export async function transferProject(ctx: ControlContext, actor: Actor, ref: string, targetSlug: string): Promise<Project> {
  const first = await load(ctx, actor, ref, targetSlug);
  await ctx.db.transaction(async (tx) => {
    // Both organisations in id order (two moves in opposite directions cannot deadlock), then the
    // project: the limit, the roles and the project's place are all read under these locks.
    const ids = [...new Set([first.source.id, first.target.id])].sort((a, b) => a - b);
    const orgs = await tx.query<OrganizationRow>('select * from organizations where id = any($1::int[]) order by id for update', [ids]);
    const project = (await tx.query<ProjectRow>(
      `select p.*, o.slug as organization_slug from projects p join organizations o on o.id = p.organization_id where p.ref = $1 for update of p`,
      [ref],
    )).rows[0];
    if (!project || project.organization_id !== first.source.id) throw new PlinthError('project_not_found');
    if (!can(await roleIn(tx, actor.userId, first.source.id), Action.DELETE, Resource.PROJECTS)) throw new PlinthError('forbidden');
    const byId = new Map(orgs.rows.map((row) => [row.id, row]));
    const source = byId.get(first.source.id);
    const target = byId.get(first.target.id);
    if (!source || !target) throw new PlinthError('organization_not_found');
    const { errors } = await assess(tx, actor, project, source, target);
    if (errors.length > 0) throw new PlinthError(errors[0].code, errors[0].message, errors[0].details);
    await tx.query('update projects set organization_id = $2 where ref = $1', [ref, target.id]);
    const event = { action: 'project.transfer', projectRef: ref, target: `${project.name}: ${source.slug} -> ${target.slug}` };
    await recordAudit(tx, actor, { ...event, organizationSlug: source.slug });
    await recordAudit(tx, actor, { ...event, organizationSlug: target.slug });
  });
  // This node's caches read the new plan now; other nodes' within their seconds-long caches.
  await forgetProjectRow(ctx, ref);
  const moved = await projectRowByRef(ctx.db, ref);
  if (!moved) throw new PlinthError('project_not_found');
  return presentProject(ctx, moved);
}
