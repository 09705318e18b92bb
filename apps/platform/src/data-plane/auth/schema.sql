-- GoTrue-like auth schema. Idempotent: safe to run on every start and on every new project.
create schema if not exists auth;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  instance_id uuid,
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text,
  encrypted_password text,
  email_confirmed_at timestamptz,
  phone text,
  phone_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_super_admin boolean,
  is_anonymous boolean not null default false,
  banned_until timestamptz,
  invited_at timestamptz,
  confirmation_sent_at timestamptz,
  recovery_sent_at timestamptz,
  -- An email change waiting for its confirmation(s): the new address, when it was asked for.
  email_change text,
  email_change_sent_at timestamptz,
  -- Both links of a secure email change must be followed: which ones have been.
  email_change_confirm_status smallint not null default 0,
  reauthentication_sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- Made by SAML single sign-on: kept apart from the other accounts with the same address, as GoTrue does.
  is_sso_user boolean not null default false
);
alter table auth.users add column if not exists is_sso_user boolean not null default false;
-- Case-insensitive uniqueness: the service stores emails lower-cased, this guards every other writer.
-- SSO users are left out: the same address may sign in through a SAML provider and by password.
drop index if exists auth.users_email_key;
create unique index if not exists users_email_partial_key on auth.users (lower(email)) where email is not null and not is_sso_user;
create unique index if not exists users_phone_key on auth.users (phone) where phone is not null;

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null default '{}'::jsonb,
  provider text not null,
  email text,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null default 'totp' check (factor_type in ('totp')),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  secret text not null,
  -- Last accepted TOTP time step: a code is accepted once only (RFC 6238 section 5.2).
  last_used_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists mfa_factors_user_friendly_name_key
  on auth.mfa_factors (user_id, friendly_name) where friendly_name is not null and friendly_name <> '';
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  factor_id uuid references auth.mfa_factors (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  not_after timestamptz,
  user_agent text,
  ip text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  parent text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create table if not exists auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip text
);

create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);

-- Projects made before these columns existed get them here (the file runs on first use).
alter table auth.users add column if not exists invited_at timestamptz;
alter table auth.users add column if not exists confirmation_sent_at timestamptz;
alter table auth.users add column if not exists recovery_sent_at timestamptz;
alter table auth.users add column if not exists email_change text;
alter table auth.users add column if not exists email_change_sent_at timestamptz;
alter table auth.users add column if not exists email_change_confirm_status smallint not null default 0;
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;

-- Emailed links and codes. Only a hash is kept: of the address and the code, so a link (which
-- carries the hash) and a typed code (hashed with the address it was sent to) find the same row.
-- One live token per user and purpose: asking again replaces it. Used once: deleted on use.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in (
    'confirmation_token', 'reauthentication_token', 'recovery_token',
    'email_change_token_new', 'email_change_token_current', 'phone_change_token')),
  token_hash text not null,
  -- The address the token was sent to.
  relates_to text not null,
  -- What the token signs in as (magiclink, signup, invite, recovery, email_change), for /verify.
  verification_type text not null,
  redirect_to text,
  -- A PKCE flow this token continues: its verify answers with an auth code, not tokens.
  flow_state_id uuid,
  created_at timestamptz not null default now(),
  unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

-- PKCE (RFC 7636): the code challenge of a flow, and the auth code it is exchanged with.
create table if not exists auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null unique,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  code_challenge text not null,
  provider_type text not null,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- An external sign-in's provider tokens, handed over with the session at the code exchange.
alter table auth.flow_state add column if not exists provider_access_token text;
alter table auth.flow_state add column if not exists provider_refresh_token text;

-- SAML 2.0 single sign-on: identity providers, the email domains routed to each, and the
-- AuthnRequests in flight (RelayState -> request id, where to land, the PKCE flow).
create table if not exists auth.sso_providers (
  id uuid primary key default gen_random_uuid(),
  resource_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists sso_providers_resource_id_idx on auth.sso_providers (lower(resource_id)) where resource_id is not null;
create table if not exists auth.saml_providers (
  id uuid primary key default gen_random_uuid(),
  sso_provider_id uuid not null unique references auth.sso_providers (id) on delete cascade,
  entity_id text not null unique check (char_length(entity_id) > 0),
  metadata_xml text not null,
  metadata_url text,
  attribute_mapping jsonb not null default '{}'::jsonb,
  name_id_format text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table if not exists auth.sso_domains (
  id uuid primary key default gen_random_uuid(),
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  domain text not null check (char_length(domain) > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists sso_domains_domain_idx on auth.sso_domains (lower(domain));
create index if not exists sso_domains_provider_idx on auth.sso_domains (sso_provider_id);
create table if not exists auth.saml_relay_states (
  id uuid primary key default gen_random_uuid(),
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  request_id text not null,
  redirect_to text not null,
  flow_state_id uuid references auth.flow_state (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index if not exists saml_relay_states_created_at_idx on auth.saml_relay_states (created_at);
