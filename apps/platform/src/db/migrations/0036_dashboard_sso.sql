-- Single sign-on to the dashboard (OpenID Connect), Team plan and above: one identity provider per
-- organisation, the email domains that route to it, and the sign-ins in flight. The client secret is
-- sealed with the platform's at-rest key (control/secrets.ts), as project secrets are.
create table dashboard_sso (
  organization_id integer primary key references organizations (id) on delete cascade,
  issuer text not null,
  client_id text not null,
  client_secret_enc text not null,
  enabled boolean not null default false,
  -- Members whose address is on one of the domains must sign in through the provider.
  enforced boolean not null default false,
  -- The role a person gets when their first sign-in through the provider makes them a member.
  default_role text not null default 'Developer',
  updated_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now()
);

-- A domain routes to one organisation's provider at most, so an email finds its provider.
create table dashboard_sso_domains (
  domain text primary key,
  organization_id integer not null references dashboard_sso (organization_id) on delete cascade
);
create index dashboard_sso_domains_organization on dashboard_sso_domains (organization_id);

-- A sign-in between the redirect to the provider and its callback, on whichever node gets it:
-- the state (kept as its SHA-256), the ID token's nonce, the PKCE verifier sent to the provider
-- (sealed) and the challenge of the studio's own PKCE pair, which the dashboard session is
-- handed over with. A row is consumed on first use.
create table dashboard_sso_logins (
  state_hash text primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  nonce text not null,
  code_verifier_enc text not null,
  client_code_challenge text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index dashboard_sso_logins_expiry on dashboard_sso_logins (expires_at);
