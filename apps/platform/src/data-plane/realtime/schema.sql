-- Supabase Realtime's `realtime` schema as a project sees it, so SQL and policies written for
-- Supabase work unchanged: realtime.messages (its RLS policies authorise private channels: SELECT
-- to receive, INSERT to send), realtime.topic(), realtime.send() and realtime.broadcast_changes().
-- Plus how Plinth picks messages up: while a platform node has sockets joined for the project it
-- keeps realtime.plinth_listeners.listening_until in the future, and a trigger copies each broadcast
-- message into realtime.plinth_outbox and notifies; the node then claims the outbox
-- (realtime/db-messages.ts).
-- Idempotent: run by the bootstrap of new projects and on first realtime use by older ones.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

-- The topic of the channel being authorised (set by Realtime's checks and by realtime.send).
create or replace function realtime.topic() returns text
  language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- Sends `payload` as broadcast `event` on `topic` (a private channel's unless `private` is false).
-- As on Supabase the caller's INSERT policy decides, and a refusal is a warning, not an error
-- (except in a read-only transaction, which is re-raised so that the SQL editor runs it again).
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true) returns void
  language plpgsql
as $$
declare
  message_id uuid := gen_random_uuid();
begin
  begin
    perform pg_catalog.set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (message_id,
            case when payload ? 'id' then payload else pg_catalog.jsonb_set(coalesce(payload, '{}'::jsonb), '{id}', pg_catalog.to_jsonb(message_id)) end,
            event, topic, private, 'broadcast');
  exception
    -- In a read-only transaction (the SQL editor's reads) the caller must learn it wrote, to run again.
    when read_only_sql_transaction then raise;
    when others then raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

-- For row triggers: broadcasts {schema, table, operation, record, old_record} as `event_name`.
create or replace function realtime.broadcast_changes(topic_name text, event_name text, operation text, table_name text,
                                                      table_schema text, new record, old record, level text default 'ROW') returns void
  language plpgsql
as $$
declare
  row_data jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation in ('INSERT', 'UPDATE', 'DELETE') then
    row_data := pg_catalog.jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end
$$;

create table if not exists realtime.plinth_listeners (
  id boolean primary key default true check (id),
  listening_until timestamptz not null
);
create table if not exists realtime.plinth_outbox (
  seq bigserial primary key,
  id uuid not null,
  topic text not null,
  event text,
  payload jsonb,
  private boolean not null,
  queued_at timestamptz not null default pg_catalog.clock_timestamp()
);
revoke all on realtime.plinth_listeners, realtime.plinth_outbox from public, anon, authenticated, service_role;

create or replace function realtime.plinth_queue_message() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if new.extension = 'broadcast'
     and exists (select 1 from realtime.plinth_listeners where listening_until > pg_catalog.now()) then
    insert into realtime.plinth_outbox (id, topic, event, payload, private)
    values (new.id, new.topic, new.event, new.payload, coalesce(new.private, false));
    -- At commit (one per transaction: equal notifications are merged), the listening node claims it.
    perform pg_catalog.pg_notify('plinth_realtime_broadcast', '');
  end if;
  return null;
end
$$;
revoke all on function realtime.plinth_queue_message() from public;
create or replace trigger plinth_queue_message after insert on realtime.messages
  for each row execute function realtime.plinth_queue_message();
