import { PlinthError } from '@plinth/errors';
import type { AuthContext } from './context.ts';
import { applyUserChanges, preparePassword } from './accounts.ts';
import { insertUser, mapDuplicateEmail } from './new-users.ts';
import { getUser, isUuid, listUsers, normaliseEmail, type User, type UserSearch } from './users.ts';

/** The admin API's attributes, as auth-js's `admin.createUser` / `updateUserById` send them. */
export interface AdminUserAttributes {
  email?: string;
  password?: string;
  email_confirm?: boolean;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
  role?: string;
  /** Go-style duration ('24h', '30m', '90s') or 'none' to lift a ban. */
  ban_duration?: string;
}

/** Only a service_role key may use the admin API; a user's token, however valid, may not. */
export async function assertServiceRole(ctx: AuthContext, token: string): Promise<void> {
  const claims = await ctx.signer.verify(token);
  if (claims.role !== 'service_role') throw new PlinthError('not_admin');
}

function banUntil(duration: string | undefined): Date | null | undefined {
  if (duration === undefined) return undefined;
  if (duration === 'none') return null;
  const match = /^(\d+(?:\.\d+)?)(h|m|s)$/.exec(duration);
  if (!match) throw new PlinthError('validation_failed', 'ban_duration must be a duration such as 24h, 30m or "none".');
  const seconds = Number(match[1]) * { h: 3600, m: 60, s: 1 }[match[2] as 'h' | 'm' | 's'];
  return new Date(Date.now() + seconds * 1000);
}

export async function adminListUsers(ctx: AuthContext, search: UserSearch) {
  return listUsers(ctx.db, search);
}

export async function adminCreateUser(ctx: AuthContext, attrs: AdminUserAttributes): Promise<User> {
  if (attrs.email === undefined) throw new PlinthError('validation_failed', 'An email address is required.');
  normaliseEmail(attrs.email);
  const passwordHash = await preparePassword(ctx.config.passwordPolicy, attrs.password);
  return mapDuplicateEmail('email_exists', () =>
    ctx.db.transaction(async (tx) => {
      const id = await insertUser(tx, {
        email: attrs.email as string,
        passwordHash,
        emailConfirmed: attrs.email_confirm === true,
        userMetadata: attrs.user_metadata,
        appMetadata: attrs.app_metadata,
        role: attrs.role,
        bannedUntil: banUntil(attrs.ban_duration),
      });
      return getUser(tx, id);
    }),
  );
}

export async function adminGetUser(ctx: AuthContext, id: string): Promise<User> {
  return getUser(ctx.db, id);
}

export async function adminUpdateUser(ctx: AuthContext, id: string, attrs: AdminUserAttributes): Promise<User> {
  await getUser(ctx.db, id);
  if (attrs.email !== undefined) normaliseEmail(attrs.email);
  const passwordHash = await preparePassword(ctx.config.passwordPolicy, attrs.password);
  return mapDuplicateEmail('email_exists', () =>
    ctx.db.transaction(async (tx) => {
      await applyUserChanges(
        tx,
        id,
        {
          email: attrs.email,
          passwordHash,
          emailConfirmed: attrs.email_confirm,
          userMetadata: attrs.user_metadata,
          appMetadata: attrs.app_metadata,
          bannedUntil: banUntil(attrs.ban_duration),
        },
        ctx.config.autoconfirm,
      );
      if (attrs.role !== undefined) await tx.query('update auth.users set role = $2 where id = $1', [id, attrs.role]);
      return getUser(tx, id);
    }),
  );
}

/** Hard delete: sessions, identities and factors go with the user (on delete cascade). */
export async function adminDeleteUser(ctx: AuthContext, id: string): Promise<User> {
  if (!isUuid(id)) throw new PlinthError('user_not_found');
  const user = await getUser(ctx.db, id);
  await ctx.db.query('delete from auth.users where id = $1', [id]);
  return user;
}
