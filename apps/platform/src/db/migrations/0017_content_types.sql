-- Saved log queries share the SQL snippets' table, shape and rules; `type` keeps the two lists apart
-- (the SQL editor lists 'sql', the logs explorer 'log_sql'), so neither shows the other's.
alter table snippets add column type text not null default 'sql' check (type in ('sql', 'log_sql'));
drop index snippets_project;
create index snippets_project on snippets (project_ref, type, updated_at desc);

-- Custom reports: charts over log queries, saved per project with the snippets' rules ('user': the
-- owner's alone; 'project': shared with every member who can see the project). A table of its own
-- rather than a snippet type, because a report holds a list of charts (jsonb), not one SQL text.
create table custom_reports (
  id uuid primary key,
  project_ref text not null references projects (ref) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  description text,
  visibility text not null check (visibility in ('user', 'project')),
  charts jsonb not null default '[]'::jsonb,
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_updated_by uuid references auth.users (id) on delete set null
);
create index custom_reports_project on custom_reports (project_ref, updated_at desc);
