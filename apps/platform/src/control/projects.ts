import type { BodyOf, Project, ProjectSettings } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource, can } from '@plinth/permissions';
import { FREE_PROJECT_LIMIT_ROLES, limits, type Plan } from '@plinth/plans';
import type { Queryable } from '../engines/types.ts';
import { authorize, membershipBySlug } from './access.ts';
import { recordAudit } from './audit.ts';
import { emitOrganizationEvent } from './org-webhooks/index.ts';
import type { Actor, ControlContext } from './context.ts';
import { generateProjectSecrets, generateRef } from './project-keys.ts';
import { beginPause, beginRestore, deleteProjectCompletely, queueProvisioning } from './project-lifecycle.ts';
import { knownPostgrestStatus, postgrestStatusOf, probeLive } from './infrastructure-liveness.ts';
import { accessProject, connectionInfoOf, presentProject, projectSelect, type ProjectRow } from './project-rows.ts';

export async function listProjects(ctx: ControlContext, actor: Actor): Promise<Project[]> {
  const { rows } = await ctx.db.query<ProjectRow>(
    `${projectSelect} join members m on m.organization_id = p.organization_id and m.user_id = $1 order by o.name, p.inserted_at`,
    [actor.userId],
  );
  return rows.map((row) => ({ ...presentProject(ctx, row), postgrestStatus: knownPostgrestStatus(ctx, row) }));
}

export async function getProject(ctx: ControlContext, actor: Actor, ref: string): Promise<Project> {
  const { project } = await accessProject(ctx, actor, ref);
  return { ...presentProject(ctx, project), postgrestStatus: await postgrestStatusOf(ctx, project) };
}

interface FreeProjectHolder {
  username: string;
  primary_email: string;
  active_free_projects: number;
}

/**
 * The organisation's owners and administrators, each with the active free projects they hold across
 * every free organisation they own or administer ("per owner or administrator"). A member keeps the
 * role they had when the plan changed, so an Administrator of a Free organisation counts too.
 * `excludingRef`: a project left out of the counts (one being moved, counted where it lands).
 */
export async function freeProjectHolders(db: Queryable, organizationId: number, excludingRef: string | null = null): Promise<FreeProjectHolder[]> {
  const { rows } = await db.query<FreeProjectHolder>(
    `select coalesce(pr.username, split_part(u.email, '@', 1)) as username, u.email as primary_email,
       (select count(*)::int from projects p
          join members mm on mm.organization_id = p.organization_id and mm.user_id = m.user_id and mm.role = any($2::text[])
          join organizations o on o.id = p.organization_id and o.plan = 'free'
        where p.status not in ('INACTIVE', 'GOING_DOWN', 'REMOVED') and p.ref is distinct from $3) as active_free_projects
     from members m join auth.users u on u.id = m.user_id left join profiles pr on pr.user_id = m.user_id
     where m.organization_id = $1 and m.role = any($2::text[])
     order by u.email`,
    [organizationId, [...FREE_PROJECT_LIMIT_ROLES], excludingRef],
  );
  return rows;
}

/** Owners and administrators who already hold `limit` active free projects: one more would exceed it. */
export async function membersAtFreeProjectLimit(
  db: Queryable,
  organizationId: number,
  limit: number,
  excludingRef: string | null = null,
): Promise<{ username: string; primary_email: string; free_project_limit: number }[]> {
  const holders = await freeProjectHolders(db, organizationId, excludingRef);
  return holders
    .filter((holder) => holder.active_free_projects >= limit)
    .map(({ username, primary_email }) => ({ username, primary_email, free_project_limit: limit }));
}

export async function reachedFreeProjectLimit(ctx: ControlContext, actor: Actor, slug: string) {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.MEMBERS);
  const limit = limits(organization.plan).freeProjectLimit;
  return limit === null ? [] : membersAtFreeProjectLimit(ctx.db, organization.id, limit);
}

