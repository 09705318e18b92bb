-- Backups (control/backups): one row per logical backup of a project's database. The gzip SQL file
-- lives in the object store under `object_key` (`_backups/{ref}/{id}.sql.gz`, a prefix no project's
-- storage can reach). A row is PENDING while its job runs, then COMPLETED with its size, or FAILED.
create table project_backups (
  id bigserial primary key,
  project_ref text not null references projects (ref) on delete cascade,
  inserted_at timestamptz not null default now(),
  completed_at timestamptz,
  status text not null default 'PENDING' check (status in ('PENDING', 'COMPLETED', 'FAILED')),
  kind text not null check (kind in ('scheduled', 'manual')),
  size_bytes bigint,
  object_key text,
  error text
);
create index project_backups_project on project_backups (project_ref, inserted_at desc);
