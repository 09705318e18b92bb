-- Each project's auth configuration (the Management API's field names), stored as the fields a
-- member changed: defaults live in the code (control/auth-config.ts), so a new default reaches every
-- project that kept the old one. Secrets (SMTP password, provider secrets) are a separate encrypted
-- JSON document. The password policy moves in from its own columns.
alter table projects
  add column auth_config jsonb not null default '{}'::jsonb,
  add column auth_secrets_enc text;

update projects
   set auth_config = jsonb_strip_nulls(jsonb_build_object(
         'password_min_length', case when auth_password_min_length <> 6 then auth_password_min_length end,
         'password_required_characters', nullif(auth_password_required_characters, '')));

alter table projects
  drop column auth_password_min_length,
  drop column auth_password_required_characters;

-- What every project (and the platform, project_ref null) sent by mail: the body only where no SMTP
-- server was set (the mail catcher's inbox); with SMTP, a row without body counts toward the
-- hourly email rate limit.
create table mail_messages (
  id uuid primary key default gen_random_uuid(),
  project_ref text references projects (ref) on delete cascade,
  recipient text not null,
  subject text not null,
  text_body text,
  html_body text,
  is_caught boolean not null,
  created_at timestamptz not null default now()
);
create index mail_messages_project_created_idx on mail_messages (project_ref, created_at desc);
