/**
 * The flows that start with an email: magic link and email OTP (/otp, /magiclink), password
 * recovery (/recover), /resend, /reauthenticate, the confirmation of a sign-up, an email change and
 * an invitation. Each issues a token and mails it; /verify (verify.ts) finishes the flow. Where
 * GoTrue avoids telling whether an address has an account (recovery, resend), so does this.
 */
import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';
import type { AuthContext, RequestMeta } from './context.ts';
import { assertUserMayBeCreated } from './hooks.ts';
import { assertMaySendAgain, sendTokenMail } from './mailer.ts';
import { insertUser, mapDuplicateEmail } from './new-users.ts';
import { createFlowState, type CodeChallenge } from './pkce.ts';
import { redirectTarget } from './redirects.ts';
import type { AccessTokenClaims } from './tokens.ts';
import { findUserIdByEmail, getUser, normaliseEmail, type User } from './users.ts';

/** What the client asked for where the flow ends: a redirect (checked here) and maybe a PKCE challenge. */
export interface FlowRequest {
  redirectTo?: string | null;
  pkce?: CodeChallenge | null;
}

export function assertEmailEnabled(ctx: AuthContext): void {
  if (!ctx.config.isEmailEnabled) throw new PlinthError('email_provider_disabled');
}

async function flowStateFor(q: Queryable, flow: FlowRequest, userId: string, method: string): Promise<string | null> {
  return flow.pkce ? createFlowState(q, flow.pkce, { userId, provider: 'email', method }) : null;
}

/** The confirmation mail of a new (or still unconfirmed) sign-up. */
export async function sendConfirmation(ctx: AuthContext, q: Queryable, user: { id: string; email: string; data?: Record<string, unknown> }, flow: FlowRequest): Promise<void> {
  await assertMaySendAgain(ctx, q, user.id, 'confirmation_token');
  await sendTokenMail(ctx, q, {
    userId: user.id,
    to: user.email,
    template: 'confirmation',
    tokenType: 'confirmation_token',
    verification: 'signup',
    redirectTo: redirectTarget(ctx.config, flow.redirectTo),
    flowStateId: await flowStateFor(q, flow, user.id, 'email/signup'),
    data: user.data,
  });
}

/** POST /otp and /magiclink with an email: a sign-in link and code; a new address becomes an (unconfirmed) user first. */
export async function sendSignInLink(
  ctx: AuthContext,
  input: { email: string; data?: Record<string, unknown>; createUser: boolean } & FlowRequest,
  meta: RequestMeta,
): Promise<void> {
  assertEmailEnabled(ctx);
  const email = normaliseEmail(input.email);
  await ctx.hourly.hit(`otp:${meta.ip ?? ''}`, ctx.config.rateLimits.otp);
  let userId = await findUserIdByEmail(ctx.db, email);
  if (!userId) {
    if (!input.createUser || ctx.config.disableSignup) throw new PlinthError('otp_disabled');
    await assertUserMayBeCreated(ctx, ctx.db, { email, is_anonymous: false, user_metadata: input.data, provider: 'email' });
    userId = await mapDuplicateEmail('user_already_exists', () =>
      ctx.db.transaction((tx) => insertUser(tx, { email, emailConfirmed: false, userMetadata: input.data })),
    );
  }
  const user = await getUser(ctx.db, userId);
  if (!user.email_confirmed_at) return sendConfirmation(ctx, ctx.db, { id: user.id, email, data: user.user_metadata }, input);
  await assertMaySendAgain(ctx, ctx.db, user.id, 'confirmation_token');
  await sendTokenMail(ctx, ctx.db, {
    userId: user.id,
    to: email,
    template: 'magic_link',
    // A magic link is a confirmation-type token in GoTrue too: one live link per user.
    tokenType: 'confirmation_token',
    verification: 'magiclink',
    redirectTo: redirectTarget(ctx.config, input.redirectTo),
    flowStateId: await flowStateFor(ctx.db, input, user.id, 'magiclink'),
    data: user.user_metadata,
  });
}

/** POST /recover: answers alike whether or not the address has an account. */
export async function sendRecovery(ctx: AuthContext, input: { email: string } & FlowRequest, meta: RequestMeta): Promise<User | null> {
  assertEmailEnabled(ctx);
  const email = normaliseEmail(input.email);
  await ctx.hourly.hit(`otp:${meta.ip ?? ''}`, ctx.config.rateLimits.otp);
  const userId = await findUserIdByEmail(ctx.db, email);
  if (!userId) return null;
  await assertMaySendAgain(ctx, ctx.db, userId, 'recovery_token');
  const user = await getUser(ctx.db, userId);
  await sendTokenMail(ctx, ctx.db, {
    userId,
    to: email,
    template: 'recovery',
    tokenType: 'recovery_token',
    verification: 'recovery',
    redirectTo: redirectTarget(ctx.config, input.redirectTo),
    flowStateId: await flowStateFor(ctx.db, input, userId, 'recovery'),
    data: user.user_metadata,
  });
  return user;
}

