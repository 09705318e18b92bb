-- Database webhooks (control/webhooks): which projects have enabled pg_net's SQL surface and
-- supabase_functions.http_request, so each node's delivery loop looks for queued requests only in
-- those projects' databases (net.http_request_queue) instead of in every project.
create table webhook_projects (
  project_ref text primary key references projects (ref) on delete cascade,
  enabled_at timestamptz not null default now()
);
