-- Each project's password policy for its /auth/v1, as GoTrue configures it: a minimum length
-- (GoTrue's default 6; never fewer) and the required character sets in GoTrue's
-- `password_required_characters` format ('' for none). The auth settings page edits these.
alter table projects
  add column auth_password_min_length integer not null default 6 check (auth_password_min_length between 6 and 1024),
  add column auth_password_required_characters text not null default '';