/** Refuses one more active project when an owner or administrator would exceed the plan's free-project limit. */
export async function assertUnderFreeProjectLimit(db: Queryable, organization: { id: number; plan: Plan }): Promise<void> {
  const limit = limits(organization.plan).freeProjectLimit;
  if (limit === null) return;
  const atLimit = await membersAtFreeProjectLimit(db, organization.id, limit);
  if (atLimit.length > 0) throw new PlinthError('free_project_limit_reached', undefined, { members: atLimit });
}

export interface NewProjectRow {
  ref: string;
  name: string;
  organizationId: number;
  dbPass: string;
  secrets: Awaited<ReturnType<typeof generateProjectSecrets>>;
  createdBy: string;
  /** A preview branch's parent (control/branches/). */
  parentRef?: string | null;
}

/** A new project's row, COMING_UP, with its keys (encrypted); its database is the caller's to make. */
export async function insertProjectRow(ctx: ControlContext, tx: Queryable, row: NewProjectRow): Promise<void> {
  await tx.query(
    `insert into projects (ref, name, organization_id, status, engine, jwt_secret_enc, db_pass_enc, anon_key, service_key_enc, created_by, parent_project_ref)
     values ($1, $2, $3, 'COMING_UP', $4, $5, $6, $7, $8, $9, $10)`,
    [
      row.ref,
      row.name,
      row.organizationId,
      ctx.engine.name,
      ctx.secrets.encrypt(row.secrets.jwtSecret),
      ctx.secrets.encrypt(row.dbPass),
      row.secrets.anonKey,
      ctx.secrets.encrypt(row.secrets.serviceKey),
      row.createdBy,
      row.parentRef ?? null,
    ],
  );
}

export async function createProject(ctx: ControlContext, actor: Actor, body: BodyOf<'projectCreate'>): Promise<Project> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, body.organization_slug);
  authorize(role, Action.CREATE, Resource.PROJECTS);
  const ref = generateRef();
  const secrets = await generateProjectSecrets(ref);
  const row = await ctx.jobs.transaction(async (tx) => {
    // Serialises creations in one organisation so two requests cannot both slip under the limit.
    // The plan is read under the lock too, so an operator's change cannot race the check.
    const locked = await tx.query<{ id: number; plan: Plan }>('select id, plan from organizations where id = $1 for update', [organization.id]);
    await assertUnderFreeProjectLimit(tx, locked.rows[0]);
    await insertProjectRow(ctx, tx, { ref, name: body.name, organizationId: organization.id, dbPass: body.db_pass, secrets, createdBy: actor.userId });
    await recordAudit(tx, actor, { action: 'project.create', organizationSlug: organization.slug, projectRef: ref, target: body.name });
    await queueProvisioning(tx, ref);
    return (await tx.query<ProjectRow>(`${projectSelect} where p.ref = $1`, [ref])).rows[0];
  });
  await emitOrganizationEvent(ctx, { organizationSlug: organization.slug, event: 'project.created', data: { ref, name: body.name } });
  return presentProject(ctx, row);
}

export async function renameProject(ctx: ControlContext, actor: Actor, ref: string, name: string): Promise<Project> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.UPDATE, Resource.PROJECTS);
  await ctx.db.query('update projects set name = $2 where ref = $1', [ref, name]);
  await recordAudit(ctx.db, actor, { action: 'project.update', organizationSlug: project.organization_slug, projectRef: ref, target: name });
  return presentProject(ctx, { ...project, name });
}

export async function deleteProject(ctx: ControlContext, actor: Actor, ref: string, confirmRef: string): Promise<void> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.DELETE, Resource.PROJECTS);
  if (confirmRef !== ref) throw new PlinthError('confirmation_mismatch');
  await deleteProjectCompletely(ctx, ref);
  await recordAudit(ctx.db, actor, { action: 'project.delete', organizationSlug: project.organization_slug, projectRef: ref, target: project.name });
  await emitOrganizationEvent(ctx, { organizationSlug: project.organization_slug, event: 'project.deleted', data: { ref, name: project.name } });
}

