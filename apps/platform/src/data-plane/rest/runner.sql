-- One REST request = one round trip and one (implicit) transaction. Most requests send two prepared
-- statements together (runner.ts): rest_begin_v1 switches to the request's role and settings, then
-- the planned statement runs with its bound values. A request that needs checks before committing
-- (or EXPLAIN, or a planned count) calls rest_run_v1 instead, which runs the statement itself.
-- Installed by runner.ts into every project database on first use; only the platform's own
-- connection may call them.
-- The function runs as the platform's own role (PGlite's superuser; on a Postgres server the
-- project's owner) until it switches role, so nobody else may own or create anything in its schema:
-- a _plinth made by another role is dropped rather than trusted.
do $guard$
begin
  if exists (select 1 from pg_catalog.pg_namespace n join pg_catalog.pg_roles r on r.oid = n.nspowner
             where n.nspname = '_plinth' and not r.rolsuper and r.rolname <> current_user) then
    drop schema _plinth cascade;
  end if;
end
$guard$;
create schema if not exists _plinth;
revoke all on schema _plinth from public;

-- The request's settings (set_config(..., true): they end with the transaction), then its role.
create or replace function _plinth.rest_begin_v1(
  p_role text,      -- database role from the JWT (must be one authenticator may become)
  p_settings text   -- JSON object of settings: claims, headers, search_path ...
) returns void
language plpgsql volatile
as $fn$
begin
  if not pg_catalog.pg_has_role('authenticator', p_role, 'MEMBER') then
    raise sqlstate '42501' using message = pg_catalog.format('permission denied to set role "%s"', p_role);
  end if;
  -- One statement, the last of the function: a changed search_path makes the cached plan of any
  -- later PL/pgSQL expression stale (re-planned on each call).
  perform pg_catalog.set_config(s.key, s.value, true)
    from (select j.key, j.value from pg_catalog.json_each_text(p_settings::json) as j
          union all select 'role', p_role) as s;
end
$fn$;

create or replace function _plinth.rest_run_v1(
  p_role text,      -- database role from the JWT (must be one authenticator may become)
  p_settings text,  -- JSON object of settings for set_config(..., true): claims, headers, search_path ...
  p_stmt text,      -- the statement: one row (body, page_total, total, response_headers, response_status)
  p_args text[],    -- its bound values, referenced as $1[n]
  p_options json    -- any of:
                    --   single: a write must change exactly one row, else PGRST116 (and roll back)
                    --   maxAffected: Prefer max-affected with handling=strict -> PGRST124 when exceeded
                    --   rollback: Prefer tx=rollback (and EXPLAIN ANALYZE of writes)
                    --   countMode 'planned'|'estimated', countStmt (the rows to count), countThreshold
                    --     (estimated: exact count below this many planned rows; exact counts are in p_stmt)
                    --   explain: EXPLAIN options
) returns table (body text, page_total bigint, total bigint, response_headers text, response_status text)
language plpgsql volatile
as $fn$
declare
  v_line text;
  v_plan json;
begin
  perform _plinth.rest_begin_v1(p_role, p_settings);

  if coalesce((p_options ->> 'rollback')::boolean, false) then
    -- A block with a handler is a subtransaction: raising at its end undoes the statement's writes
    -- while the values already assigned to the output variables survive.
    begin
      if p_options ->> 'explain' is null then
        execute p_stmt into body, page_total, total, response_headers, response_status using p_args;
      else
        for v_line in execute 'explain (' || (p_options ->> 'explain') || ') ' || p_stmt using p_args loop
          body := case when body is null then v_line else body || E'\n' || v_line end;
        end loop;
      end if;
      raise sqlstate 'PLRBK';
    exception when sqlstate 'PLRBK' then
      null;
    end;
  elsif p_options ->> 'explain' is not null then
    for v_line in execute 'explain (' || (p_options ->> 'explain') || ') ' || p_stmt using p_args loop
      body := case when body is null then v_line else body || E'\n' || v_line end;
    end loop;
  else
    execute p_stmt into body, page_total, total, response_headers, response_status using p_args;
  end if;

  if p_options ->> 'explain' is null and coalesce((p_options ->> 'single')::boolean, false) and page_total <> 1 then
    raise sqlstate 'PGRST' using
      message = pg_catalog.json_build_object('code', 'PGRST116', 'message', 'Cannot coerce the result to a single JSON object',
        'details', pg_catalog.format('The result contains %s rows', page_total), 'hint', null)::text,
      detail = '{"status":406}';
  end if;
  if p_options ->> 'explain' is null and page_total > (p_options ->> 'maxAffected')::bigint then
    raise sqlstate 'PGRST' using
      message = pg_catalog.json_build_object('code', 'PGRST124', 'message', 'Query result exceeds max-affected preference constraint',
        'details', pg_catalog.format('The query affects %s rows', page_total), 'hint', null)::text,
      detail = '{"status":400}';
  end if;
  if p_options ->> 'explain' is null and p_options ->> 'countMode' is not null then
    execute 'explain (format json) ' || (p_options ->> 'countStmt') into v_plan using p_args;
    total := (v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::bigint;
    if p_options ->> 'countMode' = 'estimated'
       and (p_options ->> 'countThreshold' is null or total <= (p_options ->> 'countThreshold')::bigint) then
      execute 'select pg_catalog.count(*) from (' || (p_options ->> 'countStmt') || ') as pgrst_c' into total using p_args;
    end if;
  end if;
  return next;
end
$fn$;

revoke all on function _plinth.rest_begin_v1(text, text) from public;
revoke all on function _plinth.rest_run_v1(text, text, text, text[], json) from public;
