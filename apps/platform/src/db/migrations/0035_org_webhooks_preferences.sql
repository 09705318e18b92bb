-- Organisation webhooks (control/org-webhooks): endpoints an administrator registers for organisation
-- events, and one delivery row per event and endpoint, which the 'org-webhook-deliver' job sends and
-- retries. The signing secret is encrypted with the platform key, like every other secret.
create table org_webhook_endpoints (
  id bigserial primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  url text not null,
  secret_enc text not null,
  events text[] not null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index org_webhook_endpoints_org on org_webhook_endpoints (organization_id, id);

create table org_webhook_deliveries (
  id bigserial primary key,
  endpoint_id bigint not null references org_webhook_endpoints (id) on delete cascade,
  event text not null,
  payload jsonb not null,
  -- pending -> succeeded, or retrying -> ... -> failed after the queue's last attempt.
  status text not null default 'pending' check (status in ('pending', 'retrying', 'succeeded', 'failed')),
  attempts integer not null default 0,
  response_code integer,
  error text,
  created_at timestamptz not null default now(),
  last_attempt_at timestamptz
);
create index org_webhook_deliveries_endpoint on org_webhook_deliveries (endpoint_id, id desc);

-- Account preferences, kept per profile so they follow the person to any browser. Dark by default:
-- the studio's look before themes existed; 'system' follows the operating system.
alter table profiles
  add column theme text not null default 'dark' check (theme in ('light', 'dark', 'system')),
  add column default_organization_id integer references organizations (id) on delete set null;

-- The audit retention job deletes an organisation's entries by age: by organisation, then time.
create index audit_log_org_time on audit_log (organization_slug, occurred_at);
