-- A project's global upload limit as its members set it in Settings > Storage (paid plans only;
-- the server keeps it within the plan's maximum). Null: the plan's own limit.
alter table projects add column storage_upload_limit bigint;
