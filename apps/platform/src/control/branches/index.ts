/**
 * Database branches (Management API /v1/projects/{ref}/branches and /v1/branches/{id}): a preview
 * branch is a project of its own in the parent's organisation (its keys, URL, auth and storage made
 * as for any new project, counted against the plan's project limits), whose database is built from
 * a Git branch's supabase/migrations and seed.sql by the branch-build job (build.ts). Pushes are
 * applied by the poll, the push call or a Git host's webhook (control/git/webhooks.ts); merging
 * applies the branch's new migrations to the parent.
 */
import type { Branch, BranchMigrationLog, BodyOf } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import type { Plan } from '@plinth/plans';
import { authorize } from '../access.ts';
import { recordAudit } from '../audit.ts';
import type { Actor, ControlContext } from '../context.ts';
import { deleteProjectCompletely } from '../project-lifecycle.ts';
import { generateProjectSecrets, generateRef } from '../project-keys.ts';
import { accessProject, locationOf, projectRowByRef, type ProjectRow } from '../project-rows.ts';
import { assertUnderFreeProjectLimit, insertProjectRow } from '../projects.ts';
import { forgetProjectRow } from '../project-caches.ts';
import { randomBytes } from 'node:crypto';
import { appliedVersions, applyMissing, historyWithSql, MigrationFailure, type MigrationFile } from './apply.ts';
import { gitBranchExists, gitSourceOf } from './git-source.ts';
import { branchListRow, branchMigrationLog, listBranchRows, presentBranch, requireBranchRow, type BranchRow } from './store.ts';

/** The parent, read by a member of its organisation; a branch cannot have branches of its own. */
async function accessParent(ctx: ControlContext, actor: Actor, ref: string, action: Action) {
  const access = await accessProject(ctx, actor, ref);
  authorize(access.role, action, Resource.PROJECTS);
  return access;
}

/** The branch and its parent, for a member of the parent's organisation (another's reads as not found). */
async function accessBranch(ctx: ControlContext, actor: Actor, id: string, action: Action) {
  const branch = await requireBranchRow(ctx.db, id);
  const access = await accessProject(ctx, actor, branch.parent_project_ref).catch((error: unknown) => {
    throw error instanceof PlinthError && error.code === 'project_not_found' ? new PlinthError('branch_not_found') : error;
  });
  authorize(access.role, action, Resource.PROJECTS);
  return { branch, ...access };
}

export async function listBranches(ctx: ControlContext, actor: Actor, ref: string): Promise<Branch[]> {
  await accessParent(ctx, actor, ref, Action.READ);
  return (await listBranchRows(ctx.db, ref)).map(presentBranch);
}

export async function getBranch(ctx: ControlContext, actor: Actor, id: string): Promise<Branch> {
  await accessBranch(ctx, actor, id, Action.READ);
  return presentBranch(await branchListRow(ctx.db, id));
}

/** GET /v1/branches/{id}/migrations: what was applied to the branch, and every failed attempt with its message. */
export async function branchMigrations(ctx: ControlContext, actor: Actor, id: string): Promise<BranchMigrationLog> {
  await accessBranch(ctx, actor, id, Action.READ);
  return branchMigrationLog(ctx.db, id);
}

