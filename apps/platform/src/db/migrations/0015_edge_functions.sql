-- A project's edge functions (Management API names): one row per slug, `version` bumped by each
-- deploy. The files of a version live in the object store under `_functions/{ref}/{id}/{version}/`
-- (data-plane/functions/store.ts); `files` lists their paths and sizes.
create table edge_functions (
  id uuid primary key,
  project_ref text not null references projects (ref) on delete cascade,
  slug text not null,
  name text not null,
  version integer not null default 1,
  status text not null default 'ACTIVE',
  entrypoint_path text not null,
  import_map_path text,
  verify_jwt boolean not null default true,
  files jsonb not null default '[]'::jsonb,
  size_bytes bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (project_ref, slug)
);
