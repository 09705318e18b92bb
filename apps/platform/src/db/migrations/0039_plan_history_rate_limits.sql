-- Plan history (control/metering/invoice-lines.ts prorates the plan price by the days spent on each
-- plan in a billing cycle). Written by a trigger, so every path that changes a plan (a subscription
-- change, the operator's admin call) is recorded the same way, in the same transaction.
create table organization_plan_changes (
  id bigserial primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  from_plan text not null,
  to_plan text not null,
  changed_at timestamptz not null default now()
);
create index organization_plan_changes_org on organization_plan_changes (organization_id, changed_at);

create function organization_plan_change() returns trigger language plpgsql as $$
begin
  insert into organization_plan_changes (organization_id, from_plan, to_plan) values (new.id, old.plan, new.plan);
  return new;
end;
$$;
create trigger organizations_plan_change after update of plan on organizations
  for each row when (old.plan is distinct from new.plan) execute function organization_plan_change();

-- Fixed-window request counters shared by every node (control/shared-rate-limit.ts): one row per key
-- and window, counted with an upsert, so two nodes draw on one budget. Old windows are swept.
create table rate_limit_windows (
  key text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (key, window_start)
);
create index rate_limit_windows_start on rate_limit_windows (window_start);
