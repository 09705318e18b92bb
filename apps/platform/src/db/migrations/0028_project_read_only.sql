-- Read-only mode (control/read-only-mode.ts): since when the project's database has been read-only
-- because it outgrew its plan's disk quota; null while it takes writes. Every node (the REST error,
-- the resource-warning banner, Settings > Infrastructure) reads it here.
alter table projects add column read_only_since timestamptz;
