-- One REST request = one call of this function = one round trip and one (implicit) transaction:
-- it switches to the request's role and settings, runs the planned statement with its bound values,
-- and checks what PostgREST checks before committing. Installed by runner.ts into every project
-- database on first use; only the platform's own connection may call it.
-- The function runs as the platform's superuser until it switches role, so nobody else may own or
-- create anything in its schema: a _plinth made by someone else (say a database owner on a shared
-- server, before the first install) is dropped rather than trusted.
do $guard$
begin
  if exists (select 1 from pg_catalog.pg_namespace n join pg_catalog.pg_roles r on r.oid = n.nspowner
             where n.nspname = '_plinth' and not r.rolsuper) then
    drop schema _plinth cascade;
  end if;
end
$guard$;
create schema if not exists _plinth;
revoke all on schema _plinth from public;

create or replace function _plinth.rest_run_v1(
  p_role text,               -- database role from the JWT (must be one authenticator may become)
  p_settings text,           -- JSON object of settings for set_config(..., true): claims, headers, search_path ...
  p_stmt text,               -- the statement; returns one row (body text, page_total bigint, total bigint)
  p_args text[],             -- its bound values, referenced as $1[n]
  p_single boolean,          -- Accept: vnd.pgrst.object -> exactly one row or PGRST116
  p_max_affected bigint,     -- Prefer: max-affected with handling=strict -> PGRST124 when exceeded
  p_rollback boolean,        -- Prefer: tx=rollback (and EXPLAIN ANALYZE of writes)
  p_count_mode text,         -- 'planned' | 'estimated' | null (exact counts are inside p_stmt)
  p_count_stmt text,         -- the rows to count, for planned/estimated
  p_count_threshold bigint,  -- estimated: exact count below this many planned rows
  p_explain text             -- EXPLAIN options, null for a normal run
) returns table (body text, page_total bigint, total bigint, response_headers text, response_status text)
language plpgsql volatile
as $fn$
declare
  v_line text;
  v_plan json;
begin
  if not pg_catalog.pg_has_role('authenticator', p_role, 'MEMBER') then
    raise sqlstate '42501' using message = pg_catalog.format('permission denied to set role "%s"', p_role);
  end if;
  -- One statement for all settings: measured on PGlite, a set_config per loop iteration cost ~10 us each.
  perform pg_catalog.set_config(s.key, s.value, true) from pg_catalog.json_each_text(p_settings::json) as s;
  perform pg_catalog.set_config('role', p_role, true);

  if p_rollback then
    -- A block with a handler is a subtransaction: raising at its end undoes the statement's writes
    -- while the values already assigned to the output variables survive.
    begin
      if p_explain is null then
        execute p_stmt into body, page_total, total using p_args;
      else
        for v_line in execute 'explain (' || p_explain || ') ' || p_stmt using p_args loop
          body := case when body is null then v_line else body || E'\n' || v_line end;
        end loop;
      end if;
      response_headers := nullif(pg_catalog.current_setting('response.headers', true), '');
      response_status := nullif(pg_catalog.current_setting('response.status', true), '');
      raise sqlstate 'PLRBK';
    exception when sqlstate 'PLRBK' then
      null;
    end;
  elsif p_explain is not null then
    for v_line in execute 'explain (' || p_explain || ') ' || p_stmt using p_args loop
      body := case when body is null then v_line else body || E'\n' || v_line end;
    end loop;
  else
    execute p_stmt into body, page_total, total using p_args;
    response_headers := nullif(pg_catalog.current_setting('response.headers', true), '');
    response_status := nullif(pg_catalog.current_setting('response.status', true), '');
  end if;

  if p_explain is null and p_single and page_total <> 1 then
    raise sqlstate 'PGRST' using
      message = pg_catalog.json_build_object('code', 'PGRST116', 'message', 'Cannot coerce the result to a single JSON object',
        'details', pg_catalog.format('The result contains %s rows', page_total), 'hint', null)::text,
      detail = '{"status":406}';
  end if;
  if p_explain is null and p_max_affected is not null and page_total > p_max_affected then
    raise sqlstate 'PGRST' using
      message = pg_catalog.json_build_object('code', 'PGRST124', 'message', 'Query result exceeds max-affected preference constraint',
        'details', pg_catalog.format('The query affects %s rows', page_total), 'hint', null)::text,
      detail = '{"status":400}';
  end if;
  if p_explain is null and p_count_mode is not null then
    execute 'explain (format json) ' || p_count_stmt into v_plan using p_args;
    total := (v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::bigint;
    if p_count_mode = 'estimated' and (p_count_threshold is null or total <= p_count_threshold) then
      execute 'select pg_catalog.count(*) from (' || p_count_stmt || ') as pgrst_c' into total using p_args;
    end if;
  end if;
  return next;
end
$fn$;

revoke all on function _plinth.rest_run_v1(text, text, text, text[], boolean, bigint, boolean, text, text, bigint, text) from public;
