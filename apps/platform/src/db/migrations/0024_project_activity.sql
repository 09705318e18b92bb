-- Inactivity pausing (control/inactivity.ts): when a project was last used through its data plane
-- (REST, auth, storage, functions, realtime) or the studio and platform API. Each node writes it at
-- most once a minute per project, so it costs one small update a minute for a busy project. Existing
-- projects start as used now: they get a full week from the upgrade.
alter table projects add column last_active_at timestamptz not null default now();
