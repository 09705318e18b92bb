/**
 * Where a project's (or the platform's) email goes: to its SMTP server through nodemailer when one
 * is set, else into the built-in mail catcher (rows in the platform database, shown in the studio's
 * Mail Inbox), so every email flow works on a fresh install. Either way each message leaves a row,
 * which is what the hourly email rate limit counts: in Postgres, so it holds across platform nodes.
 */
import { createTransport, type Transporter } from 'nodemailer';
import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
}

export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  pass: string;
  senderEmail: string;
  senderName: string;
}

export interface Outbox {
  /** Sends (or catches) one message; throws over_email_send_rate_limit past the hourly limit. */
  send(message: MailMessage): Promise<void>;
}

export interface OutboxOptions {
  /** The platform database, where the catcher and the send counts live. */
  db: Queryable;
  /** null: the platform's own mail (organisation invitations). */
  projectRef: string | null;
  smtp: SmtpSettings | null;
  /** Messages per hour; null: no limit. */
  perHour: number | null;
}

// One pooled transport per distinct server settings, shared by every request that sends through it.
const transports = new Map<string, Transporter>();

function transportFor(smtp: SmtpSettings): Transporter {
  const key = JSON.stringify([smtp.host, smtp.port, smtp.user, smtp.pass]);
  let transport = transports.get(key);
  if (!transport) {
    if (transports.size >= 100) {
      const [oldestKey, oldest] = transports.entries().next().value as [string, Transporter];
      oldest.close();
      transports.delete(oldestKey);
    }
    transport = createTransport({
      host: smtp.host,
      port: smtp.port,
      // Port 465 speaks TLS from the start; others upgrade with STARTTLS when the server offers it.
      secure: smtp.port === 465,
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
      pool: true,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
    });
    transports.set(key, transport);
  }
  return transport;
}

/** A readable plain-text part from the HTML body: tags dropped, links kept as their URLs. */
export function textOf(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, '$2 ($1)')
    .replace(/<(br|\/p|\/h\d|\/div|\/li)\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

async function assertUnderHourlyLimit(options: OutboxOptions): Promise<void> {
  if (options.perHour === null) return;
  const { rows } = await options.db.query<{ n: number }>(
    `select count(*)::int as n from mail_messages
      where project_ref is not distinct from $1 and created_at > now() - interval '1 hour'`,
    [options.projectRef],
  );
  if (rows[0].n >= options.perHour) throw new PlinthError('over_email_send_rate_limit');
}

export function createOutbox(options: OutboxOptions): Outbox {
  return {
    async send(message) {
      await assertUnderHourlyLimit(options);
      const text = textOf(message.html);
      const isCaught = options.smtp === null;
      if (options.smtp) {
        const smtp = options.smtp;
        try {
          await transportFor(smtp).sendMail({
            from: smtp.senderName ? { name: smtp.senderName, address: smtp.senderEmail } : smtp.senderEmail,
            to: message.to,
            subject: message.subject,
            html: message.html,
            text,
          });
        } catch {
          // The server's reply may quote the message or credentials: the error says what failed, not how.
          throw new PlinthError('email_send_failed', `Error sending email: the SMTP server ${smtp.host}:${smtp.port} did not accept the message`);
        }
      }
      // The inbox keeps a week: older rows neither show nor count toward the hourly limit.
      await options.db.query(
        `delete from mail_messages where project_ref is not distinct from $1 and created_at < now() - interval '7 days'`,
        [options.projectRef],
      );
      await options.db.query(
        `insert into mail_messages (project_ref, recipient, subject, text_body, html_body, is_caught) values ($1, $2, $3, $4, $5, $6)`,
        [options.projectRef, message.to, message.subject, isCaught ? text : null, isCaught ? message.html : null, isCaught],
      );
    },
  };
}

/** A project's SMTP server from its auth configuration; null while none is set (the catcher). */
export function smtpOf(auth: { settings: { smtp_host: string; smtp_port: string; smtp_user: string; smtp_admin_email: string; smtp_sender_name: string }; secrets: { smtp_pass?: string } }): SmtpSettings | null {
  const s = auth.settings;
  if (s.smtp_host === '') return null;
  return { host: s.smtp_host, port: Number(s.smtp_port) || 587, user: s.smtp_user, pass: auth.secrets.smtp_pass ?? '', senderEmail: s.smtp_admin_email, senderName: s.smtp_sender_name };
}

/** The platform's own mail server, from PLINTH_SMTP_URL: `smtp://user:pass@host:port?from=sender@example.com`. */
export function smtpFromUrl(value: string): SmtpSettings {
  const url = new URL(value);
  const port = Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587);
  return {
    host: url.hostname,
    port,
    user: decodeURIComponent(url.username),
    pass: decodeURIComponent(url.password),
    senderEmail: url.searchParams.get('from') ?? `noreply@${url.hostname}`,
    senderName: url.searchParams.get('name') ?? 'Plinth',
  };
}
