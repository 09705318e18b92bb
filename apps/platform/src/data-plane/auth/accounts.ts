import { randomUUID } from 'node:crypto';
import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';
import type { AuthContext, RequestMeta, Session } from './context.ts';
import { assertEmailEnabled, requestEmailChange, sendConfirmation, type FlowRequest } from './email-flows.ts';
import { assertUserMayBeCreated } from './hooks.ts';
import { insertUser, mapDuplicateEmail } from './new-users.ts';
import { takeToken, tokenHash } from './one-time-tokens.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { assertPasswordMeetsPolicy, type PasswordPolicy } from './password-policy.ts';
import { startSession } from './sessions.ts';
import type { AccessTokenClaims } from './tokens.ts';
import {
  findCredentials, findUserIdByEmail, getUser, hasVerifiedFactor, isBanned, mergeMetadata, normaliseEmail, type User,
} from './users.ts';

/** Checks the policy, then hashes; undefined stays undefined (no password change). */
export async function preparePassword(policy: PasswordPolicy, password: string | undefined): Promise<string | undefined> {
  if (password === undefined) return undefined;
  assertPasswordMeetsPolicy(password, policy);
  return hashPassword(password);
}

/** A sign-up: with an email and password, or with neither (an anonymous user, where enabled). */
export async function signUp(
  ctx: AuthContext,
  input: { email?: string; password?: string; data?: Record<string, unknown> } & FlowRequest,
  meta: RequestMeta,
): Promise<{ session: Session | null; user: User }> {
  if (ctx.config.disableSignup) throw new PlinthError('signup_disabled');
  if (input.email === undefined) {
    if (input.password !== undefined) throw new PlinthError('validation_failed', 'Signup requires a valid email address');
    return signUpAnonymously(ctx, input.data, meta);
  }
  assertEmailEnabled(ctx);
  const email = normaliseEmail(input.email); // reject a malformed address before paying for the hash
  if (!input.password) throw new PlinthError('validation_failed', 'Signup requires a valid password');
  const passwordHash = await preparePassword(ctx.config.passwordPolicy, input.password);
  const existing = ctx.config.autoconfirm ? null : await findUserIdByEmail(ctx.db, email);
  if (existing) return signUpAgain(ctx, existing, input);
  await assertUserMayBeCreated(ctx, ctx.db, { email, is_anonymous: false, user_metadata: input.data, provider: 'email' });
  // Confirmed at once, the new user signs in: a new active user this month.
  if (ctx.config.autoconfirm) await ctx.admitSignIn?.(ctx.db, null);
  return mapDuplicateEmail('user_already_exists', () =>
    ctx.db.transaction(async (tx) => {
      const id = await insertUser(tx, { email, passwordHash, emailConfirmed: ctx.config.autoconfirm, userMetadata: input.data });
      if (!ctx.config.autoconfirm) {
        await sendConfirmation(ctx, tx, { id, email, data: input.data }, input);
        return { session: null, user: await getUser(tx, id) };
      }
      await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [id]);
      const session = await startSession(ctx, tx, id, 'password', meta);
      return { session, user: session.user };
    }),
  );
}

/**
 * A sign-up for an address that has an account, where sign-ups need confirming: an unconfirmed one
 * is sent its confirmation again; for a confirmed one the answer looks like a fresh sign-up and no
 * mail goes out, so the endpoint does not tell who has an account (as GoTrue does).
 */
async function signUpAgain(ctx: AuthContext, userId: string, input: FlowRequest): Promise<{ session: null; user: User }> {
  const user = await getUser(ctx.db, userId);
  if (user.email_confirmed_at) {
    const now = new Date().toISOString();
    return { session: null, user: { ...user, id: randomUUID(), identities: [], factors: [], app_metadata: {}, user_metadata: {}, created_at: now, updated_at: now, confirmed_at: null, email_confirmed_at: null, last_sign_in_at: null } };
  }
  await sendConfirmation(ctx, ctx.db, { id: user.id, email: user.email, data: user.user_metadata }, input);
  return { session: null, user: await getUser(ctx.db, userId) };
}

/** POST /signup with no credentials: a user with no email or identity, until they link one. */
async function signUpAnonymously(ctx: AuthContext, data: Record<string, unknown> | undefined, meta: RequestMeta): Promise<{ session: Session; user: User }> {
  if (!ctx.config.isAnonymousEnabled) throw new PlinthError('anonymous_provider_disabled');
  await ctx.hourly.hit(`anonymous:${meta.ip ?? ''}`, ctx.config.rateLimits.anonymous);
  await assertUserMayBeCreated(ctx, ctx.db, { email: null, is_anonymous: true, user_metadata: data, provider: 'anonymous' });
  await ctx.admitSignIn?.(ctx.db, null);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `insert into auth.users (is_anonymous, raw_app_meta_data, raw_user_meta_data, last_sign_in_at) values (true, '{}'::jsonb, $1, now()) returning id`,
      [JSON.stringify(data ?? {})],
    );
    const session = await startSession(ctx, tx, rows[0].id, 'anonymous', meta);
    return { session, user: session.user };
  });
}

export async function signInWithPassword(ctx: AuthContext, input: { email: string; password: string }, meta: RequestMeta): Promise<Session> {
  assertEmailEnabled(ctx);
  const email = input.email.trim().toLowerCase();
  await ctx.limiter.hit(`password:${meta.ip ?? ''}:${email}`);
  const credentials = await findCredentials(ctx.db, email);
  // verifyPassword runs the hash even without a user, so timing does not reveal which emails exist.
  const isValid = await verifyPassword(input.password, credentials?.encrypted_password);
  if (!credentials || !isValid) throw new PlinthError('invalid_credentials');
  if (!credentials.email_confirmed_at) throw new PlinthError('email_not_confirmed');
  if (isBanned(credentials.banned_until)) throw new PlinthError('user_banned');
  await ctx.beforePasswordSignIn?.({ id: credentials.id, email });
  await ctx.admitSignIn?.(ctx.db, credentials.id);
  return ctx.db.transaction(async (tx) => {
    await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [credentials.id]);
    await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [credentials.id]);
    return startSession(ctx, tx, credentials.id, 'password', meta);
  });
}

