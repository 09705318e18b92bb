-- A project's edge-function secrets (the Management API's /secrets): values sealed with the
-- platform secret (control/secrets.ts), listed only by the SHA-256 digest of the value.
create table function_secrets (
  project_ref text not null references projects (ref) on delete cascade,
  name text not null,
  value_enc text not null,
  digest text not null,
  updated_at timestamptz not null default now(),
  primary key (project_ref, name)
);

-- Bumped by every change to the secrets: a worker started with older secrets is replaced at its
-- next request, on whichever node runs it (data-plane/functions/service.ts).
alter table projects add column function_secrets_version integer not null default 0;
