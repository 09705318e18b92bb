import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';
import type { AuthContext, RequestMeta, Session } from './context.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { assertPasswordMeetsPolicy, type PasswordPolicy } from './password-policy.ts';
import { startSession } from './sessions.ts';
import type { AccessTokenClaims } from './tokens.ts';
import {
  findCredentials, getUser, hasVerifiedFactor, isBanned, mergeMetadata, normaliseEmail, type User,
} from './users.ts';

export interface NewUser {
  email: string;
  /** From preparePassword(): hashed before any transaction so a slow hash holds no connection. */
  passwordHash?: string;
  emailConfirmed: boolean;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  bannedUntil?: Date | null;
}

/** Checks the policy, then hashes; undefined stays undefined (no password change). */
export async function preparePassword(policy: PasswordPolicy, password: string | undefined): Promise<string | undefined> {
  if (password === undefined) return undefined;
  assertPasswordMeetsPolicy(password, policy);
  return hashPassword(password);
}

/** Maps the unique-email violation to a catalogue code, whichever writer hit it. */
export async function mapDuplicateEmail<T>(code: 'user_already_exists' | 'email_exists', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw new PlinthError(code);
    throw error;
  }
}

/** Inserts a user and its email identity (GoTrue keeps one identity per provider). */
export async function insertUser(q: Queryable, input: NewUser): Promise<string> {
  const email = normaliseEmail(input.email);
  const appMetadata = { ...input.appMetadata, provider: 'email', providers: ['email'] };
  const { rows } = await q.query<{ id: string }>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, role, banned_until)
     values ($1, $2, case when $3::boolean then now() end, $4, $5, $6, $7) returning id`,
    [email, input.passwordHash ?? null, input.emailConfirmed, JSON.stringify(appMetadata), JSON.stringify(input.userMetadata ?? {}), input.role ?? 'authenticated', input.bannedUntil ?? null],
  );
  const id = rows[0].id;
  const identityData = { sub: id, email, email_verified: input.emailConfirmed, phone_verified: false };
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, email) values ($1, $2, $3, 'email', $4)`,
    [id, id, JSON.stringify(identityData), email],
  );
  return id;
}

export async function signUp(
  ctx: AuthContext,
  input: { email: string; password: string; data?: Record<string, unknown> },
  meta: RequestMeta,
): Promise<{ session: Session | null; user: User }> {
  if (ctx.config.disableSignup) throw new PlinthError('signup_disabled');
  normaliseEmail(input.email); // reject a malformed address before paying for the hash
  const passwordHash = await preparePassword(ctx.config.passwordPolicy, input.password);
  return mapDuplicateEmail('user_already_exists', () =>
    ctx.db.transaction(async (tx) => {
      const id = await insertUser(tx, { email: input.email, passwordHash, emailConfirmed: ctx.config.autoconfirm, userMetadata: input.data });
      if (!ctx.config.autoconfirm) return { session: null, user: await getUser(tx, id) };
      await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [id]);
      const session = await startSession(ctx, tx, id, 'password', meta);
      return { session, user: session.user };
    }),
  );
}

export async function signInWithPassword(ctx: AuthContext, input: { email: string; password: string }, meta: RequestMeta): Promise<Session> {
  const email = input.email.trim().toLowerCase();
  ctx.limiter.hit(`password:${meta.ip ?? ''}:${email}`);
  const credentials = await findCredentials(ctx.db, email);
  // verifyPassword runs the hash even without a user, so timing does not reveal which emails exist.
  const isValid = await verifyPassword(input.password, credentials?.encrypted_password);
  if (!credentials || !isValid) throw new PlinthError('invalid_credentials');
  if (!credentials.email_confirmed_at) throw new PlinthError('email_not_confirmed');
  if (isBanned(credentials.banned_until)) throw new PlinthError('user_banned');
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
    await q.query(
      `update auth.identities set email = $2, updated_at = now(),
              identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean)
        where user_id = $1 and provider = 'email'`,
      [userId, email, confirmed],
    );
  } else if (changes.emailConfirmed !== undefined) {
    await q.query('update auth.users set email_confirmed_at = case when $2::boolean then coalesce(email_confirmed_at, now()) end where id = $1', [userId, changes.emailConfirmed]);
  }
  if (changes.userMetadata) {
    const merged = mergeMetadata(current.user_metadata, changes.userMetadata);
    await q.query('update auth.users set raw_user_meta_data = $2 where id = $1', [userId, JSON.stringify(merged)]);
  }
  if (changes.appMetadata) {
    // provider/providers describe how the user signs in; callers may not rewrite them.
    const merged = { ...mergeMetadata(current.app_metadata, changes.appMetadata), provider: 'email', providers: ['email'] };
    await q.query('update auth.users set raw_app_meta_data = $2 where id = $1', [userId, JSON.stringify(merged)]);
  }
  if (changes.bannedUntil !== undefined) {
    await q.query('update auth.users set banned_until = $2 where id = $1', [userId, changes.bannedUntil]);
    // A ban ends the user's sessions now rather than when their access tokens expire.
    if (changes.bannedUntil) await q.query('delete from auth.sessions where user_id = $1', [userId]);
  }
  await q.query('update auth.users set updated_at = now() where id = $1', [userId]);
}

/** PUT /user: the signed-in user changes their own email, password or user_metadata. */
export async function updateOwnUser(
  ctx: AuthContext,
  claims: AccessTokenClaims,
  changes: { email?: string; password?: string; data?: Record<string, unknown> },
): Promise<User> {
  const changesCredentials = changes.email !== undefined || changes.password !== undefined;
  // With MFA on, a stolen password alone must not be enough to take the account over.
  if (changesCredentials && claims.aal !== 'aal2' && (await hasVerifiedFactor(ctx.db, claims.sub))) {
    throw new PlinthError('insufficient_aal');
  }
  if (changes.email !== undefined) normaliseEmail(changes.email);
  const passwordHash = await preparePassword(ctx.config.passwordPolicy, changes.password);
  return mapDuplicateEmail('email_exists', () =>
    ctx.db.transaction(async (tx) => {
      await applyUserChanges(tx, claims.sub, { email: changes.email, passwordHash, userMetadata: changes.data }, ctx.config.autoconfirm);
      return getUser(tx, claims.sub);
    }),
  );
}
