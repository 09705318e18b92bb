/**
 * Database branches' rows (migration 0038): the branch, its migration history and its failure log,
 * and the shape the Management API answers with (Supabase's BranchResponse, plus what Plinth's
 * studio shows: the error, the last migration, the last applied commit).
 */
import type { Branch, BranchMigrationLog, BranchStatus } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';

export interface BranchRow {
  id: string;
  parent_project_ref: string;
  branch_project_ref: string;
  name: string;
  git_branch: string;
  status: BranchStatus;
  error: string | null;
  last_commit: string | null;
  with_data: boolean;
  inserted_at: Date | string;
  updated_at: Date | string;
}

interface BranchListRow extends BranchRow {
  project_status: string;
  last_version: string | null;
  last_name: string | null;
  last_applied_at: Date | string | null;
}

const branchSelect = `
  select b.*, p.status as project_status, m.version as last_version, m.name as last_name, m.applied_at as last_applied_at
    from branches b
    join projects p on p.ref = b.branch_project_ref
    left join lateral (select version, name, applied_at from branch_migrations where branch_id = b.id order by version desc limit 1) m on true`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function branchRow(db: Queryable, id: string): Promise<BranchRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return (await db.query<BranchRow>('select * from branches where id = $1', [id])).rows[0];
}

export async function requireBranchRow(db: Queryable, id: string): Promise<BranchRow> {
  const row = await branchRow(db, id);
  if (!row) throw new PlinthError('branch_not_found');
  return row;
}

export async function branchOfProject(db: Queryable, ref: string): Promise<BranchRow | undefined> {
  return (await db.query<BranchRow>('select * from branches where branch_project_ref = $1', [ref])).rows[0];
}

export async function listBranchRows(db: Queryable, parentRef: string): Promise<BranchListRow[]> {
  return (await db.query<BranchListRow>(`${branchSelect} where b.parent_project_ref = $1 order by b.inserted_at`, [parentRef])).rows;
}

export async function branchListRow(db: Queryable, id: string): Promise<BranchListRow> {
  const row = (await db.query<BranchListRow>(`${branchSelect} where b.id = $1`, [id])).rows[0];
  if (!row) throw new PlinthError('branch_not_found');
  return row;
}

export async function setBranchStatus(db: Queryable, id: string, status: BranchStatus, fields: { error?: string | null; lastCommit?: string | null } = {}): Promise<void> {
  await db.query(
    `update branches set status = $2, updated_at = now(),
       error = case when $3::boolean then $4 else error end,
       last_commit = case when $5::boolean then $6 else last_commit end
     where id = $1`,
    [id, status, fields.error !== undefined, fields.error ?? null, fields.lastCommit !== undefined, fields.lastCommit ?? null],
  );
}

export async function recordApplied(db: Queryable, branchId: string, migration: { version: string; name: string }, commit: string | null): Promise<void> {
  await db.query(
    'insert into branch_migrations (branch_id, version, name, git_commit) values ($1, $2, $3, $4) on conflict (branch_id, version) do nothing',
    [branchId, migration.version, migration.name, commit],
  );
}

export async function recordFailure(db: Queryable, branchId: string, failure: { version: string | null; name: string | null; message: string }, commit: string | null): Promise<void> {
  await db.query('insert into branch_migration_failures (branch_id, version, name, git_commit, message) values ($1, $2, $3, $4, $5)', [
    branchId,
    failure.version,
    failure.name,
    commit,
    failure.message,
  ]);
}

/** The branch's history (branch_migrations) and failure log (branch_migration_failures), each oldest first. */
export async function branchMigrationLog(db: Queryable, branchId: string): Promise<BranchMigrationLog> {
  const applied = await db.query<{ version: string; name: string; git_commit: string | null; applied_at: Date | string }>(
    'select version, name, git_commit, applied_at from branch_migrations where branch_id = $1 order by version',
    [branchId],
  );
  const failed = await db.query<{ version: string | null; name: string | null; git_commit: string | null; message: string; failed_at: Date | string }>(
    'select version, name, git_commit, message, failed_at from branch_migration_failures where branch_id = $1 order by id',
    [branchId],
  );
  return {
    migrations: applied.rows.map((row) => ({ ...row, applied_at: iso(row.applied_at) ?? '' })),
    failures: failed.rows.map((row) => ({ ...row, failed_at: iso(row.failed_at) ?? '' })),
  };
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

export function presentBranch(row: BranchListRow): Branch {
  return {
    id: row.id,
    name: row.name,
    project_ref: row.branch_project_ref,
    parent_project_ref: row.parent_project_ref,
    is_default: false,
    git_branch: row.git_branch,
    persistent: false,
    status: row.status,
    project_status: row.project_status,
    with_data: row.with_data,
    error: row.error,
    last_commit: row.last_commit,
    last_migration: row.last_version ? { version: row.last_version, name: row.last_name ?? '', applied_at: iso(row.last_applied_at) ?? '' } : null,
    created_at: iso(row.inserted_at) ?? '',
    updated_at: iso(row.updated_at) ?? '',
  };
}
