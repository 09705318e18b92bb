/**
 * The admin API beyond user records: links generated without sending mail (`/admin/generate_link`,
 * for apps that send their own), and a user's MFA factors (list, delete).
 */
import { PlinthError } from '@plinth/errors';
import type { AuthContext } from './context.ts';
import { issueLink, type TokenMail } from './mailer.ts';
import { insertUser, mapDuplicateEmail } from './new-users.ts';
import { preparePassword } from './accounts.ts';
import { redirectTarget } from './redirects.ts';
import { findUserIdByEmail, getUser, isUuid, normaliseEmail, type Factor, type User } from './users.ts';

export const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export interface GenerateLinkInput {
  type: LinkType;
  email: string;
  password?: string;
  data?: Record<string, unknown>;
  newEmail?: string;
  redirectTo?: string | null;
}

/** GoTrue's answer: the user's fields with the link's properties beside them. */
export type GeneratedLink = User & {
  action_link: string;
  email_otp: string;
  hashed_token: string;
  redirect_to: string;
  verification_type: string;
};

async function userForLink(ctx: AuthContext, input: GenerateLinkInput, email: string): Promise<string> {
  const existing = await findUserIdByEmail(ctx.db, email);
  if (input.type === 'signup' || input.type === 'invite') {
    if (existing) {
      if ((await getUser(ctx.db, existing)).email_confirmed_at) throw new PlinthError('email_exists');
      return existing;
    }
    const passwordHash = input.type === 'signup' ? await preparePassword(ctx.config.passwordPolicy, input.password ?? '') : undefined;
    return mapDuplicateEmail('email_exists', () =>
      ctx.db.transaction((tx) => insertUser(tx, { email, passwordHash, emailConfirmed: false, userMetadata: input.data })),
    );
  }
  if (!existing) throw new PlinthError('user_not_found');
  return existing;
}

export async function generateLink(ctx: AuthContext, input: GenerateLinkInput): Promise<GeneratedLink> {
  const email = normaliseEmail(input.email);
  const userId = await userForLink(ctx, input, email);
  const redirectTo = redirectTarget(ctx.config, input.redirectTo);
  let mail: TokenMail;
  if (input.type === 'email_change_current' || input.type === 'email_change_new') {
    if (!input.newEmail) throw new PlinthError('validation_failed', 'The new email address is required');
    const newEmail = normaliseEmail(input.newEmail);
    const taken = await findUserIdByEmail(ctx.db, newEmail);
    if (taken && taken !== userId) throw new PlinthError('email_exists');
    await ctx.db.query('update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1', [userId, newEmail]);
    const isNew = input.type === 'email_change_new';
    mail = { userId, to: isNew ? newEmail : email, template: 'email_change', tokenType: isNew ? 'email_change_token_new' : 'email_change_token_current', verification: 'email_change', redirectTo };
  } else {
    const tokenType = input.type === 'recovery' ? 'recovery_token' : 'confirmation_token';
    if (input.type === 'invite') await ctx.db.query('update auth.users set invited_at = now() where id = $1', [userId]);
    mail = { userId, to: email, template: input.type === 'magiclink' ? 'magic_link' : input.type === 'signup' ? 'confirmation' : input.type, tokenType, verification: input.type, redirectTo };
  }
  const link = await issueLink(ctx, ctx.db, mail);
  return {
    ...(await getUser(ctx.db, userId)),
    action_link: link.link,
    email_otp: link.otp,
    hashed_token: link.hash,
    redirect_to: redirectTo,
    verification_type: mail.verification,
  };
}

export async function listFactors(ctx: AuthContext, userId: string): Promise<Factor[]> {
  return (await getUser(ctx.db, userId)).factors;
}

export async function deleteFactor(ctx: AuthContext, userId: string, factorId: string): Promise<Factor> {
  if (!isUuid(factorId)) throw new PlinthError('mfa_factor_not_found');
  const factor = (await getUser(ctx.db, userId)).factors.find((f) => f.id === factorId);
  if (!factor) throw new PlinthError('mfa_factor_not_found');
  await ctx.db.query('delete from auth.mfa_factors where id = $1 and user_id = $2', [factorId, userId]);
  // Sessions raised to aal2 with it keep their level until refresh; the factor's challenges go with it.
  return factor;
}
