-- Supabase storage-api's `storage` schema, as its migrations leave it today, so the storage service
-- and the storage RLS policies people write for Supabase (storage.foldername(name) and friends)
-- work unchanged. Idempotent: safe to run on every start and on every new project.
create schema if not exists storage;

-- Supabase keeps the bucket kind as an enum; STANDARD is the file bucket this service serves.
do $$ begin
  if not exists (select 1 from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
                  where n.nspname = 'storage' and t.typname = 'buckettype') then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
exception when duplicate_object then null;
end $$;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid, -- Supabase's older owner column; owner_id is the current one, and both exist there
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
-- One object per key in a bucket: the service upserts on it.
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
-- Listing a folder is a prefix range scan within a bucket; "C" ordering makes `name like 'a/b/%'`
-- and `name > cursor` usable whatever the database's collation.
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

create or replace function storage.update_updated_at_column() returns trigger
  language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;

do $$ begin
  if not exists (select 1 from pg_catalog.pg_trigger where tgname = 'update_objects_updated_at'
                  and tgrelid = 'storage.objects'::regclass) then
    create trigger update_objects_updated_at before update on storage.objects
      for each row execute function storage.update_updated_at_column();
  end if;
end $$;

-- The policy helpers, with Supabase's results: for 'a/b/c.png' foldername is {a,b}, filename
-- 'c.png', extension 'png' (and, as on Supabase, a name without a dot is its own extension).
-- Plain SQL and immutable, so the planner can inline them into policies.
create or replace function storage.foldername(name text) returns text[]
  language sql immutable
as $$
  select parts[1:array_length(parts, 1) - 1] from (select string_to_array(name, '/') as parts) as split
$$;

create or replace function storage.filename(name text) returns text
  language sql immutable
as $$
  select parts[array_length(parts, 1)] from (select string_to_array(name, '/') as parts) as split
$$;

create or replace function storage.extension(name text) returns text
  language sql immutable
as $$
  select reverse(split_part(reverse(storage.filename(name)), '.', 1))
$$;

-- As on Supabase: the API roles hold every privilege and RLS is the boundary. With RLS on and no
-- policy, anon and authenticated see and write nothing until the project adds policies;
-- service_role bypasses RLS.
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

grant usage on schema storage to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;
