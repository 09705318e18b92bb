-- Query plans (Accept: application/vnd.pgrst.plan, supabase-js .explain()) show table sizes, indexes
-- and costs to whoever calls the API, so a project answers them only when its owner enables them.
alter table projects add column api_db_plan_enabled boolean not null default false;
