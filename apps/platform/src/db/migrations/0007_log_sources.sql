-- One relation per log source (spec document 2 §3), each shaped like edge_logs (0002): id,
-- timestamp, project_ref, event_message, metadata jsonb, with its (project_ref, timestamp desc)
-- index. LIKE ... INCLUDING ALL copies the columns, defaults, primary key and index, so the sources
-- cannot drift apart. Written by data-plane/logs/log-writer.ts; no foreign key to projects, so a
-- deleted project's logs stay queryable for as long as retention allows.
create table postgres_logs (like edge_logs including all);
create table postgrest_logs (like edge_logs including all);
create table auth_logs (like edge_logs including all);
create table storage_logs (like edge_logs including all);
create table realtime_logs (like edge_logs including all);
create table function_edge_logs (like edge_logs including all);
create table function_logs (like edge_logs including all);
create table pgbouncer_logs (like edge_logs including all);

-- Entries the writer could not keep (buffer full, database unreachable), counted per source and
-- project. In the database rather than in memory so the count survives a restart and every node
-- adds to the same row (each flush upserts an increment).
create table log_dropped_entries (
  source text not null,
  project_ref text not null,
  dropped bigint not null default 0,
  last_dropped_at timestamptz not null default now(),
  primary key (source, project_ref)
);