export async function createBranch(ctx: ControlContext, actor: Actor, ref: string, body: BodyOf<'v1BranchCreate'>): Promise<Branch> {
  const { project, organization } = await accessParent(ctx, actor, ref, Action.CREATE);
  if (project.parent_project_ref) throw new PlinthError('validation_failed', 'A preview branch cannot have branches of its own.');
  if (body.with_data && project.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_not_active', 'A data branch copies the parent: it must be ACTIVE_HEALTHY.');
  const gitBranch = body.git_branch ?? body.branch_name;
  const source = await gitSourceOf(ctx, ref);
  if (!(await gitBranchExists(ctx, source, gitBranch))) {
    const message = `Unable to find branch ${gitBranch} in ${source.label}`;
    throw new PlinthError('validation_failed', message, { issues: [{ path: 'git_branch', message }] });
  }
  const branchRef = generateRef();
  const secrets = await generateProjectSecrets(branchRef);
  const id = await ctx.jobs.transaction(async (tx) => {
    // As any new project: serialised per organisation, under the plan's limit (a branch is a project).
    const locked = await tx.query<{ id: number; plan: Plan }>('select id, plan from organizations where id = $1 for update', [organization.id]);
    await assertUnderFreeProjectLimit(tx, locked.rows[0]);
    const taken = await tx.query('select 1 from branches where parent_project_ref = $1 and name = $2', [ref, body.branch_name]);
    if (taken.rows.length > 0) throw new PlinthError('branch_exists');
    await insertProjectRow(ctx, tx, {
      ref: branchRef,
      name: `${project.name} (${body.branch_name})`,
      organizationId: organization.id,
      // Nobody chose one: a branch's database password is generated (settings can reset it).
      dbPass: randomBytes(24).toString('base64url'),
      secrets,
      createdBy: actor.userId,
      parentRef: ref,
    });
    await tx.query('update projects set is_branch_enabled = true where ref = $1', [ref]);
    const { rows } = await tx.query<{ id: string }>(
      `insert into branches (parent_project_ref, branch_project_ref, name, git_branch, status, with_data) values ($1, $2, $3, $4, 'CREATING_PROJECT', $5) returning id`,
      [ref, branchRef, body.branch_name, gitBranch, body.with_data ?? false],
    );
    await recordAudit(tx, actor, { action: 'branch.create', organizationSlug: organization.slug, projectRef: ref, target: `${body.branch_name} (${branchRef})` });
    await tx.send('branch-build', { branchId: rows[0].id });
    return rows[0].id;
  });
  await forgetProjectRow(ctx, ref);
  return presentBranch(await branchListRow(ctx.db, id));
}

export async function updateBranch(ctx: ControlContext, actor: Actor, id: string, body: BodyOf<'v1BranchUpdate'>): Promise<Branch> {
  const { branch, organization } = await accessBranch(ctx, actor, id, Action.UPDATE);
  if (body.git_branch && body.git_branch !== branch.git_branch) {
    const source = await gitSourceOf(ctx, branch.parent_project_ref);
    if (!(await gitBranchExists(ctx, source, body.git_branch))) throw new PlinthError('validation_failed', `Unable to find branch ${body.git_branch} in ${source.label}`);
  }
  await ctx.db.query('update branches set name = coalesce($2, name), git_branch = coalesce($3, git_branch), updated_at = now() where id = $1', [
    id,
    body.branch_name ?? null,
    body.git_branch ?? null,
  ]).catch((error: unknown) => {
    throw error instanceof Error && 'code' in error && error.code === '23505' ? new PlinthError('branch_exists') : error;
  });
  await recordAudit(ctx.db, actor, { action: 'branch.update', organizationSlug: organization.slug, projectRef: branch.parent_project_ref, target: id });
  return presentBranch(await branchListRow(ctx.db, id));
}

/** Deletes the branch's project (database, files, keys) and with it the branch. */
export async function deleteBranch(ctx: ControlContext, actor: Actor, id: string): Promise<{ message: string }> {
  const { branch, organization } = await accessBranch(ctx, actor, id, Action.DELETE);
  await deleteProjectCompletely(ctx, branch.branch_project_ref);
  await ctx.db.query('delete from branches where id = $1', [id]);
  await recordAudit(ctx.db, actor, { action: 'branch.delete', organizationSlug: organization.slug, projectRef: branch.parent_project_ref, target: `${branch.name} (${branch.branch_project_ref})` });
  return { message: 'ok' };
}

/** Rebuilds the branch's database from scratch (or from the parent's data again) and its Git branch's migrations. */
export async function resetBranch(ctx: ControlContext, actor: Actor, id: string): Promise<{ message: string }> {
  const { branch, organization } = await accessBranch(ctx, actor, id, Action.UPDATE);
  await ctx.jobs.transaction(async (tx) => {
    await tx.query(`update projects set status = 'COMING_UP', status_error = null where ref = $1`, [branch.branch_project_ref]);
    await tx.query(`update branches set status = 'CREATING_PROJECT', error = null, last_commit = null, updated_at = now() where id = $1`, [id]);
    await tx.query('delete from branch_migrations where branch_id = $1', [id]);
    await tx.send('branch-build', { branchId: id });
  });
  await forgetProjectRow(ctx, branch.branch_project_ref);
  await recordAudit(ctx.db, actor, { action: 'branch.reset', organizationSlug: organization.slug, projectRef: branch.parent_project_ref, target: id });
  return { message: 'ok' };
}

/** A push (CI or a script calls it; a Git host calls control/git/webhooks.ts): applies the Git branch's new migrations now, and answers with the branch. */
export async function pushBranch(ctx: ControlContext, actor: Actor, id: string): Promise<Branch> {
  await accessBranch(ctx, actor, id, Action.UPDATE);
  const jobId = await ctx.jobs.send('branch-sync', { branchId: id });
  await ctx.jobs.waitFor('branch-sync', jobId).catch((error: unknown) => {
    throw new PlinthError('job_failed', `Applying the push failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  return presentBranch(await branchListRow(ctx.db, id));
}

async function activeProject(ctx: ControlContext, ref: string): Promise<ProjectRow> {
  const row = await projectRowByRef(ctx.db, ref);
  if (!row || row.status !== 'ACTIVE_HEALTHY') throw new PlinthError('branch_not_ready', `Project ${ref} is ${row?.status ?? 'gone'}: it must be ACTIVE_HEALTHY.`);
  return row;
}

/** The branch's migrations the parent's history lacks, oldest first. */
async function unmerged(ctx: ControlContext, branch: BranchRow): Promise<{ parent: ProjectRow; migrations: MigrationFile[] }> {
  const [parent, child] = await Promise.all([activeProject(ctx, branch.parent_project_ref), activeProject(ctx, branch.branch_project_ref)]);
  const parentDb = await ctx.engine.project(locationOf(parent));
  const childDb = await ctx.engine.project(locationOf(child));
  const [done, history] = await Promise.all([appliedVersions(parentDb), historyWithSql(childDb)]);
  return { parent, migrations: history.filter((migration) => !done.has(migration.version)) };
}

/** GET /v1/branches/{id}/diff: the SQL a merge would apply to the parent, one migration after another. */
export async function branchDiff(ctx: ControlContext, actor: Actor, id: string): Promise<string> {
  const { branch } = await accessBranch(ctx, actor, id, Action.READ);
  const { migrations } = await unmerged(ctx, branch);
  return migrations.map((m) => `-- ${m.version}_${m.name}.sql\n${m.sql}\n`).join('\n');
}

/** Applies the branch's new migrations to the parent, in order, each recorded in the parent's history. */
export async function mergeBranch(ctx: ControlContext, actor: Actor, id: string): Promise<{ message: string; migrations: { version: string; name: string }[] }> {
  const { branch, organization } = await accessBranch(ctx, actor, id, Action.UPDATE);
  const { parent, migrations } = await unmerged(ctx, branch);
  const db = await ctx.engine.project(locationOf(parent));
  const applied = await applyMissing(ctx, db, migrations, async () => undefined).catch((error: unknown) => {
    throw error instanceof MigrationFailure ? new PlinthError('database_error', `Merging into ${parent.ref} stopped: ${error.message}`) : error;
  });
  await recordAudit(ctx.db, actor, { action: 'branch.merge', organizationSlug: organization.slug, projectRef: parent.ref, target: `${branch.name}: ${applied.length} migrations` });
  return {
    message: applied.length === 0 ? 'Nothing to merge' : `Merged ${applied.length} migration${applied.length === 1 ? '' : 's'} into ${parent.ref}`,
    migrations: applied.map(({ version, name }) => ({ version, name })),
  };
}
