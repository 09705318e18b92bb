-- Cron (control/cron): which projects have enabled cron, so the platform's cron tick looks only at
-- those projects' cron.job tables instead of opening every project; and one row per run a node has
-- claimed (project, job, due time), so a run is started at most once across platform nodes. Claims
-- older than a day are deleted by the tick.
create table cron_projects (
  project_ref text primary key references projects (ref) on delete cascade,
  enabled_at timestamptz not null default now()
);

create table cron_claims (
  project_ref text not null references projects (ref) on delete cascade,
  jobid bigint not null,
  due_at timestamptz not null,
  claimed_at timestamptz not null default now(),
  primary key (project_ref, jobid, due_at)
);
create index cron_claims_claimed_at on cron_claims (claimed_at);
