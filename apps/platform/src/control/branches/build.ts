/**
 * A branch's background work, as durable jobs (job-queue.ts):
 * - branch-build: makes the branch project's database (empty and bootstrapped as any new project's,
 *   or, with data, a copy of the parent's: Engine.cloneProject), then applies the Git branch's
 *   migrations the history lacks, in order, and seed.sql once -> MIGRATIONS_PASSED, or
 *   MIGRATIONS_FAILED with the failing file's message. A reset runs it again on a fresh database.
 * - branch-sync: a push (the push call, or a Git host's webhook: control/git/webhooks.ts): when the
 *   Git branch's head moved, its new migration files are applied.
 * - branches-poll (scheduled, PLINTH_BRANCH_POLL_MS): a sync of every settled branch.
 * Each is safe to run again: what the project's history holds is never applied twice.
 */
import type { BranchStatus } from '@plinth/api-contract';
import { errorMessage } from '@plinth/errors';
import type { JobAttempt } from '../job-queue.ts';
import type { ControlContext } from '../context.ts';
import { forgetProjectRow } from '../project-caches.ts';
import { locationOf, projectRowByRef, setStatus, type ProjectRow } from '../project-rows.ts';
import { applyMissing, applySeed, MigrationFailure } from './apply.ts';
import { gitHead, gitSourceOf, readBranchFolder } from './git-source.ts';
import { branchRow, recordApplied, recordFailure, setBranchStatus, type BranchRow } from './store.ts';

/** Settled: nothing of the branch's is running, so a push may be applied. */
const SETTLED: BranchStatus[] = ['MIGRATIONS_PASSED', 'MIGRATIONS_FAILED'];

/** The branch project's database, made anew (a reset or a retry drops what was there first). */
async function makeDatabase(ctx: ControlContext, branch: BranchRow, project: ProjectRow): Promise<void> {
  if (project.db_server || ctx.engine.name !== 'postgres') await ctx.engine.dropProject(locationOf(project)).catch(() => undefined);
  await forgetProjectRow(ctx, project.ref);
  const dbPassword = ctx.secrets.decrypt(project.db_pass_enc);
  let location;
  if (branch.with_data) {
    const parent = await projectRowByRef(ctx.db, branch.parent_project_ref);
    if (!parent || parent.status !== 'ACTIVE_HEALTHY') throw new Error(`The parent project ${branch.parent_project_ref} is not active: its data cannot be copied.`);
    location = await ctx.engine.cloneProject(locationOf(parent), project.ref, { dbPassword });
  } else {
    location = await ctx.engine.createProject(project.ref, { dbPassword });
  }
  const version = await ctx.engine.postgresVersion(location);
  await ctx.db.query(`update projects set db_server = $2, postgres_version = $3, status = 'ACTIVE_HEALTHY', status_error = null where ref = $1`, [
    project.ref,
    location.server,
    version,
  ]);
  await forgetProjectRow(ctx, project.ref);
}

/**
 * Applies the Git branch's migrations the branch's history lacks (and, `withSeed`, seed.sql once),
 * recording each, then settles the branch: passed, or failed with the message (and logged).
 */
async function runMigrations(ctx: ControlContext, branch: BranchRow, options: { withSeed: boolean }): Promise<void> {
  const project = await projectRowByRef(ctx.db, branch.branch_project_ref);
  if (!project) return;
  const source = await gitSourceOf(ctx, branch.parent_project_ref);
  const folder = await readBranchFolder(ctx, source, branch.git_branch);
  const db = await ctx.engine.project(locationOf(project));
  try {
    await applyMissing(ctx, db, folder.migrations, (migration) => recordApplied(ctx.db, branch.id, migration, folder.commit));
    if (options.withSeed && folder.seed !== null) await applySeed(db, [source.directory, 'supabase', 'seed.sql'].filter(Boolean).join('/'), folder.seed);
    await setBranchStatus(ctx.db, branch.id, 'MIGRATIONS_PASSED', { error: null, lastCommit: folder.commit });
    ctx.log.info(`branch ${branch.name} (${project.ref}) is at ${folder.commit}`);
  } catch (error) {
    if (!(error instanceof MigrationFailure)) throw error;
    // Recorded at this commit, so the poll does not try it again until the next push.
    await recordFailure(ctx.db, branch.id, { version: error.version, name: error.migrationName, message: error.message }, folder.commit);
    await setBranchStatus(ctx.db, branch.id, 'MIGRATIONS_FAILED', { error: error.message, lastCommit: folder.commit });
    ctx.log.info(`branch ${branch.name} (${project.ref}): ${error.message}`);
  }
}