export interface UserChanges {
  email?: string;
  passwordHash?: string;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  emailConfirmed?: boolean;
  bannedUntil?: Date | null;
}

/** Applies changes to a user; shared by PUT /user and the admin API (which may do more). */
export async function applyUserChanges(q: Queryable, userId: string, changes: UserChanges, autoconfirm: boolean): Promise<void> {
  const current = await getUser(q, userId);
  if (changes.passwordHash !== undefined) {
    await q.query('update auth.users set encrypted_password = $2 where id = $1', [userId, changes.passwordHash]);
  }
  if (changes.email !== undefined && normaliseEmail(changes.email) !== current.email) {
    // No mailer yet: the change applies at once; confirmed only where sign-ups are auto-confirmed.
    const email = normaliseEmail(changes.email);
    const confirmed = changes.emailConfirmed ?? autoconfirm;
    await q.query('update auth.users set email = $2, email_confirmed_at = case when $3::boolean then now() end where id = $1', [userId, email, confirmed]);
    // An anonymous user who gets an email has an email identity from now on, and is anonymous no more.
    await q.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, email)
       values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', $3::boolean, 'phone_verified', false), 'email', $2)
       on conflict (provider_id, provider) do update set email = excluded.email, updated_at = now(),
              identity_data = auth.identities.identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean)`,
      [userId, email, confirmed],
    );
    await q.query('update auth.users set is_anonymous = false, email_change = null where id = $1', [userId]);
  } else if (changes.emailConfirmed !== undefined) {
    await q.query('update auth.users set email_confirmed_at = case when $2::boolean then coalesce(email_confirmed_at, now()) end where id = $1', [userId, changes.emailConfirmed]);
  }
  if (changes.userMetadata) {
    const merged = mergeMetadata(current.user_metadata, changes.userMetadata);
    await q.query('update auth.users set raw_user_meta_data = $2 where id = $1', [userId, JSON.stringify(merged)]);
  }
  if (changes.appMetadata) {
    // provider/providers describe how the user signs in; callers may not rewrite them.
    const merged = { ...mergeMetadata(current.app_metadata, changes.appMetadata), provider: current.app_metadata.provider ?? 'email', providers: current.app_metadata.providers ?? ['email'] };
    await q.query('update auth.users set raw_app_meta_data = $2 where id = $1', [userId, JSON.stringify(merged)]);
  }
  if (changes.bannedUntil !== undefined) {
    await q.query('update auth.users set banned_until = $2 where id = $1', [userId, changes.bannedUntil]);
    // A ban ends the user's sessions now rather than when their access tokens expire.
    if (changes.bannedUntil) await q.query('delete from auth.sessions where user_id = $1', [userId]);
  }
  await q.query('update auth.users set updated_at = now() where id = $1', [userId]);
}

/** The nonce from /reauthenticate, checked (and used up) for a password change. */
async function assertReauthenticated(ctx: AuthContext, q: Queryable, user: User, nonce: string | undefined): Promise<void> {
  if (nonce === undefined) {
    if (ctx.config.isReauthenticationRequired) throw new PlinthError('reauthentication_needed');
    return;
  }
  const token = await takeToken(q, tokenHash(user.email, nonce.trim()), ['reauthentication']);
  if (!token || token.user_id !== user.id || token.age > ctx.config.otpExpirySeconds) throw new PlinthError('reauthentication_not_valid');
}

/**
 * PUT /user: the signed-in user changes their own email, password or user_metadata. A new email
 * applies at once where sign-ups are auto-confirmed, else it waits for its confirmation link(s).
 */
export async function updateOwnUser(
  ctx: AuthContext,
  claims: AccessTokenClaims,
  changes: { email?: string; password?: string; data?: Record<string, unknown>; nonce?: string } & FlowRequest,
): Promise<User> {
  const changesCredentials = changes.email !== undefined || changes.password !== undefined;
  // With MFA on, a stolen password alone must not be enough to take the account over.
  if (changesCredentials && claims.aal !== 'aal2' && (await hasVerifiedFactor(ctx.db, claims.sub))) {
    throw new PlinthError('insufficient_aal');
  }
  const email = changes.email === undefined ? undefined : normaliseEmail(changes.email);
  const passwordHash = await preparePassword(ctx.config.passwordPolicy, changes.password);
  if (changes.password !== undefined) {
    const credentials = await ctx.db.query<{ encrypted_password: string | null }>('select encrypted_password from auth.users where id = $1', [claims.sub]);
    const current = credentials.rows[0]?.encrypted_password;
    if (current && (await verifyPassword(changes.password, current))) throw new PlinthError('same_password');
  }
  return mapDuplicateEmail('email_exists', () =>
    ctx.db.transaction(async (tx) => {
      const user = await getUser(tx, claims.sub);
      if (passwordHash !== undefined) await assertReauthenticated(ctx, tx, user, changes.nonce);
      const isPendingEmail = email !== undefined && email !== user.email && !ctx.config.autoconfirm;
      await applyUserChanges(tx, claims.sub, { email: isPendingEmail ? undefined : email, passwordHash, userMetadata: changes.data }, ctx.config.autoconfirm);
      if (isPendingEmail) await requestEmailChange(ctx, tx, user, email, changes);
      return getUser(tx, claims.sub);
    }),
  );
}
