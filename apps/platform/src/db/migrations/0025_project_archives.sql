-- Pause archives (control/project-archives.ts): while a paused project's database is freed, this is
-- where it lives: the object-store key of its archive, the archive's size and SHA-256 (checked when it
-- was written and again when it is read back), and when it was taken. Null while the database itself
-- is in place (active projects, and projects paused before archives existed, whose database was only closed).
alter table projects
  add column archive_key text,
  add column archive_bytes bigint,
  add column archive_sha256 text,
  add column archived_at timestamptz;
