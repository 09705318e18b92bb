/**
 * Where a project's branches read their migrations: the parent project's Git connection
 * (control/git/connections.ts: repository, production branch, supabase directory), read through
 * control/git/read.ts.
 */
import { PlinthError } from '@plinth/errors';
import type { ControlContext } from '../context.ts';
import { connectionOfProject, repositoryRow } from '../git/connections.ts';
import { branchExists, headCommit, readSupabaseFolder, type SupabaseFolder } from '../git/read.ts';
import type { MigrationFile } from './apply.ts';

export interface GitSource {
  repositoryId: string;
  productionBranch: string;
  /** The folder that holds supabase/migrations and seed.sql ('' or '.': the repository's root). */
  directory: string;
  /** For messages: the repository's name as owner/repo, or its URL. */
  label: string;
}

/** The parent's connection; branch_git_connection_missing when it has none. */
export async function gitSourceOf(ctx: ControlContext, parentRef: string): Promise<GitSource> {
  const connection = await connectionOfProject(ctx.db, parentRef);
  if (!connection) throw new PlinthError('branch_git_connection_missing');
  const repository = await repositoryRow(ctx.db, connection.repository_id);
  return {
    repositoryId: connection.repository_id,
    productionBranch: connection.production_branch,
    directory: connection.supabase_directory,
    label: repository.name,
  };
}

export async function gitBranchExists(ctx: ControlContext, source: GitSource, gitBranch: string): Promise<boolean> {
  return branchExists(ctx, source.repositoryId, gitBranch);
}

export async function gitHead(ctx: ControlContext, source: GitSource, gitBranch: string): Promise<string | null> {
  return headCommit(ctx, source.repositoryId, gitBranch);
}

/** The Git branch's migrations (in version order, as read.ts sorts them) and seed at its head. */
export async function readBranchFolder(ctx: ControlContext, source: GitSource, gitBranch: string): Promise<{ commit: string; migrations: MigrationFile[]; seed: string | null }> {
  const folder: SupabaseFolder = await readSupabaseFolder(ctx, source.repositoryId, gitBranch, source.directory);
  return { commit: folder.commit, migrations: folder.migrations, seed: folder.seed };
}
