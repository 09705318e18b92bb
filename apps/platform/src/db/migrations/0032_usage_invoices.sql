-- Metering and invoices (control/usage/*). The hourly metering job writes one row per project,
-- metric and UTC hour; the primary key makes a second node or a retry a no-op (insert ... on
-- conflict do nothing), so an hour is never counted twice. Values are bytes, counts or hours;
-- `detail` splits a figure where the spec shows parts (egress per service). No foreign key to
-- projects: a deleted project's usage still belongs on its organisation's invoice for that month.
create table usage_hourly (
  project_ref text not null,
  organization_id integer not null references organizations (id) on delete cascade,
  metric text not null,
  hour timestamptz not null,
  value double precision not null,
  detail jsonb,
  recorded_at timestamptz not null default now(),
  primary key (project_ref, metric, hour)
);
create index usage_hourly_org_hour on usage_hourly (organization_id, hour);

-- Realtime's peak concurrent connections per project and hour, raised by every node as it flushes
-- its counters (greatest(), so nodes and repeats cannot inflate it); the metering job copies it.
create table realtime_peak_connections (
  project_ref text not null,
  hour timestamptz not null,
  peak integer not null,
  primary key (project_ref, hour)
);

-- One invoice per organisation and calendar month (UTC), written when the month closes; the lines
-- are kept as computed then, so a later plan or price change does not rewrite a past invoice.
create table invoices (
  id bigserial primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  period_start timestamptz not null,
  period_end timestamptz not null,
  plan text not null,
  lines jsonb not null,
  amount_usd numeric(12, 2) not null,
  status text not null default 'issued',
  issued_at timestamptz not null default now(),
  unique (organization_id, period_start)
);
