-- Realtime's settings per project, with the Management API's names (`private_only`: only private
-- channels may be joined, i.e. public channels are not allowed), stored as what members changed;
-- defaults live in the code (data-plane/realtime/settings.ts).
alter table projects add column realtime_config jsonb not null default '{}'::jsonb;

-- Realtime messages of the month per project (the plan's "Realtime messages" quota), added to in
-- batches by every node, so the count holds across nodes and restarts.
create table realtime_usage (
  project_ref text not null references projects (ref) on delete cascade,
  month date not null,
  messages bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (project_ref, month)
);

-- Cluster bus messages too big for a NOTIFY payload (8000 bytes): the body waits here and only its
-- id is notified; rows are deleted a minute after they were written (control/cluster-bus.ts).
create table cluster_bus_messages (
  id bigserial primary key,
  channel text not null,
  payload text not null,
  created_at timestamptz not null default now()
);
create index cluster_bus_messages_created_idx on cluster_bus_messages (created_at);
