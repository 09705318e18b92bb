/**
 * /verify: where every emailed token ends. POST with a typed code (email + token) or a token hash
 * answers a session; GET (the link in the mail) redirects to the allow-listed URL with the session
 * in the fragment, or with `?code=` when the flow began with a PKCE challenge. A token works once
 * and for `otpExpirySeconds`; typed codes are rate-limited per address and IP against guessing.
 */
import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';
import type { AuthContext, RequestMeta, Session } from './context.ts';
import { takeToken, tokenHash, type TokenRow, type VerificationType } from './one-time-tokens.ts';
import { issueAuthCode } from './pkce.ts';
import { startSession } from './sessions.ts';
import { getUser, isBanned, normaliseEmail } from './users.ts';

/** Which stored tokens each /verify type accepts ('email' is the typed code of any email sign-in). */
const ACCEPTS: Record<string, readonly VerificationType[]> = {
  signup: ['signup'],
  invite: ['invite'],
  magiclink: ['magiclink'],
  recovery: ['recovery'],
  email_change: ['email_change'],
  email: ['signup', 'magiclink', 'invite'],
};

/** The amr method a verified token signs in with. */
const AMR: Record<VerificationType, string> = {
  signup: 'otp',
  magiclink: 'otp',
  invite: 'invite',
  recovery: 'recovery',
  email_change: 'email_change',
  reauthentication: 'otp',
};

export interface VerifyInput {
  type: string;
  tokenHash?: string;
  email?: string;
  token?: string;
}

export type VerifyOutcome =
  | { kind: 'session'; session: Session; type: VerificationType; redirectTo: string | null }
  | { kind: 'code'; authCode: string; redirectTo: string | null }
  /** One of the two links of a secure email change was followed; the other is still awaited. */
  | { kind: 'pending'; redirectTo: string | null };

async function hashOf(ctx: AuthContext, input: VerifyInput, meta: RequestMeta): Promise<string> {
  if (input.tokenHash) return input.tokenHash;
  if (!input.email || !input.token) throw new PlinthError('validation_failed', 'Only an email address or phone number should be provided on verify');
  const email = normaliseEmail(input.email);
  await ctx.limiter.hit(`verify:${meta.ip ?? ''}:${email}`);
  return tokenHash(email, input.token.trim());
}

async function confirmEmail(q: Queryable, userId: string): Promise<void> {
  await q.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1', [userId]);
  await q.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/** Applies a confirmed email change (and makes an anonymous user a permanent one). */
async function applyEmailChange(q: Queryable, userId: string): Promise<void> {
  const { rows } = await q.query<{ email: string }>(
    `update auth.users set email = email_change, email_change = null, email_change_confirm_status = 0,
            email_confirmed_at = now(), is_anonymous = false, updated_at = now(),
            raw_app_meta_data = raw_app_meta_data || jsonb_build_object('provider', coalesce(raw_app_meta_data->>'provider', 'email'),
              'providers', (select coalesce(jsonb_agg(distinct p), '[]'::jsonb) from jsonb_array_elements_text(coalesce(raw_app_meta_data->'providers', '[]'::jsonb) || '["email"]'::jsonb) p))
      where id = $1 and email_change is not null returning email`,
    [userId],
  );
  if (!rows[0]) throw new PlinthError('otp_expired');
  const email = rows[0].email;
  const identity = { sub: userId, email, email_verified: true, phone_verified: false };
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, email) values ($1::text, $1::uuid, $2, 'email', $3)
     on conflict (provider_id, provider) do update set identity_data = auth.identities.identity_data || excluded.identity_data, email = excluded.email, updated_at = now()`,
    [userId, JSON.stringify(identity), email],
  );
}

/** Handles one link of an email change; true once the change is applied. */
async function followEmailChange(ctx: AuthContext, q: Queryable, token: TokenRow): Promise<boolean> {
  const other = token.token_type === 'email_change_token_new' ? 'email_change_token_current' : 'email_change_token_new';
  const { rows } = await q.query<{ waiting: boolean }>(
    'select exists(select 1 from auth.one_time_tokens where user_id = $1 and token_type = $2) as waiting',
    [token.user_id, other],
  );
  if (ctx.config.isSecureEmailChange && rows[0].waiting) {
    await q.query('update auth.users set email_change_confirm_status = 1 where id = $1', [token.user_id]);
    return false;
  }
  await q.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [token.user_id, other]);
  await applyEmailChange(q, token.user_id);
  return true;
}

/** `isLink`: the GET from a mail (a PKCE flow then ends with an auth code rather than tokens). */
export async function verifyToken(ctx: AuthContext, input: VerifyInput, meta: RequestMeta, isLink: boolean): Promise<VerifyOutcome> {
  if (input.type === 'sms' || input.type === 'phone_change') throw new PlinthError('phone_provider_disabled');
  const types = ACCEPTS[input.type];
  if (!types) throw new PlinthError('validation_failed', `Verify requires a verification type`);
  await ctx.hourly.hit(`verify:${meta.ip ?? ''}`, ctx.config.rateLimits.verify);
  const hash = await hashOf(ctx, input, meta);
  return ctx.db.transaction(async (tx): Promise<VerifyOutcome> => {
    const token = await takeToken(tx, hash, types);
    if (!token || token.age > ctx.config.otpExpirySeconds) throw new PlinthError('otp_expired');
    const user = await getUser(tx, token.user_id);
    if (isBanned(user.banned_until)) throw new PlinthError('user_banned');
    if (token.verification_type === 'email_change') {
      if (!(await followEmailChange(ctx, tx, token))) return { kind: 'pending', redirectTo: token.redirect_to };
    } else {
      await confirmEmail(tx, token.user_id);
    }
    // Before last_sign_in_at moves: whether the user was already counted this month.
    await ctx.admitSignIn?.(tx, token.user_id);
    await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [token.user_id]);
    if (isLink && token.flow_state_id) {
      return { kind: 'code', authCode: await issueAuthCode(tx, token.flow_state_id, token.user_id), redirectTo: token.redirect_to };
    }
    const session = await startSession(ctx, tx, token.user_id, AMR[token.verification_type], meta);
    return { kind: 'session', session, type: token.verification_type, redirectTo: token.redirect_to };
  });
}
