/**
 * The six email templates: names, what each is for, the variables they may use, the form's spec
 * and the preview's sample values (pure, so they are unit-tested).
 */
import type { MailTemplate } from '@plinth/api-contract';
import type { ConfigFormSpec } from './use-config-form.ts';

export const TEMPLATE_INFO = {
  confirmation: { label: 'Confirm signup', description: 'Ask users to confirm their email address after signing up' },
  invite: { label: 'Invite user', description: 'Invite users who don\'t yet have an account to sign up' },
  magic_link: { label: 'Magic Link', description: 'Allow users to sign in via a one-time link sent to their email' },
  email_change: { label: 'Change Email Address', description: 'Ask users to verify their new email address after changing it' },
  recovery: { label: 'Reset Password', description: 'Allow users to reset their password if they forget it' },
  reauthentication: { label: 'Reauthentication', description: 'Ask users to re-authenticate before performing a sensitive action' },
} satisfies Record<MailTemplate, { label: string; description: string }>;

export const TEMPLATE_IDS = Object.keys(TEMPLATE_INFO) as MailTemplate[];

export const TEMPLATE_VARIABLES = [
  { name: '{{ .ConfirmationURL }}', description: 'The link that confirms the action (sign-up, sign-in, invitation, change or reset).' },
  { name: '{{ .Token }}', description: 'A 6-digit one-time code, an alternative to the link.' },
  { name: '{{ .TokenHash }}', description: 'A hashed version of the token, to build your own link (with type and redirect).' },
  { name: '{{ .SiteURL }}', description: "Your project's Site URL, set in URL Configuration." },
  { name: '{{ .RedirectTo }}', description: 'The redirect URL passed when the email was requested (signUp, signInWithOtp, ...).' },
  { name: '{{ .Email }}', description: "The user's email address." },
  { name: '{{ .NewEmail }}', description: 'The new email address (Change Email Address only).' },
  { name: '{{ .Data }}', description: "The user's metadata (user_metadata), e.g. {{ .Data.name }}." },
] as const;

export interface TemplateDraft {
  subject: string;
  content: string;
}
export type TemplatesDraft = Record<MailTemplate, TemplateDraft>;

const SUBJECT_MAX = 1000;
const CONTENT_MAX = 100_000;

export function templateProblem(draft: TemplateDraft): string | null {
  if (draft.subject.trim() === '') return 'Please provide a subject';
  if (draft.subject.length > SUBJECT_MAX) return `The subject can be at most ${SUBJECT_MAX.toLocaleString('en-US')} characters`;
  if (draft.content.trim() === '') return 'Please provide a message body';
  if (draft.content.length > CONTENT_MAX) return `The message body can be at most ${CONTENT_MAX.toLocaleString('en-US')} characters`;
  return null;
}

export const templatesSpec: ConfigFormSpec<TemplatesDraft> = {
  draftOf: (config) =>
    Object.fromEntries(TEMPLATE_IDS.map((id) => [id, { subject: config[`mailer_subjects_${id}`], content: config[`mailer_templates_${id}_content`] }])) as TemplatesDraft,
  bodyOf: (draft) =>
    Object.fromEntries(TEMPLATE_IDS.flatMap((id) => [[`mailer_subjects_${id}`, draft[id].subject], [`mailer_templates_${id}_content`, draft[id].content]])),
  validate: (draft) => Object.fromEntries(TEMPLATE_IDS.map((id) => [id, templateProblem(draft[id])])),
};

export function isTemplateChanged(saved: TemplateDraft, draft: TemplateDraft): boolean {
  return saved.subject !== draft.subject || saved.content !== draft.content;
}

/** The `type` GoTrue puts in each template's confirmation link. */
const VERIFY_TYPES: Record<MailTemplate, string> = {
  confirmation: 'signup', invite: 'invite', magic_link: 'magiclink', email_change: 'email_change', recovery: 'recovery', reauthentication: 'reauthentication',
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The template with sample values in place of its variables, for the preview. Go template actions
 * the studio does not know (`{{ if ... }}`) are left as they are: the preview is not the sender.
 */
export function renderPreview(content: string, template: MailTemplate, urls: { siteUrl: string; authUrl: string }): string {
  const site = urls.siteUrl || 'http://localhost:3000';
  const samples: Record<string, string> = {
    ConfirmationURL: `${urls.authUrl}/verify?token=sample-token-hash&type=${VERIFY_TYPES[template]}&redirect_to=${encodeURIComponent(site)}`,
    Token: '123456',
    TokenHash: 'sample-token-hash',
    SiteURL: site,
    RedirectTo: site,
    Email: 'user@example.com',
    NewEmail: 'new.address@example.com',
    Data: '{}',
  };
  return content.replace(/\{\{\s*\.(\w+)((?:\.\w+)*)\s*\}\}/g, (match, name: string, path: string) => {
    if (name === 'Data' && path) return escapeHtml(`[${name}${path}]`);
    return name in samples ? escapeHtml(samples[name]) : match;
  });
}

