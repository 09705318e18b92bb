-- Vault: Supabase's vault API (vault.secrets, vault.create_secret, vault.update_secret,
-- vault.decrypted_secrets) on pgcrypto. Idempotent: part of every new project's bootstrap, and run
-- on older projects when they are opened (vault.ts).
--
-- The key is never in the database: the platform derives one per project from its own secret and
-- gives it to the sessions it opens in the project as the setting `plinth.vault_key` (vault.ts).
-- A session without it (the pooler, a direct login) cannot encrypt or decrypt and is told so.
-- `key_id` is a fingerprint of the key a row was encrypted with, so a row made under another key
-- (another project's, copied across) reads as NULL instead of failing the whole view.

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

create schema if not exists vault;

create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  -- base64 of the pgp_sym_encrypt message (AES-256, integrity-checked)
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists secrets_name_idx on vault.secrets (name) where name is not null;

-- The session's key, or an error saying why there is none.
create or replace function vault._key() returns text
  language plpgsql stable
  set search_path = pg_catalog
as $$
declare
  k text := current_setting('plinth.vault_key', true);
begin
  if k is null or k = '' then
    raise exception 'vault key not available on this connection'
      using errcode = '55000',
            hint = 'Vault secrets can be read and written from the dashboard, the SQL editor and the API; pooler and direct connections have no vault key.';
  end if;
  return k;
end $$;

-- Which key: a one-way fingerprint of it (the key is 256 random bits, so this reveals nothing usable).
create or replace function vault._key_id(k text) returns uuid
  language sql immutable
  set search_path = pg_catalog
as $$ select md5('plinth-vault-key:' || k)::uuid $$;

-- pgcrypto lives in `extensions` on new projects; older ones may have it in public.
create or replace function vault._encrypt(plain text, k text) returns text
  language sql volatile
  set search_path = pg_catalog, extensions, public
as $$ select encode(pgp_sym_encrypt(plain, k, 'cipher-algo=aes256, s2k-mode=1'), 'base64') $$;

-- NULL for a row made under another key or whose ciphertext was altered (pgp's integrity check).
create or replace function vault._decrypt(ciphertext text, row_key_id uuid) returns text
  language plpgsql stable
  set search_path = pg_catalog, extensions, public
as $$
declare
  k text := vault._key();
begin
  if row_key_id is distinct from vault._key_id(k) then
    return null;
  end if;
  begin
    return pgp_sym_decrypt(decode(ciphertext, 'base64'), k);
  exception when others then
    return null;
  end;
end $$;

create or replace function vault.create_secret(
  new_secret text,
  new_name text default null,
  new_description text default '',
  new_key_id uuid default null
) returns uuid
  language plpgsql volatile
  set search_path = pg_catalog
as $$
declare
  k text := vault._key();
  created uuid;
begin
  -- new_key_id is accepted for Supabase's signature; every secret of a project uses its one key.
  insert into vault.secrets (secret, name, description, key_id)
  values (vault._encrypt(new_secret, k), new_name, coalesce(new_description, ''), vault._key_id(k))
  returning id into created;
  return created;
end $$;

create or replace function vault.update_secret(
  secret_id uuid,
  new_secret text default null,
  new_name text default null,
  new_description text default null,
  new_key_id uuid default null
) returns void
  language plpgsql volatile
  set search_path = pg_catalog
as $$
declare
  -- Renaming or describing needs no key; only a new value does.
  k text := case when new_secret is null then null else vault._key() end;
begin
  update vault.secrets s set
    secret = case when k is null then s.secret else vault._encrypt(new_secret, k) end,
    key_id = case when k is null then s.key_id else vault._key_id(k) end,
    name = coalesce(new_name, s.name),
    description = coalesce(new_description, s.description),
    updated_at = now()
  where s.id = secret_id;
end $$;

-- security_invoker: whoever reads the view needs the table's own privileges (anon has none).
create or replace view vault.decrypted_secrets with (security_invoker = true) as
  select s.id, s.name, s.description, s.secret,
         vault._decrypt(s.secret, s.key_id) as decrypted_secret,
         s.key_id, s.nonce, s.created_at, s.updated_at
  from vault.secrets s;

-- As on Supabase: the owner and service_role; never anon or authenticated.
revoke all on schema vault from public, anon, authenticated;
revoke all on all tables in schema vault from public, anon, authenticated;
revoke all on all functions in schema vault from public, anon, authenticated;
grant usage on schema vault to service_role;
grant select, insert, update, delete on vault.secrets to service_role;
grant select on vault.decrypted_secrets to service_role;
grant execute on function vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid),
  vault._key(), vault._key_id(text), vault._encrypt(text, text), vault._decrypt(text, uuid) to service_role;