export async function buildBranch(ctx: ControlContext, { branchId }: { branchId: string }, attempt: JobAttempt): Promise<void> {
  const branch = await branchRow(ctx.db, branchId);
  if (!branch) return; // deleted meanwhile
  const project = await projectRowByRef(ctx.db, branch.branch_project_ref);
  if (!project || project.status === 'GOING_DOWN' || project.status === 'REMOVED') return;
  try {
    if (project.status !== 'ACTIVE_HEALTHY') {
      await setBranchStatus(ctx.db, branch.id, 'CREATING_PROJECT');
      await makeDatabase(ctx, branch, project);
    }
    await setBranchStatus(ctx.db, branch.id, 'RUNNING_MIGRATIONS');
    // A data branch has its parent's rows already: its seed is not run.
    await runMigrations(ctx, branch, { withSeed: !branch.with_data });
  } catch (error) {
    const message = errorMessage(error);
    await recordFailure(ctx.db, branch.id, { version: null, name: null, message }, null).catch(() => undefined);
    if (attempt.isFinal) {
      await setBranchStatus(ctx.db, branch.id, 'MIGRATIONS_FAILED', { error: message });
      const now = await projectRowByRef(ctx.db, branch.branch_project_ref);
      if (now?.status === 'COMING_UP') await setStatus(ctx.db, now.ref, 'UNKNOWN', `Creating the branch's database failed: ${message}`);
    }
    throw error;
  }
}

/**
 * A push: applies what the Git branch's head has that the branch lacks. No-op while the branch is busy
 * or unchanged; a push that lands while one is applied (its own sync found the branch busy) is picked
 * up by looking at the head again once done, not at the next poll.
 */
export async function syncBranch(ctx: ControlContext, { branchId }: { branchId: string }): Promise<void> {
  for (let round = 0; round < 3; round++) {
    if (!(await syncOnce(ctx, branchId))) return;
  }
}

/** Whether the head had moved (and was applied, or failed). */
async function syncOnce(ctx: ControlContext, branchId: string): Promise<boolean> {
  const branch = await branchRow(ctx.db, branchId);
  if (!branch || !SETTLED.includes(branch.status)) return false;
  const project = await projectRowByRef(ctx.db, branch.branch_project_ref);
  if (!project || project.status !== 'ACTIVE_HEALTHY') return false;
  const source = await gitSourceOf(ctx, branch.parent_project_ref);
  const head = await gitHead(ctx, source, branch.git_branch);
  if (!head || head === branch.last_commit) return false;
  await setBranchStatus(ctx.db, branch.id, 'RUNNING_MIGRATIONS');
  try {
    await runMigrations(ctx, branch, { withSeed: false });
  } catch (error) {
    await setBranchStatus(ctx.db, branch.id, branch.status, { error: `Applying ${head} failed: ${errorMessage(error)}` });
    throw error;
  }
  return true;
}

/** The scheduled poll: every settled branch whose Git branch's head moved. One failure does not stop the others. */
export async function pollBranches(ctx: ControlContext): Promise<void> {
  const { rows } = await ctx.db.query<{ id: string }>(`select id from branches where status = any($1::text[]) order by inserted_at`, [SETTLED]);
  for (const { id } of rows) {
    await syncBranch(ctx, { branchId: id }).catch((error: unknown) => ctx.log.error(`branch ${id}: polling its Git branch failed: ${errorMessage(error)}`));
  }
}
