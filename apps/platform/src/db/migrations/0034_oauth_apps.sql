-- OAuth applications an organisation publishes, and the authorisations other organisations give them
-- (the authorization-code flow with PKCE at /api/v1/oauth). Secrets, codes and tokens are kept only
-- as SHA-256 hashes: each is 160+ random bits, so a fast hash is safe and makes every lookup one
-- unique-index probe (as access_tokens, 0009).
create table oauth_apps (
  id uuid primary key default gen_random_uuid(),
  organization_id integer not null references organizations (id) on delete cascade,
  name text not null,
  website text not null,
  redirect_uris text[] not null,
  scopes text[] not null,
  client_id uuid not null unique default gen_random_uuid(),
  client_secret_hash text not null,
  -- 'sba_1a2b…9f0e': enough to recognise the current secret, far too little to rebuild it.
  client_secret_alias text not null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index oauth_apps_organization on oauth_apps (organization_id);

-- One approval of an app on an organisation by one of its members: the tokens act as that member,
-- limited to these scopes and to this organisation. Revoked grants stay for the audit trail.
create table oauth_grants (
  id uuid primary key default gen_random_uuid(),
  app_id uuid not null references oauth_apps (id) on delete cascade,
  organization_id integer not null references organizations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  scopes text[] not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index oauth_grants_organization on oauth_grants (organization_id) where revoked_at is null;

-- A request to /oauth/authorize waiting for the member's decision, then its code. The row lives in
-- the database, not in a process, so the consent screen and the token exchange may reach any node.
create table oauth_authorizations (
  id uuid primary key default gen_random_uuid(),
  app_id uuid not null references oauth_apps (id) on delete cascade,
  redirect_uri text not null,
  scopes text[] not null,
  state text,
  code_challenge text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  decided_at timestamptz,
  grant_id uuid references oauth_grants (id) on delete cascade,
  code_hash text unique,
  code_expires_at timestamptz,
  -- Set when the code is exchanged: a code works once.
  exchanged_at timestamptz
);
create index oauth_authorizations_expiry on oauth_authorizations (expires_at);

-- One issued pair: a short-lived access token and the refresh token that replaces the pair once.
create table oauth_tokens (
  id bigserial primary key,
  grant_id uuid not null references oauth_grants (id) on delete cascade,
  access_hash text not null unique,
  refresh_hash text not null unique,
  access_expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz,
  revoked_at timestamptz
);
create index oauth_tokens_grant on oauth_tokens (grant_id);
