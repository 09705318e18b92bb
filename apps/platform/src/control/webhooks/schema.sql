-- pg_net's SQL surface (schema net: net.http_get/http_post/http_delete, net.http_request_queue,
-- net._http_response) and Supabase's Database Webhooks trigger function
-- (supabase_functions.http_request, supabase_functions.hooks), installed in a project's database
-- when its owner enables webhooks. The platform sends the requests (control/webhooks/delivery.ts):
-- a queued row becomes visible to it only when the transaction that queued it commits, so a rolled
-- back transaction sends nothing. Idempotent.
create schema if not exists net;

do $$
begin
  if to_regtype('net.http_method') is null then
    create domain net.http_method as text check (value in ('GET', 'POST', 'DELETE'));
  end if;
end $$;

create table if not exists net.http_request_queue (
  id bigserial primary key,
  method net.http_method not null,
  url text not null,
  headers jsonb not null default '{}',
  body bytea,
  timeout_milliseconds integer not null,
  -- Plinth's own columns: the query string (pg_net folds it into url), and delivery state. A node
  -- that claims a row moves next_attempt_at past the request's time-out (its lease); a retry moves
  -- it to the back-off's end.
  params jsonb not null default '{}',
  attempts integer not null default 0,
  max_attempts integer not null default 1,
  next_attempt_at timestamptz not null default now(),
  created timestamptz not null default now()
);
create index if not exists http_request_queue_next_attempt on net.http_request_queue (next_attempt_at);

create table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);
create index if not exists _http_response_created on net._http_response (created);
create index if not exists _http_response_id on net._http_response (id);

-- Queues one request; the public functions below are pg_net's signatures around it.
create or replace function net.plinth_enqueue(
  method text, url text, params jsonb, headers jsonb, body bytea, timeout_milliseconds integer, max_attempts integer
) returns bigint
language plpgsql set search_path = '' as $$
declare
  id bigint;
begin
  if url is null or url !~* '^https?://' then
    raise exception 'URL must start with http:// or https://, got %', coalesce(url, 'NULL') using errcode = '22023';
  end if;
  if timeout_milliseconds is null or timeout_milliseconds < 1 then
    raise exception 'timeout_milliseconds must be positive' using errcode = '22023';
  end if;
  if jsonb_typeof(coalesce(headers, '{}')) <> 'object' or jsonb_typeof(coalesce(params, '{}')) <> 'object' then
    raise exception 'headers and params must be JSON objects' using errcode = '22023';
  end if;
  insert into net.http_request_queue (method, url, params, headers, body, timeout_milliseconds, max_attempts)
  values (method, url, coalesce(params, '{}'), coalesce(headers, '{}'), body, timeout_milliseconds, max_attempts)
  returning http_request_queue.id into id;
  return id;
end $$;

create or replace function net.http_get(
  url text, params jsonb default '{}'::jsonb, headers jsonb default '{}'::jsonb, timeout_milliseconds integer default 5000
) returns bigint
language sql security definer set search_path = '' as $$
  select net.plinth_enqueue('GET', url, params, headers, null, timeout_milliseconds, 1)
$$;

create or replace function net.http_post(
  url text, body jsonb default '{}'::jsonb, params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb, timeout_milliseconds integer default 5000
) returns bigint
language sql security definer set search_path = '' as $$
  select net.plinth_enqueue('POST', url, params, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds, 1)
$$;

create or replace function net.http_delete(
  url text, params jsonb default '{}'::jsonb, headers jsonb default '{}'::jsonb, timeout_milliseconds integer default 5000,
  body jsonb default null
) returns bigint
language sql security definer set search_path = '' as $$
  select net.plinth_enqueue('DELETE', url, params, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds, 1)
$$;

-- As Supabase grants pg_net: the API roles may send requests; the tables stay the owner's.
revoke all on schema net from public;
revoke all on all functions in schema net from public;
grant usage on schema net to anon, authenticated, service_role;
grant execute on function net.http_get(text, jsonb, jsonb, integer) to anon, authenticated, service_role;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer) to anon, authenticated, service_role;
grant execute on function net.http_delete(text, jsonb, jsonb, integer, jsonb) to anon, authenticated, service_role;

create schema if not exists supabase_functions;

-- Supabase records each webhook call here (which table's which trigger queued which request).
create table if not exists supabase_functions.hooks (
  id bigserial primary key,
  hook_table_id integer not null,
  hook_name text not null,
  created_at timestamptz not null default now(),
  request_id bigint
);
create index if not exists supabase_functions_hooks_request_id_idx on supabase_functions.hooks (request_id);
create index if not exists supabase_functions_hooks_h_table_id_h_name_idx on supabase_functions.hooks (hook_table_id, hook_name);

-- A Database Webhook: `create trigger ... execute function supabase_functions.http_request(url,
-- method, headers json, params json, timeout ms)`. POST sends Supabase's payload {type, table,
-- schema, record, old_record}; GET sends none. Webhook requests are retried (max_attempts 4: the
-- first try and 3 retries on network errors, time-outs and 5xx), unlike net.http_* calls.
create or replace function supabase_functions.http_request() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  url text := tg_argv[0];
  method text := tg_argv[1];
  headers jsonb := '{"Content-Type": "application/json"}';
  params jsonb := '{}';
  timeout_ms integer := 1000;
  payload jsonb;
  request_id bigint;
begin
  if url is null or url = 'null' then
    raise exception 'url argument is missing';
  end if;
  if method is null or method = 'null' then
    raise exception 'method argument is missing';
  end if;
  if tg_argv[2] is not null and tg_argv[2] <> 'null' then
    headers := tg_argv[2]::jsonb;
  end if;
  if tg_argv[3] is not null and tg_argv[3] <> 'null' then
    params := tg_argv[3]::jsonb;
  end if;
  if tg_argv[4] is not null and tg_argv[4] <> 'null' then
    timeout_ms := tg_argv[4]::integer;
  end if;
  if method = 'GET' then
    request_id := net.plinth_enqueue('GET', url, params, headers, null, timeout_ms, 4);
  elsif method = 'POST' then
    payload := jsonb_build_object(
      'type', tg_op,
      'table', tg_table_name,
      'schema', tg_table_schema,
      'record', case when tg_op = 'DELETE' then null else to_jsonb(new) end,
      'old_record', case when tg_op = 'INSERT' then null else to_jsonb(old) end
    );
    request_id := net.plinth_enqueue('POST', url, params, headers, convert_to(payload::text, 'UTF8'), timeout_ms, 4);
  else
    raise exception 'method argument % is invalid', method;
  end if;
  insert into supabase_functions.hooks (hook_table_id, hook_name, request_id) values (tg_relid, tg_name, request_id);
  return new;
end $$;

revoke all on schema supabase_functions from public;
revoke all on all functions in schema supabase_functions from public;
grant usage on schema supabase_functions to anon, authenticated, service_role;
grant execute on function supabase_functions.http_request() to anon, authenticated, service_role;
