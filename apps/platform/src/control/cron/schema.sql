-- pg_cron's SQL surface (schema cron, cron.job, cron.job_run_details, cron.schedule, cron.unschedule,
-- cron.alter_job), installed in a project's database when its owner enables cron. The platform runs
-- the jobs (control/cron/runner.ts): this schema only stores them. Idempotent.
create schema if not exists cron;

create table if not exists cron.job (
  jobid bigserial primary key,
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport integer not null default 5432,
  database text not null default pg_catalog.current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text
);
create unique index if not exists jobname_username_uniq on cron.job (jobname, username);

create table if not exists cron.job_run_details (
  jobid bigint,
  runid bigserial primary key,
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
create index if not exists job_run_details_jobid_start on cron.job_run_details (jobid, start_time desc);

-- pg_cron's accepted forms: five cron fields (names and @-macros too) or '[1-59] seconds'. The
-- platform parses schedules fully when it runs them; this catches typos at cron.schedule().
create or replace function cron.plinth_check_schedule(schedule text) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if schedule is null
    or not (schedule ~* '^\s*([1-9]|[1-5][0-9])\s+seconds?\s*$'
      or schedule ~* '^\s*@(yearly|annually|monthly|weekly|daily|hourly|midnight)\s*$'
      or schedule ~* '^\s*[0-9a-z*/,$-]+(\s+[0-9a-z*/,$?-]+){4}\s*$') then
    raise exception 'invalid schedule: %', schedule using errcode = '22023';
  end if;
end $$;

create or replace function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql set search_path = '' as $$
declare
  id bigint;
begin
  perform cron.plinth_check_schedule(schedule);
  -- pg_cron: scheduling an existing name of the same user replaces its schedule and command.
  insert into cron.job (jobname, schedule, command)
  values (job_name, schedule, command)
  on conflict (jobname, username) do update set schedule = excluded.schedule, command = excluded.command, active = true
  returning jobid into id;
  return id;
end $$;

create or replace function cron.schedule(schedule text, command text) returns bigint
language plpgsql set search_path = '' as $$
declare
  id bigint;
begin
  perform cron.plinth_check_schedule(schedule);
  insert into cron.job (schedule, command) values (schedule, command) returning jobid into id;
  return id;
end $$;

create or replace function cron.unschedule(job_id bigint) returns boolean
language plpgsql set search_path = '' as $$
begin
  delete from cron.job where jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  return true;
end $$;

create or replace function cron.unschedule(job_name text) returns boolean
language plpgsql set search_path = '' as $$
begin
  delete from cron.job where jobname = job_name and username = current_user;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end $$;

create or replace function cron.alter_job(
  job_id bigint,
  schedule text default null,
  command text default null,
  database text default null,
  username text default null,
  active boolean default null
) returns void
language plpgsql set search_path = '' as $$
begin
  if schedule is not null then
    perform cron.plinth_check_schedule(schedule);
  end if;
  update cron.job j set
    schedule = coalesce(alter_job.schedule, j.schedule),
    command = coalesce(alter_job.command, j.command),
    database = coalesce(alter_job.database, j.database),
    username = coalesce(alter_job.username, j.username),
    active = coalesce(alter_job.active, j.active)
  where j.jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
end $$;

-- Only the owner schedules jobs, as on Supabase (pg_cron grants nothing to the API roles).
revoke all on schema cron from public;
revoke all on all functions in schema cron from public;
