-- JWT secret rotation status, polled by the studio each second while it runs.
alter table projects
  add column jwt_update_status text check (jwt_update_status in ('updating', 'updated', 'failed')),
  add column jwt_update_progress text,
  add column jwt_update_error text,
  add column jwt_update_change_id uuid;
