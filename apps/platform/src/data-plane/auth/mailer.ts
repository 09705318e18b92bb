/**
 * Sends one flow's email: issues the token, fills the project's template and hands the message to
 * the outbox (SMTP or the mail catcher). The link points at this auth API's /verify, which sends the
 * browser on to the (allow-listed) redirect.
 */
import type { MailTemplate } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';
import type { AuthContext } from './context.ts';
import { renderTemplate } from './mail-templates.ts';
import { issueToken, secondsSinceSent, type IssuedToken, type TokenType, type VerificationType } from './one-time-tokens.ts';

export interface TokenMail {
  userId: string;
  /** The address the mail goes to (the new one for an email change). */
  to: string;
  template: MailTemplate;
  tokenType: TokenType;
  verification: VerificationType;
  /** Already checked against the allow-list. */
  redirectTo: string;
  flowStateId?: string | null;
  /** The user's current address and new one, for the template's .Email and .NewEmail. */
  email?: string;
  newEmail?: string;
  data?: Record<string, unknown>;
}

export interface SentToken extends IssuedToken {
  link: string;
}

/** Refuses a second email of the same kind to the same user within the configured interval. */
export async function assertMaySendAgain(ctx: AuthContext, q: Queryable, userId: string, type: TokenType): Promise<void> {
  const since = await secondsSinceSent(q, userId, type);
  const wait = ctx.config.emailFrequencySeconds;
  if (since !== null && since < wait) {
    throw new PlinthError('over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(wait - since)} seconds.`);
  }
}

/** The link of a token: GET {authUrl}/verify?token=...&type=...&redirect_to=... */
export function verifyLink(ctx: AuthContext, hash: string, verification: VerificationType, redirectTo: string): string {
  const query = new URLSearchParams({ token: hash, type: verification, redirect_to: redirectTo });
  return `${ctx.config.authUrl}/verify?${query}`;
}

/** Issues a token without sending it (the admin API's generate_link). */
export async function issueLink(ctx: AuthContext, q: Queryable, mail: TokenMail): Promise<SentToken> {
  const token = await issueToken(q, {
    userId: mail.userId,
    type: mail.tokenType,
    sentTo: mail.to,
    verification: mail.verification,
    otpLength: ctx.config.otpLength,
    redirectTo: mail.redirectTo,
    flowStateId: mail.flowStateId,
  });
  return { ...token, link: verifyLink(ctx, token.hash, mail.verification, mail.redirectTo) };
}

export async function sendTokenMail(ctx: AuthContext, q: Queryable, mail: TokenMail): Promise<SentToken> {
  if (!ctx.outbox) throw new PlinthError('email_send_failed', 'Error sending email: no mail server is configured');
  const token = await issueLink(ctx, q, mail);
  const template = ctx.config.templates[mail.template];
  const values = {
    ConfirmationURL: token.link,
    Token: token.otp,
    TokenHash: token.hash,
    SiteURL: ctx.config.siteUrl,
    RedirectTo: mail.redirectTo,
    Email: mail.email ?? mail.to,
    NewEmail: mail.newEmail ?? '',
    Data: mail.data ?? {},
  };
  await ctx.outbox.send({ to: mail.to, subject: renderTemplate(template.subject, values), html: renderTemplate(template.content, values) });
  const sentColumn = { confirmation_token: 'confirmation_sent_at', recovery_token: 'recovery_sent_at', email_change_token_new: 'email_change_sent_at', email_change_token_current: 'email_change_sent_at', reauthentication_token: 'reauthentication_sent_at' }[mail.tokenType];
  await q.query(`update auth.users set ${sentColumn} = now() where id = $1`, [mail.userId]);
  return token;
}
