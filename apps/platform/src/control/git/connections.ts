/**
 * A project's Git connection: one repository of its organisation, the production branch (which
 * must exist when connecting) and the folder holding supabase/migrations and supabase/seed.sql.
 * Members read it; owners and administrators connect and disconnect. Branches
 * (control/branches/git-source.ts) and the SQL editor's downloads read through it.
 */
import type { BodyOf, GitConnection, GitSupabaseFiles } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import type { Queryable } from '../../engines/types.ts';
import { authorize } from '../access.ts';
import { recordAudit } from '../audit.ts';
import type { Actor, ControlContext } from '../context.ts';
import { accessProject } from '../project-rows.ts';
import { branchExists, normaliseDirectory, readSupabaseFolder } from './read.ts';
import { presentRepository, repositoryOf, repositorySelect, type RepositoryRow } from './repositories.ts';

export interface ConnectionRow {
  id: string;
  project_ref: string;
  repository_id: string;
  production_branch: string;
  supabase_directory: string;
  inserted_at: Date | string;
  added_by: string | null;
  added_by_email: string | null;
  added_by_username: string | null;
}

const connectionSelect = `select c.id::text as id, c.project_ref, c.repository_id::text as repository_id, c.production_branch, c.supabase_directory,
    c.inserted_at, c.added_by::text as added_by, u.email as added_by_email, p.username as added_by_username
  from project_git_connections c left join auth.users u on u.id = c.added_by left join profiles p on p.user_id = c.added_by`;

export function presentConnection(row: ConnectionRow, repository: RepositoryRow, publicUrl: string): GitConnection {
  return {
    id: row.id,
    project_ref: row.project_ref,
    repository: presentRepository(repository, publicUrl),
    production_branch: row.production_branch,
    supabase_directory: row.supabase_directory,
    inserted_at: new Date(row.inserted_at).toISOString(),
    added_by: row.added_by === null ? null : { id: row.added_by, primary_email: row.added_by_email, username: row.added_by_username },
  };
}

export async function connectionOfProject(db: Queryable, ref: string): Promise<ConnectionRow | null> {
  const { rows } = await db.query<ConnectionRow>(`${connectionSelect} where c.project_ref = $1`, [ref]);
  return rows[0] ?? null;
}

/** Every connection of the organisation's projects, oldest first. */
export async function connectionsOfOrganization(db: Queryable, organizationId: number): Promise<ConnectionRow[]> {
  const { rows } = await db.query<ConnectionRow>(
    `${connectionSelect} join git_repositories r on r.id = c.repository_id where r.organization_id = $1 order by c.inserted_at, c.id`,
    [organizationId],
  );
  return rows;
}

export async function connectionById(db: Queryable, id: string): Promise<ConnectionRow | null> {
  const { rows } = await db.query<ConnectionRow>(`${connectionSelect} where c.id::text = $1`, [id]);
  return rows[0] ?? null;
}

export async function repositoryRow(db: Queryable, id: string): Promise<RepositoryRow> {
  const { rows } = await db.query<RepositoryRow>(`${repositorySelect} where r.id::text = $1`, [id]);
  if (!rows[0]) throw new PlinthError('git_repository_not_found');
  return rows[0];
}

export async function getGitConnection(ctx: ControlContext, actor: Actor, ref: string): Promise<GitConnection | null> {
  await accessProject(ctx, actor, ref);
  const row = await connectionOfProject(ctx.db, ref);
  return row ? presentConnection(row, await repositoryRow(ctx.db, row.repository_id), ctx.config.publicUrl) : null;
}

/**
 * Connects the project (replacing a connection it had). The repository must be its organisation's
 * and the branch must exist: "Unable to find branch from {owner}/{repo}" otherwise.
 */
export async function connectGitRepository(ctx: ControlContext, actor: Actor, ref: string, body: BodyOf<'projectGitConnectionCreate'>): Promise<GitConnection> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.UPDATE, Resource.ORGANIZATION);
  const repository = await repositoryOf(ctx.db, project.organization_id, body.repository_id);
  const directory = normaliseDirectory(body.supabase_directory);
  if (!(await branchExists(ctx, repository.id, body.production_branch))) {
    throw new PlinthError('git_branch_not_found', `Unable to find branch from ${repository.name}`);
  }
  await ctx.db.query(
    `insert into project_git_connections (project_ref, repository_id, production_branch, supabase_directory, added_by)
     values ($1, $2, $3, $4, $5)
     on conflict (project_ref) do update set repository_id = excluded.repository_id, production_branch = excluded.production_branch,
       supabase_directory = excluded.supabase_directory, added_by = excluded.added_by, inserted_at = now()`,
    [ref, repository.id, body.production_branch, directory, actor.userId],
  );
  await recordAudit(ctx.db, actor, {
    action: 'project.git_connection.create',
    organizationSlug: project.organization_slug,
    projectRef: ref,
    target: `${repository.name}@${body.production_branch}`,
  });
  const row = await connectionOfProject(ctx.db, ref);
  if (!row) throw new PlinthError('git_connection_not_found');
  return presentConnection(row, repository, ctx.config.publicUrl);
}

export async function disconnectGitRepository(ctx: ControlContext, actor: Actor, ref: string): Promise<void> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.UPDATE, Resource.ORGANIZATION);
  const { rows } = await ctx.db.query<{ repository_id: string }>('delete from project_git_connections where project_ref = $1 returning repository_id::text as repository_id', [ref]);
  if (!rows[0]) throw new PlinthError('git_connection_not_found');
  await recordAudit(ctx.db, actor, { action: 'project.git_connection.delete', organizationSlug: project.organization_slug, projectRef: ref, target: rows[0].repository_id });
}

/** The connected repository's migrations and seed at the production branch's head, for downloads. */
export async function readProjectGitFiles(ctx: ControlContext, actor: Actor, ref: string): Promise<GitSupabaseFiles> {
  await accessProject(ctx, actor, ref);
  const row = await connectionOfProject(ctx.db, ref);
  if (!row) throw new PlinthError('git_connection_not_found');
  const repository = await repositoryRow(ctx.db, row.repository_id);
  const folder = await readSupabaseFolder(ctx, row.repository_id, row.production_branch, row.supabase_directory);
  const base = [row.supabase_directory, 'supabase'].filter(Boolean).join('/');
  return {
    repository: repository.name,
    branch: row.production_branch,
    commit: folder.commit,
    directory: row.supabase_directory,
    migrations: folder.migrations.map((m) => ({ ...m, path: `${base}/migrations/${m.version}_${m.name}.sql` })),
    seed: folder.seed === null ? null : { path: `${base}/seed.sql`, sql: folder.seed },
  };
}
