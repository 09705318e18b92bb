/**
 * Provider identities (auth.identities): which account of which provider signs in as which user.
 * An external sign-in finds the identity, else the user with the same verified address (GoTrue's
 * automatic linking), else creates a user; an explicit link attaches it to the signed-in user.
 * The user's app_metadata keeps GoTrue's `provider` (the first one) and `providers` (all of them).
 */
import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';
import type { AuthContext } from './context.ts';
import { assertUserMayBeCreated } from './hooks.ts';
import type { ProviderClaims } from './oauth-providers.ts';
import { isBanned, normaliseEmail } from './users.ts';

/** What GoTrue stores as identity_data and copies into user_metadata for an external account. */
function identityDataOf(claims: ProviderClaims): Record<string, unknown> {
  return {
    iss: claims.iss,
    sub: claims.sub,
    provider_id: claims.sub,
    email: claims.email,
    email_verified: claims.email_verified,
    phone_verified: false,
    ...(claims.name ? { name: claims.name, full_name: claims.name } : {}),
    ...(claims.picture ? { picture: claims.picture, avatar_url: claims.picture } : {}),
    ...(claims.preferred_username ? { preferred_username: claims.preferred_username, user_name: claims.preferred_username } : {}),
    ...(claims.custom && Object.keys(claims.custom).length > 0 ? { custom_claims: claims.custom } : {}),
  };
}

/** Recomputes `providers` from the user's identities; `provider` stays the one the user started with. */
async function refreshProviders(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users u set updated_at = now(), raw_app_meta_data = u.raw_app_meta_data || jsonb_build_object(
        'provider', coalesce(u.raw_app_meta_data->>'provider', (select i.provider from auth.identities i where i.user_id = u.id order by i.created_at limit 1)),
        'providers', (select coalesce(jsonb_agg(distinct i.provider), '[]'::jsonb) from auth.identities i where i.user_id = u.id))
      where u.id = $1`,
    [userId],
  );
}

async function insertIdentity(q: Queryable, userId: string, provider: string, claims: ProviderClaims, email: string | null): Promise<void> {
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, email, last_sign_in_at) values ($1, $2, $3, $4, $5, now())`,
    [claims.sub, userId, JSON.stringify(identityDataOf(claims)), provider, email],
  );
  await refreshProviders(q, userId);
}

const emailOf = (claims: ProviderClaims) => (claims.email ? normaliseEmail(claims.email) : null);

async function assertNotBanned(q: Queryable, userId: string): Promise<void> {
  const { rows } = await q.query<{ banned_until: unknown }>('select banned_until from auth.users where id = $1 and deleted_at is null', [userId]);
  if (!rows[0]) throw new PlinthError('user_not_found');
  if (isBanned(rows[0].banned_until)) throw new PlinthError('user_banned');
}

export interface SignedInIdentity {
  userId: string;
  isNewUser: boolean;
  /** An identity attached to an existing user (automatic or explicit linking). */
  isLinked: boolean;
}

/**
 * The user an account already signs in as, its identity data refreshed; null for an unknown account.
 * Every way in here counts the user as active this month, so each is admitted first (ctx.admitSignIn:
 * a project's spend cap on monthly active users), before last_sign_in_at moves.
 */
async function signInKnownIdentity(ctx: AuthContext, q: Queryable, provider: string, claims: ProviderClaims, email: string | null): Promise<string | null> {
  const { rows } = await q.query<{ user_id: string }>(
    `select i.user_id from auth.identities i join auth.users u on u.id = i.user_id
      where i.provider = $1 and i.provider_id = $2 and u.deleted_at is null`,
    [provider, claims.sub],
  );
  const known = rows[0]?.user_id;
  if (!known) return null;
  await assertNotBanned(q, known);
  await ctx.admitSignIn?.(q, known);
  await q.query(
    `update auth.identities set identity_data = $3, email = $4, last_sign_in_at = now(), updated_at = now() where provider = $1 and provider_id = $2`,
    [provider, claims.sub, JSON.stringify(identityDataOf(claims)), email],
  );
  await q.query('update auth.users set raw_user_meta_data = raw_user_meta_data || $2::jsonb, last_sign_in_at = now() where id = $1', [known, JSON.stringify(identityDataOf(claims))]);
  return known;
}

async function createUserWithIdentity(ctx: AuthContext, q: Queryable, provider: string, claims: ProviderClaims, email: string, isSsoUser: boolean): Promise<string> {
  const userMetadata = identityDataOf(claims);
  await assertUserMayBeCreated(ctx, q, { email, is_anonymous: false, user_metadata: userMetadata, provider });
  await ctx.admitSignIn?.(q, null);
  const { rows: created } = await q.query<{ id: string }>(
    `insert into auth.users (email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, last_sign_in_at, is_sso_user)
     values ($1, now(), $2, $3, now(), $4) returning id`,
    [email, JSON.stringify({ provider, providers: [provider] }), JSON.stringify(userMetadata), isSsoUser],
  );
  await insertIdentity(q, created[0].id, provider, claims, email);
  return created[0].id;
}

