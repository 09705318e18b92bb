-- Postgres major upgrades (control/upgrades.ts): one row per upgrade a project was asked to make.
-- status is Supabase's DatabaseUpgradeStatus: 0 running, 1 failed (rolled back to the old major),
-- 2 done. progress is `{index}_{step}`, the step the upgrade is in (the studio's checklist index).
create table project_upgrades (
  id bigserial primary key,
  project_ref text not null references projects (ref) on delete cascade,
  initiated_at timestamptz not null default now(),
  latest_status_at timestamptz not null default now(),
  source_version text not null,
  target_version text not null,
  status smallint not null default 0 check (status in (0, 1, 2)),
  progress text not null default '0_requested',
  error text,
  finished_at timestamptz
);
create index project_upgrades_project on project_upgrades (project_ref, initiated_at desc);
-- At most one upgrade runs per project.
create unique index project_upgrades_running on project_upgrades (project_ref) where status = 0;
