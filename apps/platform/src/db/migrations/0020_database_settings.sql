-- How a project is reached from outside (Settings > Database): the pooler's mode and pool size, the
-- IP ranges allowed to connect, and whether TLS is required. One row per project, made on first
-- change; no row means the defaults (transaction mode, the plan's pool size, everyone, TLS optional).
create table project_database_settings (
  project_ref text primary key references projects (ref) on delete cascade,
  pool_mode text not null default 'transaction' check (pool_mode in ('transaction', 'session')),
  default_pool_size integer check (default_pool_size between 1 and 200),
  allowed_cidrs text[] not null default '{}',
  ssl_enforced boolean not null default false,
  updated_at timestamptz not null default now()
);