/**
 * The user an external account signs in as, creating or linking as needed. `linkTo`: the signed-in
 * user of a linkIdentity flow, who must not already have another user's identity attached.
 */
export async function signInWithIdentity(ctx: AuthContext, q: Queryable, provider: string, claims: ProviderClaims, linkTo: string | null): Promise<SignedInIdentity> {
  const email = emailOf(claims);
  if (linkTo) {
    // Linking an account that already signs in (as this user or another) is refused, as GoTrue does.
    const { rows } = await q.query('select 1 from auth.identities where provider = $1 and provider_id = $2', [provider, claims.sub]);
    if (rows.length > 0) throw new PlinthError('identity_already_exists');
    await assertNotBanned(q, linkTo);
    await ctx.admitSignIn?.(q, linkTo);
    await insertIdentity(q, linkTo, provider, claims, email);
    await q.query('update auth.users set last_sign_in_at = now() where id = $1', [linkTo]);
    return { userId: linkTo, isNewUser: false, isLinked: true };
  }
  const known = await signInKnownIdentity(ctx, q, provider, claims, email);
  if (known) return { userId: known, isNewUser: false, isLinked: false };
  if (!email) throw new PlinthError('validation_failed', 'Error getting user email from external provider');
  const existing = await q.query<{ id: string; confirmed: boolean }>(
    'select id, email_confirmed_at is not null as confirmed from auth.users where lower(email) = $1 and not is_sso_user and deleted_at is null',
    [email],
  );
  const owner = existing.rows[0];
  if (owner) {
    // Only an address the provider vouches for may join an existing account.
    if (!claims.email_verified) throw new PlinthError('email_exists');
    await assertNotBanned(q, owner.id);
    await ctx.admitSignIn?.(q, owner.id);
    if (!owner.confirmed) {
      // Whoever signed up with this address never proved it: their password and sessions go,
      // so a sign-up made in someone else's name cannot take over the account once it is linked.
      await q.query('update auth.users set encrypted_password = null, email_confirmed_at = now() where id = $1', [owner.id]);
      await q.query('delete from auth.sessions where user_id = $1', [owner.id]);
    }
    await insertIdentity(q, owner.id, provider, claims, email);
    await q.query('update auth.users set last_sign_in_at = now() where id = $1', [owner.id]);
    return { userId: owner.id, isNewUser: false, isLinked: true };
  }
  if (ctx.config.disableSignup) throw new PlinthError('signup_disabled');
  // An address the provider has not verified needs confirming where sign-ups do.
  if (!claims.email_verified && !ctx.config.autoconfirm) throw new PlinthError('email_not_confirmed');
  return { userId: await createUserWithIdentity(ctx, q, provider, claims, email, false), isNewUser: true, isLinked: false };
}

/**
 * The user a SAML account signs in as. As in GoTrue, SSO users are their own accounts: never linked
 * to a password or OAuth account with the same address, and made even where sign-ups are off (the
 * organisation's IdP decides who may sign in).
 */
export async function signInWithSsoIdentity(ctx: AuthContext, q: Queryable, provider: string, claims: ProviderClaims): Promise<SignedInIdentity> {
  const email = emailOf(claims);
  const known = await signInKnownIdentity(ctx, q, provider, claims, email);
  if (known) return { userId: known, isNewUser: false, isLinked: false };
  if (!email) throw new PlinthError('saml_assertion_no_email');
  return { userId: await createUserWithIdentity(ctx, q, provider, claims, email, true), isNewUser: true, isLinked: false };
}

/** DELETE /user/identities/{id}: the user's own identity, never the last one. Returns its provider. */
export async function unlinkIdentity(ctx: AuthContext, userId: string, identityId: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; provider: string }>(
      'select id, provider from auth.identities where user_id = $1 for update',
      [userId],
    );
    const identity = rows.find((row) => row.id === identityId);
    if (!identity) throw new PlinthError('identity_not_found');
    if (rows.length <= 1) throw new PlinthError('single_identity_not_deletable');
    await tx.query('delete from auth.identities where id = $1', [identityId]);
    // The first provider is replaced only when the user has none of it left.
    await tx.query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data - 'provider' where id = $1
         and not exists(select 1 from auth.identities i where i.user_id = $1 and i.provider = raw_app_meta_data->>'provider')`,
      [userId],
    );
    await refreshProviders(tx, userId);
    return identity.provider;
  });
}
