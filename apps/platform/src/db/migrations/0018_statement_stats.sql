-- Query performance figures the platform records itself, on the engines whose project servers keep
-- none it can read (embedded, postgres; local clusters have pg_stat_statements): one row per project
-- and normalised statement (constants as $1, $2, ...), identified by a hash of that text. Every node
-- upserts increments every few seconds (data-plane/logs/statement-stats.ts), so the figures add up
-- across nodes. At most 5,000 statements per project are admitted; rows not seen for 7 days, and a
-- deleted project's, are removed by the writer (hence the index on last_seen_at). No foreign key to
-- projects: a write racing a deletion must not fail.
create table statement_stats (
  project_ref text not null,
  query_id text not null,
  query text not null,
  calls bigint not null,
  rows bigint not null,
  total_time_ms double precision not null,
  min_time_ms double precision not null,
  max_time_ms double precision not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  primary key (project_ref, query_id)
);
create index statement_stats_last_seen on statement_stats (last_seen_at);
