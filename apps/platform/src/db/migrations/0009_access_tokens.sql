-- Personal access tokens for the Management API (/api/v1). Only a hash of a token is kept: the
-- token is shown once, at creation. SHA-256 rather than a slow password hash because a token is
-- 160 random bits, not a person's choice: no guess list can reach it however fast the hash, and a
-- fast hash lets each request find its token with one unique-index probe.
create table access_tokens (
  id bigserial primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  token_hash text not null unique,
  -- 'sbp_1a2b…9f0e': enough to recognise a token in a list, far too little to rebuild it.
  token_alias text not null,
  -- null: every permission the user has.
  scopes text[],
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  -- Revoked tokens stay (with their name and alias) so that audit entries naming them still make sense.
  revoked_at timestamptz
);
create index access_tokens_user on access_tokens (user_id, id) where revoked_at is null;
