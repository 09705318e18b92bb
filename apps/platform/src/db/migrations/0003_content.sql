-- Saved SQL snippets. A 'user' snippet is its owner's alone; a 'project' snippet is shared with every
-- member who can see the project. Snippets go with their project.
create table snippets (
  id uuid primary key,
  project_ref text not null references projects (ref) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  description text,
  visibility text not null check (visibility in ('user', 'project')),
  sql text not null,
  favorite boolean not null default false,
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_updated_by uuid references auth.users (id) on delete set null
);
create index snippets_project on snippets (project_ref, updated_at desc);
