import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';
import { normaliseEmail } from './users.ts';

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

