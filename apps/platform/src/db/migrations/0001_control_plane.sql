-- The control plane: organisations, members, projects, audit, support. Users live in the auth schema
-- (the same GoTrue tables a project has), applied before this migration.

create table profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  username text not null,
  first_name text,
  last_name text,
  inserted_at timestamptz not null default now()
);

create table organizations (
  id serial primary key,
  slug text not null unique,
  name text not null,
  plan text not null default 'free' check (plan in ('free', 'pro', 'team', 'enterprise')),
  billing_email text,
  usage_billing_enabled boolean not null default false,
  inserted_at timestamptz not null default now()
);

create table members (
  organization_id integer not null references organizations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('Owner', 'Administrator', 'Developer', 'Read-only', 'Billing admin')),
  joined_at timestamptz not null default now(),
  primary key (organization_id, user_id)
);
create index members_user on members (user_id);

create table invitations (
  id serial primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  email text not null,
  role text not null,
  invited_by uuid references auth.users (id) on delete set null,
  invited_at timestamptz not null default now(),
  unique (organization_id, email)
);
create index invitations_email on invitations (email);

create table projects (
  id serial primary key,
  ref text not null unique,
  name text not null,
  organization_id integer not null references organizations (id),
  status text not null,
  status_error text,
  engine text not null,
  db_server text,
  region text not null default 'local',
  jwt_secret_enc text not null,
  db_pass_enc text not null,
  anon_key text not null,
  service_key_enc text not null,
  created_by uuid references auth.users (id) on delete set null,
  inserted_at timestamptz not null default now()
);
create index projects_org on projects (organization_id);

-- Audit entries outlive what they describe, so they keep slugs and refs rather than foreign keys.
create table audit_log (
  id bigserial primary key,
  occurred_at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  organization_slug text,
  project_ref text,
  action text not null,
  target text,
  ip text
);
create index audit_log_org on audit_log (organization_slug, id desc);
create index audit_log_actor on audit_log (actor_id, id desc);

create table support_tickets (
  id serial primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  category text not null,
  project_ref text,
  organization_slug text,
  subject text not null,
  message text not null,
  created_at timestamptz not null default now()
);
create index support_tickets_user on support_tickets (user_id, id desc);
