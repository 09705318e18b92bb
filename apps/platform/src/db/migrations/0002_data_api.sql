-- The data API: per-project REST settings and the edge log every data-plane request writes.

alter table projects add column api_exposed_schemas text[] not null default '{public,graphql_public}';
alter table projects add column api_max_rows integer not null default 1000;

-- One row per request to /p/{ref}/...; read by the logs explorer. Kept without a foreign key so
-- the log of a deleted project stays queryable for as long as retention allows.
create table edge_logs (
  id uuid primary key,
  timestamp timestamptz not null,
  project_ref text not null,
  event_message text not null,
  metadata jsonb not null default '{}'
);
create index edge_logs_project_time on edge_logs (project_ref, timestamp desc);
