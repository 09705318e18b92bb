/**
 * The codes and links a flow emails: a numeric code (OTP) and a link carrying the hash of address
 * and code. Only the hash is stored, one live token per user and purpose; a token works once and
 * for `otpExpirySeconds`. Lookups are by hash, in SQL, so comparing is never done in JS.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../../engines/types.ts';

export type TokenType = 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current' | 'reauthentication_token';
/** What following the token does (GoTrue's verification types). */
export type VerificationType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'reauthentication';

export interface IssuedToken {
  otp: string;
  hash: string;
}

export interface TokenRow {
  id: string;
  user_id: string;
  token_type: TokenType;
  relates_to: string;
  verification_type: VerificationType;
  redirect_to: string | null;
  flow_state_id: string | null;
  age: number;
}

export function newOtp(length: number): string {
  let otp = '';
  for (let i = 0; i < length; i++) otp += String(randomInt(10));
  return otp;
}

export function tokenHash(email: string, otp: string): string {
  return createHash('sha256').update(`${email.toLowerCase()}${otp}`).digest('hex');
}

export async function issueToken(
  q: Queryable,
  input: { userId: string; type: TokenType; sentTo: string; verification: VerificationType; otpLength: number; redirectTo?: string | null; flowStateId?: string | null },
): Promise<IssuedToken> {
  const otp = newOtp(input.otpLength);
  const hash = tokenHash(input.sentTo, otp);
  await q.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, verification_type, redirect_to, flow_state_id)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, verification_type = excluded.verification_type,
           redirect_to = excluded.redirect_to, flow_state_id = excluded.flow_state_id, created_at = now()`,
    [input.userId, input.type, hash, input.sentTo, input.verification, input.redirectTo ?? null, input.flowStateId ?? null],
  );
  return { otp, hash };
}

/** Seconds since the user was last sent a token of this type; null if none is live. */
export async function secondsSinceSent(q: Queryable, userId: string, type: TokenType): Promise<number | null> {
  const { rows } = await q.query<{ age: number }>(
    'select extract(epoch from now() - created_at)::float8 as age from auth.one_time_tokens where user_id = $1 and token_type = $2',
    [userId, type],
  );
  return rows[0] ? Number(rows[0].age) : null;
}

/** Takes the token with this hash (deleting it: single use), if its type is one of `types`. */
export async function takeToken(q: Queryable, hash: string, types: readonly VerificationType[]): Promise<TokenRow | null> {
  const { rows } = await q.query<TokenRow>(
    `delete from auth.one_time_tokens where token_hash = $1 and verification_type = any($2::text[])
     returning id, user_id, token_type, relates_to, verification_type, redirect_to, flow_state_id,
               extract(epoch from now() - created_at)::float8 as age`,
    [hash, types],
  );
  return rows[0] ? { ...rows[0], age: Number(rows[0].age) } : null;
}
