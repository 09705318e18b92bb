-- Git repositories an organisation registers (control/git/repositories.ts): an HTTPS URL of any Git
-- host (with an optional access token, sealed with the platform's at-rest key like other secrets) or
-- a local path for air-gapped installs. name: "owner/repo" taken from the URL, for lists and messages.
create table git_repositories (
  id uuid primary key default gen_random_uuid(),
  organization_id integer not null references organizations (id) on delete cascade,
  url text not null,
  token_enc text,
  name text not null,
  inserted_at timestamptz not null default now(),
  added_by uuid references auth.users (id) on delete set null,
  unique (organization_id, url)
);
create index git_repositories_organization on git_repositories (organization_id, inserted_at);

-- A project's connection to one repository (control/git/connections.ts): the production branch and
-- the folder that holds supabase/migrations and supabase/seed.sql ('' is the repository's root).
-- Branches (control/branches/) read their migrations through it.
create table project_git_connections (
  id uuid primary key default gen_random_uuid(),
  project_ref text not null unique references projects (ref) on delete cascade,
  repository_id uuid not null references git_repositories (id) on delete cascade,
  production_branch text not null,
  supabase_directory text not null default '',
  inserted_at timestamptz not null default now(),
  added_by uuid references auth.users (id) on delete set null
);
create index project_git_connections_repository on project_git_connections (repository_id);
