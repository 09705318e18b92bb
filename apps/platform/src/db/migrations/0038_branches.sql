-- Database branches (control/branches/): a preview branch is a project of its own (keys, URL, auth,
-- storage), built from a git branch's supabase/migrations and seed.sql. The parent is marked
-- is_branch_enabled once it has a branch; the branch names its parent in parent_project_ref.
alter table projects
  add column is_branch_enabled boolean not null default false,
  add column parent_project_ref text;
create index projects_parent_ref on projects (parent_project_ref) where parent_project_ref is not null;

-- One row per branch. status: CREATING_PROJECT -> RUNNING_MIGRATIONS -> MIGRATIONS_PASSED (healthy) or
-- MIGRATIONS_FAILED (error holds the failing migration's message); RESETTING while rebuilt.
-- last_commit: the git commit whose migrations were applied last (the push poll compares it with the head).
create table branches (
  id uuid primary key default gen_random_uuid(),
  parent_project_ref text not null references projects (ref) on delete cascade,
  branch_project_ref text not null unique references projects (ref) on delete cascade,
  name text not null,
  git_branch text not null,
  status text not null,
  error text,
  last_commit text,
  with_data boolean not null default false,
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (parent_project_ref, name)
);
create index branches_parent on branches (parent_project_ref);

-- What was applied to a branch (or, merged, to its parent): one row per migration file, in order.
create table branch_migrations (
  branch_id uuid not null references branches (id) on delete cascade,
  version text not null,
  name text not null,
  git_commit text,
  applied_at timestamptz not null default now(),
  primary key (branch_id, version)
);

-- Every failed attempt to apply a migration or the seed, newest last; kept after a later success.
create table branch_migration_failures (
  id bigserial primary key,
  branch_id uuid not null references branches (id) on delete cascade,
  version text,
  name text,
  git_commit text,
  message text not null,
  failed_at timestamptz not null default now()
);
create index branch_migration_failures_branch on branch_migration_failures (branch_id, id);
