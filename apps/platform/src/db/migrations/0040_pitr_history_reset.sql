-- Point-in-time recovery across a pause (control/backups/pitr.ts): a pause frees the project's
-- cluster with its WAL archive and base backups, so nothing before it can be replayed again. When
-- that last happened, to tell the user why the recoverable range starts after the restore.
alter table projects add column pitr_history_reset_at timestamptz;