/** POST /resend: the sign-up confirmation or the email-change mails again; silent for unknown addresses. */
export async function resend(ctx: AuthContext, input: { type: string; email?: string; phone?: string } & FlowRequest, meta: RequestMeta): Promise<void> {
  if (input.type === 'sms' || input.type === 'phone_change') throw new PlinthError('phone_provider_disabled');
  if (input.type !== 'signup' && input.type !== 'email_change') throw new PlinthError('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  if (!input.email) throw new PlinthError('validation_failed', 'Missing email address');
  assertEmailEnabled(ctx);
  await ctx.hourly.hit(`otp:${meta.ip ?? ''}`, ctx.config.rateLimits.otp);
  const email = normaliseEmail(input.email);
  if (input.type === 'signup') {
    const userId = await findUserIdByEmail(ctx.db, email);
    if (!userId) return;
    const user = await getUser(ctx.db, userId);
    if (user.email_confirmed_at) return;
    return sendConfirmation(ctx, ctx.db, { id: user.id, email, data: user.user_metadata }, input);
  }
  const { rows } = await ctx.db.query<{ id: string; email: string | null; email_change: string }>(
    `select id, email, email_change from auth.users where (lower(email) = $1 or lower(email_change) = $1) and email_change is not null and not is_sso_user and deleted_at is null`,
    [email],
  );
  if (rows[0]) await sendEmailChange(ctx, ctx.db, rows[0].id, rows[0].email, rows[0].email_change, input);
}

/** The link(s) of an email change: to the new address, and to the current one when both must confirm. */
export async function sendEmailChange(ctx: AuthContext, q: Queryable, userId: string, current: string | null, next: string, flow: FlowRequest): Promise<void> {
  await assertMaySendAgain(ctx, q, userId, 'email_change_token_new');
  const redirectTo = redirectTarget(ctx.config, flow.redirectTo);
  const flowStateId = await flowStateFor(q, flow, userId, 'email_change');
  const common = { userId, template: 'email_change' as const, verification: 'email_change' as const, redirectTo, flowStateId, email: current ?? next, newEmail: next };
  await sendTokenMail(ctx, q, { ...common, to: next, tokenType: 'email_change_token_new' });
  if (current && ctx.config.isSecureEmailChange) await sendTokenMail(ctx, q, { ...common, to: current, tokenType: 'email_change_token_current' });
}

/** PUT /user with a new email, where it must be confirmed: recorded as pending and mailed. */
export async function requestEmailChange(ctx: AuthContext, q: Queryable, user: User, next: string, flow: FlowRequest): Promise<void> {
  const taken = await findUserIdByEmail(q, next);
  if (taken && taken !== user.id) throw new PlinthError('email_exists');
  await q.query('update auth.users set email_change = $2, email_change_confirm_status = 0, updated_at = now() where id = $1', [user.id, next]);
  await sendEmailChange(ctx, q, user.id, user.email || null, next, flow);
}

/** POST /reauthenticate: a code to the signed-in user's address, the nonce PUT /user asks for. */
export async function sendReauthentication(ctx: AuthContext, claims: AccessTokenClaims): Promise<void> {
  const user = await getUser(ctx.db, claims.sub);
  if (!user.email) throw new PlinthError('validation_failed', 'Reauthentication requires an email address');
  await assertMaySendAgain(ctx, ctx.db, user.id, 'reauthentication_token');
  await sendTokenMail(ctx, ctx.db, {
    userId: user.id,
    to: user.email,
    template: 'reauthentication',
    tokenType: 'reauthentication_token',
    verification: 'reauthentication',
    redirectTo: ctx.config.siteUrl,
    data: user.user_metadata,
  });
}

/** POST /invite (admin): a new user, invited by mail; an address that already has a confirmed account is refused. */
export async function inviteUser(ctx: AuthContext, input: { email: string; data?: Record<string, unknown>; redirectTo?: string | null }): Promise<User> {
  const email = normaliseEmail(input.email);
  let userId = await findUserIdByEmail(ctx.db, email);
  if (userId && (await getUser(ctx.db, userId)).email_confirmed_at) throw new PlinthError('email_exists');
  if (!userId) {
    userId = await mapDuplicateEmail('email_exists', () =>
      ctx.db.transaction((tx) => insertUser(tx, { email, emailConfirmed: false, userMetadata: input.data })),
    );
  }
  await ctx.db.query('update auth.users set invited_at = now() where id = $1', [userId]);
  await sendTokenMail(ctx, ctx.db, {
    userId,
    to: email,
    template: 'invite',
    tokenType: 'confirmation_token',
    verification: 'invite',
    redirectTo: redirectTarget(ctx.config, input.redirectTo),
    data: input.data,
  });
  return getUser(ctx.db, userId);
}
