-- Every project database starts like a Supabase project, so policies, grants and SQL written for
-- Supabase work unchanged. Idempotent. The cluster-wide roles (anon, authenticated, service_role,
-- authenticator) are created before this runs, by bootstrap.ts (their LOGIN depends on the engine).

create schema if not exists auth;
create schema if not exists storage;
create schema if not exists extensions;
create schema if not exists realtime;
create schema if not exists supabase_migrations;
create schema if not exists graphql_public;

-- Who may see what, as on Supabase: the API roles use the public schema; privileges on new objects
-- are granted by default and RLS is the boundary.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

grant usage on schema extensions to anon, authenticated, service_role;
alter default privileges in schema extensions grant all on tables to anon, authenticated, service_role;
alter default privileges in schema extensions grant all on functions to anon, authenticated, service_role;
alter default privileges in schema extensions grant all on sequences to anon, authenticated, service_role;

grant usage on schema graphql_public to anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on sequences to anon, authenticated, service_role;

-- auth and storage: the helpers below must be callable from policies; the tables stay private
-- except to service_role (the services themselves run as the platform's own role).
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;
grant usage on schema realtime to anon, authenticated, service_role;
alter default privileges in schema auth grant all on tables to service_role;
alter default privileges in schema storage grant all on tables to service_role;
alter default privileges in schema storage grant all on sequences to service_role;

-- The JWT of the request, set per transaction by the data plane:
--   set_config('request.jwt.claims', '{"sub": "...", "role": "authenticated", ...}', true)
-- The legacy per-claim settings (request.jwt.claim.sub, ...) of older PostgREST are honoured as a
-- fallback, as Supabase's own helpers do.
create or replace function auth.jwt() returns jsonb
  language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claims', true), ''),
    nullif(current_setting('request.jwt.claim', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
  language sql stable
as $$
  select nullif(coalesce(
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub',
    current_setting('request.jwt.claim.sub', true)
  ), '')::uuid
$$;

create or replace function auth.role() returns text
  language sql stable
as $$
  select nullif(coalesce(
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role',
    current_setting('request.jwt.claim.role', true)
  ), '')::text
$$;

create or replace function auth.email() returns text
  language sql stable
as $$
  select nullif(coalesce(
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email',
    current_setting('request.jwt.claim.email', true)
  ), '')::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- The migration history the Supabase CLI reads and writes.
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

-- The extensions a new Supabase project has enabled, in `extensions` (where Supabase keeps them, so
-- `extensions.uuid_generate_v4()` and the like resolve as they do there). Each only where the engine
-- has it; pg_stat_statements only where its library is preloaded, without which its view fails (the
-- local and embedded engines preload it; a Postgres server may). Existing projects keep what they have.
do $$
declare
  wanted text;
begin
  foreach wanted in array array['pgcrypto', 'uuid-ossp', 'pg_stat_statements'] loop
    continue when not exists (select 1 from pg_catalog.pg_available_extensions where name = wanted);
    continue when wanted = 'pg_stat_statements' and not ('pg_stat_statements' = any (
      string_to_array(replace(pg_catalog.current_setting('shared_preload_libraries'), ' ', ''), ',')));
    execute format('create extension if not exists %I with schema extensions', wanted);
  end loop;
end $$;

-- As on Supabase (where it is set on the postgres role), names from enabled extensions resolve
-- without `extensions.`: `uuid_generate_v4()`, `similarity(...)`, `vector(3)`. Set on the database
-- because the role sessions log in as differs between engines; API requests set their own path.
do $$ begin
  execute format('alter database %I set search_path = "$user", public, extensions', pg_catalog.current_database());
end $$;