export async function projectStatus(ctx: ControlContext, actor: Actor, ref: string): Promise<{ status: ProjectRow['status']; error: string | null }> {
  const { project } = await accessProject(ctx, actor, ref);
  return { status: project.status, error: project.status_error };
}

export async function isProjectLive(ctx: ControlContext, actor: Actor, ref: string): Promise<boolean> {
  const { project } = await accessProject(ctx, actor, ref);
  return probeLive(ctx, project);
}

export async function pauseProject(ctx: ControlContext, actor: Actor, ref: string): Promise<Project> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.INFRA_EXECUTE, Resource.PAUSE);
  if (project.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_not_active', 'Only a healthy project can be paused.');
  await beginPause(ctx, ref);
  await recordAudit(ctx.db, actor, { action: 'project.pause', organizationSlug: project.organization_slug, projectRef: ref, target: project.name });
  await emitOrganizationEvent(ctx, { organizationSlug: project.organization_slug, event: 'project.paused', data: { ref, name: project.name } });
  return presentProject(ctx, { ...project, status: 'PAUSING' });
}

export async function restoreProject(ctx: ControlContext, actor: Actor, ref: string): Promise<Project> {
  const { project, role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.INFRA_EXECUTE, Resource.INITIALIZE_OR_RESUME);
  if (project.status !== 'INACTIVE' && project.status !== 'RESTORATION_FAILED') {
    throw new PlinthError('project_not_active', 'Only a paused project can be restored.');
  }
  await assertUnderFreeProjectLimit(ctx.db, organization);
  await beginRestore(ctx, ref);
  await recordAudit(ctx.db, actor, { action: 'project.restore', organizationSlug: project.organization_slug, projectRef: ref, target: project.name });
  await emitOrganizationEvent(ctx, { organizationSlug: project.organization_slug, event: 'project.restored', data: { ref, name: project.name } });
  return presentProject(ctx, { ...project, status: 'RESTORING' });
}

/** The spec's Project settings shape; the service key and JWT secret only for those who may read keys. */
export async function projectSettings(ctx: ControlContext, actor: Actor, ref: string): Promise<ProjectSettings> {
  const { project, role } = await accessProject(ctx, actor, ref);
  const mayReadSecrets = can(role, Action.READ, Resource.SERVICE_API_KEYS);
  const serviceKey = mayReadSecrets ? ctx.secrets.decrypt(project.service_key_enc) : undefined;
  const endpoint = `${ctx.config.publicUrl}/p/${ref}`;
  const info = connectionInfoOf(ctx, project);
  const keys = [{ name: 'anon key', tags: 'anon', api_key: project.anon_key }];
  if (serviceKey) keys.push({ name: 'service_role key', tags: 'service_role', api_key: serviceKey });
  return {
    project: {
      id: project.id,
      ref,
      name: project.name,
      status: project.status,
      ...(mayReadSecrets && { jwt_secret: ctx.secrets.decrypt(project.jwt_secret_enc) }),
      db_host: info.host,
      db_port: info.port,
      db_name: info.database,
      db_user: info.user,
      inserted_at: new Date(project.inserted_at).toISOString(),
    },
    services: [
      {
        id: project.id,
        name: 'Default API',
        app: { id: 1, name: 'Auto API' },
        app_config: { endpoint, protocol: new URL(endpoint).protocol.replace(':', ''), db_schema: 'public' },
        service_api_keys: keys,
      },
    ],
    autoApiService: {
      endpoint,
      protocol: new URL(endpoint).protocol.replace(':', ''),
      defaultApiKey: project.anon_key,
      ...(serviceKey && { serviceApiKey: serviceKey }),
    },
    customDomain: null,
    support_email: ctx.config.supportEmail,
  };
}

