-- A project's JWT signing keys, Supabase's model: the legacy HS256 secret is one of them, with a row
-- of its own so its status moves like the others' (the secret itself stays projects.jwt_secret_enc,
-- which the legacy rotation changes); ES256 and RS256 keys keep their private JWK encrypted and their
-- public JWK in clear, as /auth/v1/.well-known/jwks.json publishes it. Exactly one key of a project
-- is in use: it signs new access tokens; standby and previously used keys still verify, revoked
-- ones do not.
create table project_signing_keys (
  id uuid primary key default gen_random_uuid(),
  project_id integer not null references projects (id) on delete cascade,
  algorithm text not null check (algorithm in ('HS256', 'ES256', 'RS256')),
  status text not null check (status in ('standby', 'in_use', 'previously_used', 'revoked')),
  private_jwk_enc text,
  public_jwk jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((algorithm = 'HS256') = (private_jwk_enc is null and public_jwk is null))
);
create index project_signing_keys_project on project_signing_keys (project_id);
create unique index project_signing_keys_one_in_use on project_signing_keys (project_id) where status = 'in_use';
create unique index project_signing_keys_one_legacy on project_signing_keys (project_id) where algorithm = 'HS256';

insert into project_signing_keys (project_id, algorithm, status) select id, 'HS256', 'in_use' from projects;

-- Every project is born with its legacy secret in use, however it is inserted.
create function project_legacy_signing_key() returns trigger language plpgsql as $$
begin
  insert into project_signing_keys (project_id, algorithm, status) values (new.id, 'HS256', 'in_use');
  return new;
end
$$;
create trigger projects_legacy_signing_key after insert on projects for each row execute function project_legacy_signing_key();

-- Publishable (sb_publishable_..., the anon role) and secret (sb_secret_..., service_role) API keys.
-- A SHA-256 of the key finds it on each request (a key is 192 random bits: no guess list reaches it);
-- the key itself is kept encrypted so that members allowed to read secrets can reveal it again.
create table project_api_keys (
  id uuid primary key default gen_random_uuid(),
  project_id integer not null references projects (id) on delete cascade,
  type text not null check (type in ('publishable', 'secret')),
  name text not null,
  description text,
  -- 'sb_secret_AbCd': enough to recognise a key in a list, far too little to rebuild it.
  prefix text not null,
  key_hash text not null unique,
  key_enc text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (project_id, name)
);
