-- Point-in-time recovery (control/backups/pitr.ts), a paid add-on on the local engine: since when the
-- project's cluster archives its WAL (null: off), and when its newest base backup finished (the
-- daily schedule makes the next one a day later).
alter table projects add column pitr_enabled_at timestamptz;
alter table projects add column pitr_base_backup_at timestamptz;
