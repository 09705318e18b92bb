-- Change capture for realtime's Postgres changes, the same on every engine: a row trigger on each
-- table of the supabase_realtime publication sends the change with pg_notify, which Postgres
-- delivers at commit, in commit order, and never for a rolled-back transaction. A change larger
-- than a notification may carry (8000 bytes) is kept in plinth_change_payloads and its id sent.
-- Idempotent: applied when a project first gets a Postgres-changes subscriber.
create schema if not exists realtime;

create table if not exists realtime.plinth_change_payloads (
  id bigserial primary key,
  payload jsonb not null,
  created_at timestamptz not null default now()
);
revoke all on realtime.plinth_change_payloads from public, anon, authenticated;

-- Supabase's publication, empty at first: the Replication page and the table editor's Realtime
-- toggle add tables to it.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;

create or replace function realtime.plinth_capture_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  identity "char";
  old_record jsonb := '{}'::jsonb;
  change jsonb;
  payload text;
  stored bigint;
begin
  -- A table that left the publication keeps its trigger until the next sync; it sends nothing.
  if not exists (
    select 1 from pg_catalog.pg_publication p
     where p.pubname = 'supabase_realtime'
       and (p.puballtables or exists (select 1 from pg_catalog.pg_publication_rel r where r.prpubid = p.oid and r.prrelid = tg_relid))
  ) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select c.relreplident into identity from pg_catalog.pg_class c where c.oid = tg_relid;
    -- As logical replication would send it: the whole old row with REPLICA IDENTITY FULL, else its key.
    if identity = 'f' then
      old_record := to_jsonb(old);
    elsif identity <> 'n' then
      select coalesce(jsonb_object_agg(a.attname, to_jsonb(old) -> a.attname), '{}'::jsonb) into old_record
        from pg_catalog.pg_index i join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
       where i.indrelid = tg_relid and i.indisprimary;
    end if;
  end if;
  change := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', to_char(pg_catalog.now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'record', case when tg_op = 'DELETE' then '{}'::jsonb else to_jsonb(new) end,
    'old_record', old_record
  );
  payload := change::text;
  if octet_length(payload) > 7900 then
    insert into realtime.plinth_change_payloads (payload) values (change) returning id into stored;
    payload := jsonb_build_object('stored', stored)::text;
  end if;
  perform pg_catalog.pg_notify('plinth_realtime_changes', payload);
  return null;
end $$;

-- RLS per subscriber for a batch of changed rows, in one call: for each viewer (role and JWT
-- claims), the keys of the rows it may SELECT, found by primary key with the table's policies
-- applied. Security invoker, called by the platform's connection, whose session user may take
-- each API role; the role and claims are local to the calling transaction.
create or replace function realtime.plinth_visible_rows(target regclass, key_columns text[], keys jsonb, viewers jsonb)
returns table (viewer int, key jsonb)
language plpgsql set search_path = '' as $$
declare
  v record;
  key_list text;
  given_list text;
begin
  select string_agg(format('t.%I', c), ', '), string_agg(format('r.%I', c), ', ') into key_list, given_list from unnest(key_columns) c;
  for v in select (e.ordinality - 1)::int as i, e.value ->> 'role' as role, e.value -> 'claims' as claims
             from jsonb_array_elements(viewers) with ordinality e loop
    begin
      perform pg_catalog.set_config('role', v.role, true);
      perform pg_catalog.set_config('request.jwt.claims', v.claims::text, true);
      perform pg_catalog.set_config('request.jwt.claim.sub', coalesce(v.claims ->> 'sub', ''), true);
      perform pg_catalog.set_config('request.jwt.claim.role', v.role, true);
      return query execute format(
        'select %s::int, jsonb_build_array(%s) from %s t where (%s) in (select %s from jsonb_populate_recordset(null::%s, $1) r)',
        v.i, key_list, target, key_list, given_list, target) using keys;
    exception when others then
      -- No SELECT privilege, a policy that fails: this viewer sees none of the rows.
      null;
    end;
  end loop;
end $$;
revoke all on function realtime.plinth_visible_rows(regclass, text[], jsonb, jsonb) from public, anon, authenticated, service_role;

-- Every table of the publication gets the capture trigger (tables added later: see the event trigger).
create or replace function realtime.plinth_install_capture() returns void
language plpgsql security definer set search_path = '' as $$
declare
  t record;
begin
  for t in
    select n.nspname, c.relname
      from pg_catalog.pg_publication_tables pt
      join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
      join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
     where pt.pubname = 'supabase_realtime' and c.relkind in ('r', 'p')
       and not exists (select 1 from pg_catalog.pg_trigger tg where tg.tgrelid = c.oid and tg.tgname = 'plinth_realtime_capture')
  loop
    execute format('create trigger plinth_realtime_capture after insert or update or delete on %I.%I for each row execute function realtime.plinth_capture_change()', t.nspname, t.relname);
  end loop;
end $$;

create or replace function realtime.plinth_sync_capture() returns event_trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform realtime.plinth_install_capture();
end $$;

-- Event triggers need a superuser: where the platform is not one (a managed Postgres server),
-- tables added to the publication get their trigger when a subscriber next asks for them.
do $$
begin
  drop event trigger if exists plinth_realtime_publication;
  create event trigger plinth_realtime_publication on ddl_command_end
    when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'CREATE TABLE')
    execute function realtime.plinth_sync_capture();
exception when insufficient_privilege then
  null;
end $$;

select realtime.plinth_install_capture();
